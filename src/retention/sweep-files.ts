import { lstatSync, readdirSync, rmdirSync } from "node:fs";
import { join } from "node:path";
import { safeUnlink } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";

/**
 * Files cairn writes per session or per compaction, which only age: per-session status
 * files, compaction snapshots, `cairn slim` backups and written-out handoffs. Config,
 * switches, install records and the log (which rotates itself) are never swept.
 */
function agingDirs(paths: CairnPaths): string[] {
  const dirs = [paths.sessions, paths.snapshots, join(paths.root, "slim")];
  for (const key of list(paths.projects)) dirs.push(join(paths.projects, key, "handoffs"));
  return dirs;
}

/**
 * The files cairn wrote from session text that only age (see agingDirs), for a pass
 * over them that keeps them: no symlink followed, nothing removed.
 */
export function forEachAgingFile(paths: CairnPaths, visit: (path: string) => void): void {
  for (const dir of agingDirs(paths)) walk(dir, 4, false, (path) => visit(path));
}

/** writeFileAtomic's temp names: `<target>.<pid>.<random>.tmp`. */
export const TEMP_FILE = /\.\d+\.[a-z0-9]+\.tmp$/;
/** A temp file this old belongs to a writer that was killed, not one still writing. */
const TEMP_GRACE_MS = 10 * 60_000;

export interface FileSweep {
  readonly files: number;
  readonly bytes: number;
}

/** Removes aged files (mtime before cutoff) and temp files left by killed writers. */
export function sweepFiles(paths: CairnPaths, cutoff: number, now: number, dryRun = false): FileSweep {
  let files = 0;
  let bytes = 0;
  const remove = (path: string, size: number) => {
    files += 1;
    bytes += size;
    if (!dryRun) safeUnlink(path);
  };
  for (const dir of agingDirs(paths))
    walk(dir, 4, true, (path, st) => {
      if (st.mtimeMs < cutoff) remove(path, st.size);
    });
  walk(paths.root, 3, false, (path, st) => {
    if (TEMP_FILE.test(path) && now - st.mtimeMs > TEMP_GRACE_MS) remove(path, st.size);
  });
  return { files, bytes };
}

type Visit = (path: string, st: { mtimeMs: number; size: number }) => void;

/**
 * Visits regular files depth-first. Symlinks are neither followed nor removed, so a
 * link planted in cairn's folder cannot point the sweep elsewhere. With prune, the
 * directories it leaves empty go too.
 */
function walk(dir: string, depth: number, prune: boolean, visit: Visit): void {
  for (const name of list(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) {
      if (depth === 0) continue;
      walk(path, depth - 1, prune, visit);
      if (!prune) continue;
      try {
        rmdirSync(path); // only succeeds when empty
      } catch {
        // Not empty: still in use.
      }
    } else if (st.isFile()) visit(path, st);
  }
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
