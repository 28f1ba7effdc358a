import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  openSync,
  statfsSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { Check } from "../core/check.ts";
import { formatMegabytes } from "../core/format.ts";
import { errorMessage } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";

/** Below this much free space, cairn's writes (originals, the WAL, logs) start failing. */
const MIN_FREE_BYTES = 64 * 1024 * 1024;
/** A probe as large as a typical stored original: an empty file can still be made on a full disk. */
const PROBE_BYTES = 64 * 1024;

/** The folder itself, or the nearest folder above it that exists (where it would be made). */
function existingAncestor(dir: string): string {
  let d = dir;
  while (!existsSync(d) && dirname(d) !== d) d = dirname(d);
  return d;
}

/**
 * Writes and removes a small file in `dir`: the one way to know a write succeeds there
 * (a full disk, a read-only mount, a folder owned by someone else).
 */
function probeWrite(dir: string): string | undefined {
  const file = join(dir, `.cairn-doctor-probe-${process.pid}`);
  let fd: number | undefined;
  try {
    fd = openSync(file, "wx", 0o600);
    writeSync(fd, Buffer.alloc(PROBE_BYTES));
    fsyncSync(fd);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOSPC" || code === "EDQUOT") return "the file system is full";
    if (code === "EROFS") return "the file system is read-only";
    return errorMessage(err);
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(file);
    } catch {}
  }
}

/**
 * Free space and write access where cairn writes: its home (database, logs, session
 * files) and the project's notebook folder. A folder not made yet is judged by the one
 * it would be made in, without making it.
 */
export function checkDisk(paths: CairnPaths, projectDir: string, minFree = MIN_FREE_BYTES): Check[] {
  const places = [
    { name: "disk (cairn home)", dir: paths.root },
    { name: "disk (project notebook)", dir: join(projectDir, ".cairn") },
  ];
  const checks: Check[] = [];
  for (const { name, dir } of places) {
    const at = existingAncestor(dir);
    let problem: string | undefined;
    try {
      if (at === dir) problem = probeWrite(dir);
      else accessSync(at, constants.W_OK);
    } catch (err) {
      problem = `${at} is not writable (${errorMessage(err)})`;
    }
    let free: number | undefined;
    try {
      const fs = statfsSync(at);
      free = Number(fs.bavail) * Number(fs.bsize);
    } catch {}
    const where = at === dir ? dir : `${dir} (not made yet; in ${at})`;
    if (problem === undefined && free !== undefined && free < minFree)
      problem = `only ${formatMegabytes(free)} free (cairn needs at least ${formatMegabytes(minFree)})`;
    if (problem)
      checks.push({
        name,
        status: "fail",
        detail: `${where}: ${problem}; meanwhile hooks fail open, so large outputs reach the model whole`,
        fix: `free space on that file system (or make it writable); \`${printedCli()} gc\` shrinks cairn's own share`,
      });
    else
      checks.push({
        name,
        status: "ok",
        detail: `${where}: writable${free !== undefined ? `, ${formatMegabytes(free)} free` : ""}`,
      });
  }
  return checks;
}
