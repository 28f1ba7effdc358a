import { closeSync, fstatSync, readSync } from "node:fs";
import { openRegularFile } from "../core/fs.ts";

/**
 * Reading the end of a transcript without reading all of it: the readers that need
 * only the latest entries (current usage, the notebook's facts, waiting for an entry
 * Claude Code is about to write) share this.
 */

/** The last `maxBytes` of a file as lines (the cut first line dropped), and whether that is the whole file. */
export function readTail(path: string, maxBytes: number): { lines: string[]; whole: boolean } {
  // The path comes from hook input: a FIFO, a device or a directory reads as empty.
  const fd = openRegularFile(path);
  if (fd === undefined) return { lines: [], whole: true };
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString("utf8").split("\n");
    if (start > 0) lines.shift();
    return { lines, whole: start === 0 };
  } finally {
    closeSync(fd);
  }
}
