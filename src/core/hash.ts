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

/**
 * The text's code units as bytes: one byte each when all are ASCII (most tool output),
 * else two. The hook hashes a filed output before V8 has optimised the loop, where each
 * step costs, so half the bytes is half the time. The length in the key keeps the two
 * encodings apart (n bytes against 2n for the same n).
 */
function bytesOf(text: string): Uint8Array {
  const ascii = Buffer.byteLength(text, "utf8") === text.length;
  return Buffer.from(text, ascii ? "latin1" : "utf16le");
}

function fingerprintOf(text: string): string {
  let bytes = bytesOf(text);
  // Four bytes a step, read as one 32-bit word: a typed-array read costs far less than
  // charCodeAt in code that is not optimised yet, and there are a quarter the steps.
  if (bytes.byteOffset % 4 !== 0) bytes = new Uint8Array(bytes);
  const m = bytes.byteLength >>> 2;
  const w = new Int32Array(bytes.buffer, bytes.byteOffset, m);
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
  // The bytes left over after the last whole word: into both lanes.
  for (let i = m * 4; i < bytes.byteLength; i++) {
    const c = bytes[i]! | 0x100;
    a1 = Math.imul(a1 ^ c, 0x01000193);
    a2 = Math.imul(a2 ^ c ^ (a1 >>> 16), 0x01000193);
    b1 = Math.imul(b1 ^ c, 0x5bd1e995);
    b2 = Math.imul(b2 ^ c ^ (b1 >>> 15), 0x27d4eb2d);
  }
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, "0");
  return `${hex(a2)}${hex(a1)}${hex(b2)}${hex(b1)}:${text.length}`;
}
