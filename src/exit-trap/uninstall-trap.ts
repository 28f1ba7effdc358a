import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { claudeDir } from "../claude/paths.ts";
import { readRegularText, safeUnlink, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { armingBase } from "./arming.ts";
import { withoutExitTrap } from "./exit-marker.ts";

/** Claude Code's env files, one per SessionStart hook: `~/.claude/session-env/<session>/sessionstart-hook-<n>.sh`. */
const ENV_FILE = /^sessionstart-hook-\d+\.sh$/;

/**
 * `cairn uninstall`: takes cairn's exit trap out of every session's env file (Claude
 * Code runs that text again for a resumed session) and drops every arming not used
 * yet. The trap does not act unarmed anyway; this leaves nothing of cairn behind. Links
 * are neither followed nor rewritten; other hooks' lines stay as they were.
 */
export function removeExitTraps(paths: CairnPaths, say: (line: string) => void, env = process.env): number {
  let changed = 0;
  const root = join(claudeDir(env), "session-env");
  for (const session of dirs(root)) {
    for (const name of list(join(root, session))) {
      const path = join(root, session, name);
      const st = ENV_FILE.test(name) ? lstatSync(path, { throwIfNoEntry: false }) : undefined;
      if (!st?.isFile()) continue;
      const text = readRegularText(path, 1024 * 1024);
      if (text === undefined) continue;
      const without = withoutExitTrap(text);
      if (without === text) continue;
      writeFileAtomic(path, without, st.mode & 0o777);
      changed += 1;
    }
  }
  for (const session of dirs(paths.sessions)) {
    const base = armingBase(paths, session);
    safeUnlink(`${base}.armed`);
    safeUnlink(`${base}.used`);
  }
  if (changed > 0)
    say(`removed cairn's exit trap from ${changed} Claude Code session env file${changed === 1 ? "" : "s"}`);
  return changed;
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The real directories in `dir` (a link to one is not followed). */
function dirs(dir: string): string[] {
  return list(dir).filter((name) => lstatSync(join(dir, name), { throwIfNoEntry: false })?.isDirectory());
}
