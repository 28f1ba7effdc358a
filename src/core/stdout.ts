import { writeSync } from "node:fs";

/**
 * The one way cairn writes to stdout, for every command: whole, whatever reads it.
 *
 * - A pipe whose reader is slower than cairn fills up. Node has put fd 1 in
 *   non-blocking mode once anything touched process.stdout, so a write then fails with
 *   EAGAIN (or writes part): wait a moment and write the rest, never drop it.
 * - A reader that has gone (`cairn show 1 | head -1`) is not an error of cairn's: the
 *   rest is discarded quietly, nothing on stderr, and the command ends as it would have.
 * - Synchronous: a command's output is all written when it returns, and nothing is
 *   left in a stream's queue when the process exits.
 */
let readerGone = false;

const PIECE = 1 << 20;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `bytes` to fd 1 (see above). `fd` is for the tests. */
export function writeStdout(bytes: Uint8Array | string, fd = 1): void {
  if (readerGone) return;
  const buf = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
  let off = 0;
  let waitMs = 1;
  while (off < buf.byteLength) {
    try {
      off += writeSync(fd, buf, off, Math.min(buf.byteLength - off, PIECE));
      waitMs = 1;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "EAGAIN" || code === "EWOULDBLOCK") {
        // The reader is behind: a short sleep, longer while it stays behind (at most 50 ms).
        Atomics.wait(pause, 0, 0, waitMs);
        waitMs = Math.min(waitMs * 2, 50);
        continue;
      }
      if (code === "EPIPE") {
        readerGone = true;
        return;
      }
      throw err;
    }
  }
}
