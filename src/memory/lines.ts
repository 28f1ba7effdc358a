import { closeSync, fstatSync, readSync } from "node:fs";
import { openRegularFile } from "../core/fs.ts";

/** Complete lines read from a byte offset, and the offset just past the last one. */
interface LineChunk {
  readonly lines: string[];
  /** Byte offset where each line ends (past its newline), parallel to `lines`. */
  readonly ends: number[];
  readonly size: number;
  /** True when the file has more complete bytes beyond this chunk. */
  readonly more: boolean;
}

/**
 * Reads whole lines from `offset`, at most about `maxBytes` of them. A line still being
 * written (no newline yet) is left for the next read, so an entry is never seen half.
 */
export function readLinesFrom(path: string, offset: number, maxBytes: number): LineChunk {
  // The path comes from hook input: a FIFO, a device or a directory has no lines to read.
  const fd = openRegularFile(path);
  if (fd === undefined) return { lines: [], ends: [], size: 0, more: false };
  try {
    const size = fstatSync(fd).size;
    if (offset >= size) return { lines: [], ends: [], size, more: false };
    const lines: string[] = [];
    const ends: number[] = [];
    const pos = offset;
    let want = Math.min(maxBytes, size - offset);
    for (;;) {
      const buf = Buffer.alloc(want);
      const n = readSync(fd, buf, 0, want, pos);
      const chunk = buf.subarray(0, n);
      let start = 0;
      let nl = chunk.indexOf(10);
      while (nl !== -1) {
        lines.push(chunk.toString("utf8", start, nl));
        ends.push(pos + nl + 1);
        start = nl + 1;
        nl = chunk.indexOf(10, start);
      }
      if (lines.length > 0 || pos + n >= size) {
        return { lines, ends, size, more: pos + n < size };
      }
      // One line longer than the chunk: read on until its newline.
      want = Math.min(want * 2, size - pos);
    }
  } finally {
    closeSync(fd);
  }
}

/** The bytes just before `offset` (up to 64), to notice a file rewritten under a saved offset. */
export function fingerprintAt(path: string, offset: number): string {
  if (offset <= 0) return "";
  const fd = openRegularFile(path);
  if (fd === undefined) return "";
  try {
    const len = Math.min(64, offset);
    const buf = Buffer.alloc(len);
    const n = readSync(fd, buf, 0, len, offset - len);
    return buf.subarray(0, n).toString("base64");
  } finally {
    closeSync(fd);
  }
}
