import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readJsonIfExists, safeUnlink } from "../core/fs.ts";
import { type CairnPaths, safeId } from "../core/paths.ts";

/** The files of one wrapped Bash call: its command text, its output so far, and who it belongs to. */
export interface RunFiles {
  readonly id: string;
  readonly commandFile: string;
  readonly spoolFile: string;
  readonly metaFile: string;
}

export interface RunMeta {
  readonly sessionId: string;
  readonly toolUseId: string;
  readonly command: string;
  readonly projectDir: string;
  readonly createdAt: number;
}

export function runDir(paths: CairnPaths): string {
  return join(paths.root, "run");
}

export function runFiles(paths: CairnPaths, toolUseId: string): RunFiles {
  const id = safeId(toolUseId);
  const dir = runDir(paths);
  return {
    id,
    commandFile: join(dir, `${id}.sh`),
    spoolFile: join(dir, `${id}.out`),
    metaFile: join(dir, `${id}.json`),
  };
}

export function readMeta(files: RunFiles): RunMeta | undefined {
  return readJsonIfExists<RunMeta>(files.metaFile);
}

export function removeRunFiles(files: RunFiles): void {
  safeUnlink(files.commandFile);
  safeUnlink(files.spoolFile);
  safeUnlink(files.metaFile);
}

/** Leftovers of calls whose shell was killed before the runner ran; older than a day they go. */
export function sweepRunDir(paths: CairnPaths, now: number, maxAgeMs = 24 * 3600_000): void {
  let names: string[];
  try {
    names = readdirSync(runDir(paths));
  } catch {
    return;
  }
  for (const name of names) {
    const p = join(runDir(paths), name);
    try {
      if (now - statSync(p).mtimeMs > maxAgeMs) safeUnlink(p);
    } catch {
      // Gone meanwhile.
    }
  }
}
