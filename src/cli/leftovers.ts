import { existsSync, rmdirSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The folders above a file that do not exist yet, nearest first: what writing the file
 * will create, so uninstall can take away exactly those again.
 */
export function absentDirs(file: string): string[] {
  const out: string[] = [];
  for (let d = dirname(file); !existsSync(d); d = dirname(d)) {
    out.push(d);
    if (dirname(d) === d) break;
  }
  return out;
}

/** Removes the folders cairn created that are empty now, deepest first; any other stays. */
export function removeEmptyDirs(dirs: readonly string[]): string[] {
  const removed: string[] = [];
  for (const d of [...new Set(dirs)].sort((a, b) => b.length - a.length)) {
    try {
      // rmdir refuses a folder with anything in it: only an empty one goes.
      rmdirSync(d);
      removed.push(d);
    } catch {
      // Not empty, or already gone.
    }
  }
  return removed;
}
