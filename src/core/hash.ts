/**
 * FNV-1a, 64-bit, as hex: a short stable key for file and directory names (project
 * keys, sanitised ids). Not for secrets; chosen because loading node:crypto costs a
 * hook more than the whole of its own work.
 */
export function fnv1a64(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c ^ (h1 >>> 16), 0x01000193) >>> 0;
  }
  return h2.toString(16).padStart(8, "0") + h1.toString(16).padStart(8, "0");
}

/**
 * A content fingerprint for "is this the same text": two independent 64-bit FNV-style
 * passes (different seeds, one run backwards) plus the length. Not cryptographic, so
 * the hook path never loads node:crypto; a chance collision is out of reach (about
 * 2^-128), a crafted one is not, which is why nothing that guards a secret uses it.
 */
export function fingerprint(text: string): string {
  // A filed output is looked up and then remembered under the same key: hash it once.
  // Short texts (call keys) are hashed in passing, so they never push the output out.
  if (text.length < REMEMBER_FROM) return fingerprintOf(text);
  if (last && last.text === text) return last.hash;
  const hash = fingerprintOf(text);
  last = { text, hash };
  return hash;
}

const REMEMBER_FROM = 1024;
let last: { readonly text: string; readonly hash: string } | undefined;

/** Where a text's bytes go to be hashed: a view that grows with the longest text so far. */
interface Hasher {
  /** Mixes the first `words` 32-bit words of `bytes` (from offset 16) into lanes at offsets 0–15. */
  mix(words: number): void;
  bytes(size: number): Uint8Array;
}

/**
 * The loop below as WebAssembly, which runs compiled from its first step, where the same
 * loop in JavaScript is interpreted until V8 optimises it (a filed output is hashed once
 * per process, so it never is): about 1.5 ms for 50 KB, against a few hundredths. The
 * module (219 bytes, assembled by scripts/mix-wasm.ts, its source) exports its memory `m` and `h(words)`, which runs
 * exactly `mixWords` on the words from offset 16 and stores a1, a2, b1, b2 at 0, 4, 8, 12:
 *   (func (param $m i32) (local $i $a1 $a2 $b1 $b2 $c $d i32)
 *     a1..b2 := the seeds; loop while i < m: c := load(16 + 4i); d := load(16 + 4(m-1-i));
 *     the four updates of mixWords; i++;  then store a1 a2 b1 b2)
 * Where WebAssembly is unavailable (node --jitless), the JavaScript loop does it.
 */
export const MIX_WASM =
  "AGFzbQEAAAABBQFgAX8AAwIBAAUDAQABBwkCAW0CAAFoAAAKtQEBsgEBB39BxbvyiHghAkHkucrffCEDQbnz3fF5IQRB65Svr3ghBQJAA0AgASAATw0BIAFBAnQoAhAhBiACIAZzQZODgAhsIQIgAyAGcyACQRB2c0GTg4AIbCEDIABBAWsgAWtBAnQoAhAhByAEIAdzQZXTx94FbCEEIAUgB3MgBEEPdnNBrdbTvgJsIQUgAUEBaiEBDAALC0EAIAI2AgBBACADNgIEQQAgBDYCCEEAIAU2AgwL";

let hasher: Hasher | null | undefined;

function wasmHasher(): Hasher | null {
  if (hasher !== undefined) return hasher;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(MIX_WASM, "base64")));
    const memory = instance.exports.m as WebAssembly.Memory;
    const h = instance.exports.h as (words: number) => void;
    hasher = {
      mix: h,
      bytes(size) {
        const need = Math.ceil((size + 16) / 65536) - memory.buffer.byteLength / 65536;
        if (need > 0) memory.grow(need);
        return new Uint8Array(memory.buffer);
      },
    };
  } catch {
    hasher = null;
  }
  return hasher;
}

/** A module whose memory grew past this is dropped after use, its memory with it. */
const KEEP_MEMORY_UP_TO = 4 * 1024 * 1024;

/** Texts shorter than this are hashed in JavaScript: setting up the module costs more. */
const WASM_FROM = 4096;

/**
 * A text's code units as bytes: one byte each when all are ASCII (most tool output), else
 * two; the length in the key keeps the two encodings apart (n bytes against 2n for the
 * same n). Whole 32-bit words are mixed by WebAssembly or `mixWords`, the last bytes here.
 */
function fingerprintOf(text: string, engine: "wasm" | "js" = "wasm"): string {
  const encoding = Buffer.byteLength(text, "utf8") === text.length ? "latin1" : "utf16le";
  const size = encoding === "latin1" ? text.length : text.length * 2;
  const wasm = engine === "wasm" && size >= WASM_FROM ? wasmHasher() : null;
  let bytes: Uint8Array;
  let lanes: [number, number, number, number];
  if (wasm) {
    const memory = wasm.bytes(size);
    Buffer.from(memory.buffer, 16, size).write(text, encoding);
    wasm.mix(size >>> 2);
    const out = new Int32Array(memory.buffer, 0, 4);
    lanes = [out[0]!, out[1]!, out[2]!, out[3]!];
    bytes = memory.subarray(16, 16 + size);
    // A long-lived process (the http transport) does not keep a huge output's copy.
    if (size > KEEP_MEMORY_UP_TO) hasher = undefined;
  } else {
    bytes = Buffer.from(text, encoding);
    if (bytes.byteOffset % 4 !== 0) bytes = new Uint8Array(bytes);
    lanes = mixWords(new Int32Array(bytes.buffer, bytes.byteOffset, size >>> 2));
  }
  let [a1, a2, b1, b2] = lanes;
  // The bytes left over after the last whole word: into both lanes.
  for (let i = size & ~3; i < size; i++) {
    const c = bytes[i]! | 0x100;
    a1 = Math.imul(a1 ^ c, 0x01000193);
    a2 = Math.imul(a2 ^ c ^ (a1 >>> 16), 0x01000193);
    b1 = Math.imul(b1 ^ c, 0x5bd1e995);
    b2 = Math.imul(b2 ^ c ^ (b1 >>> 15), 0x27d4eb2d);
  }
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, "0");
  return `${hex(a2)}${hex(a1)}${hex(b2)}${hex(b1)}:${text.length}`;
}

/** Two FNV-style 64-bit lanes, one over the words forwards and one backwards. */
function mixWords(w: Int32Array): [number, number, number, number] {
  const m = w.length;
  let a1 = 0x811c9dc5;
  let a2 = 0xcbf29ce4;
  let b1 = 0x9e3779b9;
  let b2 = 0x85ebca6b;
  for (let i = 0; i < m; i++) {
    const c = w[i]!;
    a1 = Math.imul(a1 ^ c, 0x01000193);
    a2 = Math.imul(a2 ^ c ^ (a1 >>> 16), 0x01000193);
    const d = w[m - 1 - i]!;
    b1 = Math.imul(b1 ^ d, 0x5bd1e995);
    b2 = Math.imul(b2 ^ d ^ (b1 >>> 15), 0x27d4eb2d);
  }
  return [a1, a2, b1, b2];
}

/** The fingerprint computed by the JavaScript loop alone (tests hold the two engines equal). */
export function fingerprintInJs(text: string): string {
  return fingerprintOf(text, "js");
}
