/**
 * Line access on large buffers without splitting them: the byte offset where each
 * line starts, found with indexOf over the raw bytes (fast on 50 MB).
 */
export function lineStarts(buf: Uint8Array): number[] {
  const starts = [0];
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  let i = b.indexOf(10);
  while (i !== -1) {
    if (i + 1 < b.length) starts.push(i + 1);
    i = b.indexOf(10, i + 1);
  }
  if (b.length === 0) return [];
  return starts;
}

/** Lines from..to (1-based, inclusive) as raw bytes, with their trailing newlines. */
export function sliceLines(buf: Uint8Array, starts: readonly number[], from: number, to: number): Uint8Array {
  const a = Math.max(1, from);
  const z = Math.min(starts.length, to);
  if (a > z) return new Uint8Array(0);
  const begin = starts[a - 1]!;
  const end = z < starts.length ? starts[z]! : buf.byteLength;
  return buf.subarray(begin, end);
}
