import type { SecretSpan } from "./judge.ts";

/**
 * Secrets written as base64 under a key that says nothing (a Kubernetes Secret's
 * `data:` block, `DATABASE_URL: cG9zdGdyZXM6Ly9…`, `config.json: eyJwYXNzd29yZCI6…`):
 * a base64 value that decodes to text is read once more by the masker's detectors,
 * and if that text holds a secret the whole value is masked.
 *
 * Cheap by construction. Only a run where a value stands is a candidate: after `:`,
 * `=`, a quote, `>` or a line break (and blanks), so identifiers inside code are not
 * even read. Its first 12 bytes must be text: base64 of an ASCII character or a line
 * break begins with `C`, `D`, `I`-`Z` or `a`-`f`, so every fourth character of the
 * first sixteen is one of those (UUIDs, hex digests, camelCase names fail at once,
 * and a run is at least 16 characters). A run longer than MAX is not decoded, the
 * decoded bytes must be text (images, hashes, keys, compressed data are binary and
 * stop there), and the decoded text is searched by the detectors alone: no second
 * decoding, so one level. On the repository's real outputs and transcripts this pass
 * adds 6 to 17% to the masker's CPU time.
 */

/** Longest value decoded (8 KB, as far as any value is read). */
const MAX = 8192;

/**
 * A run of the base64 alphabets (standard and url-safe) with its padding where a
 * value stands, read whole (not followed by more of the alphabet). An anchor reads
 * only its own run (the anchors are not in the alphabet, but for `=`, which ends a
 * run), so the scan is linear.
 */
const RUN =
  /[:="'>\n][ \t]{0,16}((?:[CDI-Za-f][A-Za-z0-9+/_-]{3}){4}[A-Za-z0-9+/_-]*={0,2})(?![A-Za-z0-9+/_=-])/g;

/** Base64 holds one alphabet: `+/` (standard) or `-_` (url-safe), never both; no stray padding length. */
function shapeOf(run: string): "base64" | "base64url" | undefined {
  const body = run.replace(/=+$/, "");
  if (body.length % 4 === 1) return undefined;
  if (run.length > body.length && run.length % 4 !== 0) return undefined;
  const standard = /[+/]/.test(body);
  const url = /[-_]/.test(body);
  if (standard && url) return undefined;
  return url ? "base64url" : "base64";
}

/**
 * The decoded text if the bytes are text: valid UTF-8 with at most one control
 * character (tab, line feed and carriage return aside) in 32. Random bytes fail
 * (an eighth of them are control characters and most high bytes are not UTF-8).
 */
const UTF8 = new TextDecoder("utf-8", { fatal: true });
function asText(bytes: Uint8Array): string | undefined {
  let control = 0;
  for (const b of bytes) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) control++;
  if (control * 32 > bytes.length) return undefined;
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The base64 values of a text whose decoded text holds a secret for `find` (the
 * masker's detectors, never this function again), each as a span over the value.
 */
export function encodedSecrets(text: string, find: (decoded: string) => readonly SecretSpan[]): SecretSpan[] {
  const found: SecretSpan[] = [];
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m; m = RUN.exec(text)) {
    const run = m[1]!;
    if (run.length > MAX) continue;
    const shape = shapeOf(run);
    if (shape === undefined) continue;
    const decoded = asText(Buffer.from(run, shape));
    if (decoded === undefined || find(decoded).length === 0) continue;
    const end = m.index + m[0].length;
    found.push({ start: end - run.length, end, kind: "base64-secret" });
  }
  return found;
}
