import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";

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

type PersistedOutput =
  | { readonly ok: true; readonly text: string }
  /** Too large to read whole: its last bytes, where the exit marker is. */
  | { readonly ok: true; readonly text?: undefined; readonly tail: string; readonly size: number }
  | { readonly ok: false; readonly why: string };

/** The tool-results folder of the event's session, from its transcript path; undefined when the path is not Claude Code's shape. */
export function toolResultsDir(transcriptPath: string, sessionId: string): string | undefined {
  if (!isAbsolute(transcriptPath) || basename(transcriptPath) !== `${sessionId}.jsonl`) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(sessionId)) return undefined;
  const projectDir = dirname(transcriptPath);
  if (basename(dirname(projectDir)) !== "projects") return undefined;
  return join(projectDir, sessionId, "tool-results");
}

export function readPersistedOutput(
  path: string,
  transcriptPath: string,
  sessionId: string,
  maxBytes: number = PERSISTED_MAX_BYTES,
): PersistedOutput {
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
    if (!st.isFile()) return { ok: false, why: "not a regular file" };
    if (st.size <= maxBytes) {
      const buf = Buffer.alloc(st.size);
      const n = readAll(fd, buf, 0);
      return { ok: true, text: buf.subarray(0, n).toString("utf8") };
    }
    const tailLen = Math.min(TAIL_BYTES, st.size);
    const buf = Buffer.alloc(tailLen);
    const n = readAll(fd, buf, st.size - tailLen);
    return { ok: true, tail: buf.subarray(0, n).toString("utf8"), size: st.size };
  } finally {
    closeSync(fd);
  }
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
