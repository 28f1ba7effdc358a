import { writeSync } from "node:fs";

/** Writes bytes to stdout synchronously, in 1 MB pieces, all of them (a 50 MB original too). */
export function writeStdout(bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.byteLength) off += writeSync(1, bytes, off, Math.min(bytes.byteLength - off, 1 << 20));
}
