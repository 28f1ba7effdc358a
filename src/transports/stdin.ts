import { fstatSync, read, readSync } from "node:fs";

export interface StdinRead {
  readonly text: string;
  readonly bytes: number;
  readonly oversize: boolean;
}

/** True while a read of fd 0 waits in libuv's thread pool (the hook process must then end by SIGKILL). */
export const stdinPending = { value: false };

/** Keeps what arrives up to maxBytes; past it keeps counting (so the writer never blocks) but nothing more. */
class Collected {
  private readonly chunks: Buffer[] = [];
  private readonly maxBytes: number;
  bytes = 0;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes <= this.maxBytes) this.chunks.push(chunk);
    else this.chunks.length = 0;
  }

  result(): StdinRead {
    if (this.bytes > this.maxBytes) return { text: "", bytes: this.bytes, oversize: true };
    return { text: Buffer.concat(this.chunks).toString("utf8"), bytes: this.bytes, oversize: false };
  }
}

/**
 * Reads all of stdin. A regular file is read synchronously (it ends). Anything else (the
 * socket or pipe Claude Code gives, a device such as /dev/zero) is read with fs.read,
 * whose wait happens in libuv's thread pool: the event loop, and with it the hook's
 * hard timer, keeps running (a synchronous read would starve it), and Node's stream
 * machinery, which costs more than the read, is not loaded.
 */
export async function readStdin(maxBytes: number): Promise<StdinRead> {
  const got = new Collected(maxBytes);
  let regular = false;
  try {
    regular = fstatSync(0).isFile();
  } catch {
    // No stdin at all: read through the stream, which ends at once.
    return readStdinStream(got);
  }
  const buf = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = regular ? readSync(0, buf, 0, buf.length, null) : await readChunk(buf);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "EAGAIN") return readStdinStream(got); // a non-blocking stdin
      if (code === "EOF") break;
      throw err;
    }
    if (n === 0) break;
    got.push(Buffer.from(buf.subarray(0, n)));
  }
  return got.result();
}

function readChunk(buf: Buffer): Promise<number> {
  stdinPending.value = true;
  return new Promise((resolve, reject) =>
    read(0, buf, 0, buf.length, null, (err, n) => {
      stdinPending.value = false;
      if (err) reject(err);
      else resolve(n);
    }),
  );
}

async function readStdinStream(got: Collected): Promise<StdinRead> {
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) got.push(chunk);
  return got.result();
}
