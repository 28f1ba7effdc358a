import { existsSync } from "node:fs";
import { join } from "node:path";
import { ensureDir, safeUnlink, writeFileAtomic } from "./fs.ts";
import { type CairnPaths, projectStateDir } from "./paths.ts";

/**
 * The kill switches are marker files, so checking them costs one stat and needs no
 * parser: the global one turns every hook into a no-op, the per-project one does that
 * for one project (kept in cairn's own state, not in the project's tree).
 */
export function projectOffPath(paths: CairnPaths, projectDir: string): string {
  return join(projectStateDir(paths, projectDir), "off");
}

export function isOff(paths: CairnPaths, projectDir?: string): "global" | "project" | false {
  if (existsSync(paths.offSwitch)) return "global";
  if (projectDir && existsSync(projectOffPath(paths, projectDir))) return "project";
  return false;
}

export function setSwitch(paths: CairnPaths, on: boolean, projectDir?: string): string {
  const marker = projectDir ? projectOffPath(paths, projectDir) : paths.offSwitch;
  if (on) {
    safeUnlink(marker);
  } else {
    ensureDir(paths.root);
    writeFileAtomic(marker, `${new Date().toISOString()}\n${projectDir ?? ""}\n`);
  }
  return marker;
}
