import { existsSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, projectStateDir } from "../core/paths.ts";

/**
 * The handoff baton: a small file in cairn's state for the project, written by
 * /handoff, saying which session's memory the next session should continue. A file
 * (not a row) so that SessionStart can tell with one stat that there is nothing to do.
 */
export interface Baton {
  readonly version: 1;
  readonly sessionId: string;
  readonly projectDir: string;
  readonly transcriptPath?: string | undefined;
  readonly createdAt: number;
}

export function batonPath(paths: CairnPaths, projectDir: string): string {
  return join(projectStateDir(paths, projectDir), "handoff.json");
}

export function hasBaton(paths: CairnPaths, projectDir: string): boolean {
  return existsSync(batonPath(paths, projectDir));
}

export function writeBaton(paths: CairnPaths, baton: Baton): string {
  const path = batonPath(paths, baton.projectDir);
  writeFileAtomic(path, `${JSON.stringify(baton)}\n`);
  return path;
}

export function readBaton(paths: CairnPaths, projectDir: string): Baton | undefined {
  return parseBaton(batonPath(paths, projectDir));
}

function parseBaton(path: string): Baton | undefined {
  try {
    const b = JSON.parse(readFileSync(path, "utf8")) as Partial<Baton>;
    if (b.version !== 1 || typeof b.sessionId !== "string" || typeof b.createdAt !== "number")
      return undefined;
    if (typeof b.projectDir !== "string") return undefined;
    // A path of another type would reach the transcript reader (a number is a file descriptor).
    if (b.transcriptPath !== undefined && typeof b.transcriptPath !== "string") return undefined;
    return b as Baton;
  } catch {
    return undefined;
  }
}

export function removeBaton(paths: CairnPaths, projectDir: string): boolean {
  const path = batonPath(paths, projectDir);
  const had = existsSync(path);
  safeUnlink(path);
  return had;
}

export function isFresh(baton: Baton, now: number, ttlMin: number): boolean {
  return now - baton.createdAt <= ttlMin * 60_000 && baton.createdAt <= now + 60_000;
}

/** A baton taken by one session: no other process can take it any more. */
interface ClaimedBaton {
  readonly baton: Baton | undefined;
  /** The handoff happened: the baton is gone for good. */
  consumed(): void;
  /** Something failed before the merge: put the baton back for the next session. */
  release(): void;
}

/**
 * Takes the baton with a rename, which is atomic: of two sessions starting at once,
 * exactly one gets it, so a handoff never fires twice.
 */
export function claimBaton(paths: CairnPaths, projectDir: string): ClaimedBaton | undefined {
  const path = batonPath(paths, projectDir);
  const claimed = `${path}.${process.pid}.${Date.now()}.claimed`;
  try {
    renameSync(path, claimed);
  } catch {
    return undefined;
  }
  return {
    baton: parseBaton(claimed),
    consumed: () => safeUnlink(claimed),
    release: () => {
      try {
        // Never overwrite a newer baton written in the meantime.
        if (!existsSync(path)) renameSync(claimed, path);
        else safeUnlink(claimed);
      } catch {
        safeUnlink(claimed);
      }
    },
  };
}
