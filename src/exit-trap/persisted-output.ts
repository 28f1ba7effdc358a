import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";
import { type Deadline, NO_DEADLINE } from "../core/deadline.ts";

/**
 * Claude Code spills a Bash output over 30,000 characters to
 * `<projects>/<project>/<session>/tool-results/<id>.txt` before PostToolUse and names
 * the file in `persistedOutputPath`. The event is input like any other: a crafted one
 * must not turn the hook into a read of the user's files. So the path is read only
 * when, after resolving links, it is a regular file directly inside the tool-results
 * folder of the session the event belongs to (found beside its transcript), and only
 * up to a size cap.
 */

/** Past this, the output is filed from what the hook received (only the tail is read, for the exit marker). */
const PERSISTED_MAX_BYTES = 64 * 1024 * 1024;
const TAIL_BYTES = 4096;
/** Read and decoded this much at a time, the deadline checked in between. */
const CHUNK_BYTES = 8 * 1024 * 1024;

type Refused = { readonly ok: false; readonly why: string };
/** Too large to read whole, or only the end asked for: its last bytes, where the exit marker is. */
type Tail = { readonly ok: true; readonly text?: undefined; readonly tail: string; readonly size: number };
type PersistedOutput = { readonly ok: true; readonly text: string } | Tail | Refused;

/** The tool-results folder of the event's session, from its transcript path; undefined when the path is not Claude Code's shape. */
export function toolResultsDir(transcriptPath: string, sessionId: string): string | undefined {
  if (!isAbsolute(transcriptPath) || basename(transcriptPath) !== `${sessionId}.jsonl`) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(sessionId)) return undefined;
  const projectDir = dirname(transcriptPath);
  if (basename(dirname(projectDir)) !== "projects") return undefined;
  return join(projectDir, sessionId, "tool-results");
}

/** An open spill file that passed every check, or why it was refused. */
type Opened = { readonly ok: true; readonly fd: number; readonly size: number } | Refused;

function openPersisted(path: string, transcriptPath: string, sessionId: string): Opened {
  const dir = toolResultsDir(transcriptPath, sessionId);
  if (!dir) return { ok: false, why: "the transcript path is not where Claude Code keeps transcripts" };
  let realDir: string;
  let realFile: string;
  try {
    realDir = realpathSync(dir);
    realFile = realpathSync(path);
  } catch {
    return { ok: false, why: "the file or the session's tool-results folder does not exist" };
  }
  if (dirname(realFile) !== realDir)
    return { ok: false, why: "not inside the session's tool-results folder" };
  let fd: number;
  try {
    // The resolved path, without following links again; O_NONBLOCK so a FIFO cannot hang the open.
    fd = openSync(realFile, constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch {
    return { ok: false, why: "cannot be opened" };
  }
  try {
    const st = fstatSync(fd);
    if (st.isFile()) return { ok: true, fd, size: st.size };
  } catch {
    // Unreadable metadata: refused like anything else that is not a regular file.
  }
  closeSync(fd);
  return { ok: false, why: "not a regular file" };
}

/**
 * The whole spill file, read and decoded a chunk at a time with the deadline checked in
 * between (64 MB take a noticeable part of a small budget); only its tail when it is
 * over `maxBytes`.
 */
export function readPersistedOutput(
  path: string,
  transcriptPath: string,
  sessionId: string,
  deadline: Deadline = NO_DEADLINE,
  maxBytes: number = PERSISTED_MAX_BYTES,
): PersistedOutput {
  const opened = openPersisted(path, transcriptPath, sessionId);
  if (!opened.ok) return opened;
  const { fd, size } = opened;
  try {
    if (size > maxBytes) return { ok: true, tail: readTail(fd, size), size };
    const buf = Buffer.alloc(size);
    let n = 0;
    while (n < size) {
      deadline.check("reading Claude Code's spill file");
      const got = readAll(fd, buf.subarray(n, Math.min(size, n + CHUNK_BYTES)), n);
      if (got === 0) break;
      n += got;
    }
    return { ok: true, text: decodeWithin(buf.subarray(0, n), deadline) };
  } finally {
    closeSync(fd);
  }
}

/** The spill file's last bytes, where the exit marker is: cheap whatever its size. */
export function readPersistedTail(path: string, transcriptPath: string, sessionId: string): Tail | Refused {
  const opened = openPersisted(path, transcriptPath, sessionId);
  if (!opened.ok) return opened;
  try {
    return { ok: true, tail: readTail(opened.fd, opened.size), size: opened.size };
  } finally {
    closeSync(opened.fd);
  }
}

function readTail(fd: number, size: number): string {
  const buf = Buffer.alloc(Math.min(TAIL_BYTES, size));
  const n = readAll(fd, buf, size - buf.length);
  return buf.subarray(0, n).toString("utf8");
}

/** UTF-8 in pieces cut before a character's first byte, so no character is split. */
function decodeWithin(buf: Buffer, deadline: Deadline): string {
  if (buf.length <= CHUNK_BYTES) return buf.toString("utf8");
  const parts: string[] = [];
  let from = 0;
  while (from < buf.length) {
    deadline.check("decoding Claude Code's spill file");
    let to = Math.min(buf.length, from + CHUNK_BYTES);
    // 0b10xxxxxx continues a character; at most 3 of them follow its first byte.
    for (let back = 0; back < 3 && to < buf.length && (buf[to]! & 0xc0) === 0x80; back++) to--;
    parts.push(buf.toString("utf8", from, to));
    from = to;
  }
  return parts.join("");
}

function readAll(fd: number, buf: Buffer, position: number): number {
  let off = 0;
  while (off < buf.length) {
    const n = readSync(fd, buf, off, buf.length - off, position + off);
    if (n === 0) break;
    off += n;
  }
  return off;
}
