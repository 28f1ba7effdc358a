import { lstatSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { CairnPaths } from "../core/paths.ts";

/**
 * Before cairn stopped wrapping Bash commands, its runner kept each command's text and
 * raw, unmasked output in ~/.cairn/run/ until a 24-hour sweep, which is gone with the
 * runner. Whatever an older cairn left there is removed (a link is removed, never followed).
 */
export function removeOldSpool(paths: CairnPaths): boolean {
  const dir = join(paths.root, "run");
  try {
    lstatSync(dir);
  } catch {
    return false;
  }
  rmSync(dir, { recursive: true, force: true });
  return true;
}
