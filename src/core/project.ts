import { existsSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { isUsableDir } from "./paths.ts";

/**
 * Which project an event or a command belongs to. One rule, for both transports, every
 * hook and every command, so that what a session restores is what a command run beside
 * it writes:
 *
 * 1. The directory Claude Code names: CLAUDE_PROJECT_DIR (command hooks get it), or for
 *    a command run inside a session, the project that session's hooks were given.
 * 2. Else the session's own directory, as Claude Code keys the session (its transcript
 *    lives in `~/.claude/projects/<that directory, munged>/`): http hooks get no
 *    environment, and a `cd` in a Bash call moves the event's `cwd` below it.
 * 3. A command run outside any session: the nearest directory upward that holds a
 *    `.cairn/` folder (the notebook of a session started there), up to the repository's
 *    root; else that git root; else where it runs.
 *
 * A session started in a repository's sub-folder `pkg/` is the project `pkg/` (as for
 * Claude Code itself); `cairn state set` run in `pkg/` or below finds `pkg/.cairn`.
 */
export type ProjectSources = {
  /** What Claude Code named (CLAUDE_PROJECT_DIR, or a session's recorded project): used when it is a usable directory. */
  readonly named?: string | undefined;
} & (
  | {
      /** A hook event's session: its `cwd`, and its transcript path, which names the session's directory. */
      readonly session: { readonly cwd: string; readonly transcriptPath?: string | undefined };
    }
  | {
      /** Where a command runs: where the walk starts. */
      readonly cwd: string;
      /** The user's home: the walk stops below it (~/.cairn is cairn's own folder, not a notebook). */
      readonly home: string;
    }
);

export function projectOf(s: ProjectSources): string {
  if (s.named && isUsableDir(s.named)) return resolve(s.named);
  if ("session" in s) return sessionDir(s.session.cwd, s.session.transcriptPath);
  return walkUp(s.cwd, s.home);
}

/**
 * The session's directory: the event's cwd, or the folder above it that Claude Code
 * keyed the session's transcript by (the model may have `cd`-ed into a sub-folder).
 */
function sessionDir(cwd: string, transcriptPath: string | undefined): string {
  const start = resolve(cwd);
  if (!transcriptPath) return start;
  const key = basename(dirname(transcriptPath));
  for (let dir = start; ; dir = dirname(dir)) {
    if (keysTo(dir, key)) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/**
 * Claude Code's name for a project folder (2.1.328): every character but [A-Za-z0-9]
 * becomes "-"; a name past 200 characters is cut there and gets a hash of the path.
 */
export function claudeProjectKey(dir: string): string {
  const munged = dir.replace(/[^a-zA-Z0-9]/g, "-");
  if (munged.length <= KEY_MAX) return munged;
  let h = 0;
  for (let i = 0; i < dir.length; i++) h = ((h << 5) - h + dir.charCodeAt(i)) | 0;
  return `${munged.slice(0, KEY_MAX)}-${Math.abs(h).toString(36)}`;
}
const KEY_MAX = 200;
const keysTo = (dir: string, key: string) => claudeProjectKey(dir) === key;

/** Nearest `.cairn/` up to the git root, else the git root, else `from`; never HOME or above. */
function walkUp(from: string, home: string): string {
  const start = resolve(from);
  const stop = resolve(home);
  for (let dir = start; dir !== stop; dir = dirname(dir)) {
    if (isDir(join(dir, ".cairn"))) return dir;
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) break;
  }
  return start;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
