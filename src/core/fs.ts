import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { failpoint } from "./failpoint.ts";
import { fnv1a64 } from "./hash.ts";

/** cairn's files are for their owner only: directories 0700, files 0600. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
}

/**
 * Takes group and other permissions off a file or directory cairn owns that exists
 * already: a mode given at creation does nothing for a file made earlier (by an older
 * cairn, a copy, a umask, or SQLite making -wal/-shm with the mode of its day). Only
 * our own, non-link entries are touched; anything else is left as it is.
 */
export function tightenMode(path: string, mode: number = FILE_MODE): void {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink() || (process.getuid && st.uid !== process.getuid())) return;
    if ((st.mode & 0o777 & ~mode) !== 0) chmodSync(path, st.mode & 0o777 & mode);
  } catch {
    // Missing, or not ours to change: nothing to tighten.
  }
}

// Random, not a counter: each lazily loaded file of the build has its own copy of
// this module, so a module-level counter could repeat within one process.
const tmpSuffix = () => Math.random().toString(36).slice(2, 10);

/**
 * Writes a file so that readers see either the old or the new content, never half:
 * write a sibling temp file, fsync it, rename it over the target. `durable: false`
 * skips the fsync, for files derived from the database that the next hook rewrites
 * anyway: an fsync costs a hook a millisecond or two, and tens on a busy disk.
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode: number = FILE_MODE,
  { durable = true }: { durable?: boolean } = {},
): void {
  ensureDir(dirname(path));
  const tmp = `${path}.${process.pid}.${tmpSuffix()}.tmp`;
  const fd = openSync(tmp, "w", mode);
  try {
    writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
    failpoint("atomic:written");
    if (durable) fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    safeUnlink(tmp);
    throw err;
  }
  closeSync(fd);
  failpoint("atomic:rename");
  try {
    renameSync(tmp, path);
  } catch (err) {
    safeUnlink(tmp);
    throw err;
  }
}

/**
 * A one-line file that a hook rewrites on every call while another process may be
 * reading it (the statusline's session summary). Written in place at offset 0, over
 * whatever the file held (the rest padded with spaces), so the file system neither
 * allocates nor frees blocks: replacing it by a rename, as writeFileAtomic does, cost a
 * hook 1.7 ms a call on ext4 (a rename over a file forces the new file's blocks to be
 * allocated, and the old file's are freed), against 0.15 ms in place. A reader may catch
 * a write half done, so the line carries its text's hash and readInPlace turns away a
 * line whose text does not match it. The file is made, the first time, by a rename.
 */
export function writeInPlace(path: string, text: string): void {
  if (text.includes("\n")) throw new Error("writeInPlace takes one line");
  const line = Buffer.from(`${fnv1a64(text)} ${text}\n`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    if (!isNotFound(err)) throw err;
    writeFileAtomic(path, line, FILE_MODE, { durable: false });
    return;
  }
  try {
    const size = fstatSync(fd).size;
    const out = size > line.length ? Buffer.concat([line, Buffer.alloc(size - line.length, " ")]) : line;
    writeSync(fd, out, 0, out.length, 0);
  } finally {
    closeSync(fd);
  }
}

/** The text writeInPlace wrote, or undefined when there is none or it was caught half written. */
export function readInPlace(path: string): string | undefined {
  const content = readTextIfExists(path);
  if (content === undefined) return undefined;
  const end = content.indexOf("\n");
  const space = content.indexOf(" ");
  if (end < 0 || space < 0 || space > end) return undefined;
  const text = content.slice(space + 1, end);
  return fnv1a64(text) === content.slice(0, space) ? text : undefined;
}

/**
 * Opens a file for reading only when it is a regular file; undefined otherwise (or when
 * it cannot be opened). Paths that arrive in hook input (a transcript, a file the agent
 * read) may name a FIFO, whose plain open blocks the whole process until a writer comes
 * (a synchronous open that no timer can interrupt), a device such as /dev/zero that
 * never ends, a directory, or a symlink loop. O_NONBLOCK lets the open return at once
 * whatever the file is (it changes nothing for a regular file's reads); the fstat then
 * turns away anything that is not a regular file.
 */
export function openRegularFile(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    if (fstatSync(fd).isFile()) return fd;
  } catch {
    // Unreadable metadata: treated like any other file cairn cannot read.
  }
  closeSync(fd);
  return undefined;
}

/**
 * The text of a path named by someone else (a hook input): undefined when it is not a
 * regular file or is larger than maxBytes, so a FIFO, a device or a huge file can
 * neither hang a hook nor exhaust its memory.
 */
export function readRegularText(path: string, maxBytes: number): string | undefined {
  const fd = openRegularFile(path);
  if (fd === undefined) return undefined;
  try {
    if (fstatSync(fd).size > maxBytes) return undefined;
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

export function readTextIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

export function readJsonIfExists<T = unknown>(path: string): T | undefined {
  const text = readTextIfExists(path);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function safeUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone is the state we wanted.
  }
}

export function isNotFound(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "ENOENT";
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
