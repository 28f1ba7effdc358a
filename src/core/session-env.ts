import { existsSync, lstatSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

/**
 * What the environment can be trusted with under Claude Code. Claude Code applies a
 * repository's `.claude/settings.json` `env` to its own environment, so every hook and
 * every command the agent runs inherits it, and a hook cannot tell it from the user's
 * shell. Verified on 2.1.328: such an `env` reaches hooks and Bash with CAIRN_* and
 * PG* variables as written, but not HOME, CLAUDECODE, CLAUDE_CODE_SESSION_ID, nor (in
 * hooks) CLAUDE_PROJECT_DIR, which Claude Code sets after it.
 */

/** Whether this process runs under Claude Code: a hook, the Bash tool, or what they start. */
export function insideClaudeCode(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.CLAUDECODE || env.CLAUDE_CODE_SESSION_ID);
}

/**
 * Whether CAIRN_HOME may be used as cairn's home inside a Claude Code session, where a
 * repository could have set it: its config.yaml would count as the user's own (team.url,
 * http.*, every setting a repository may not loosen) and the database would be written
 * there. So it must already exist as a real directory of this user, private (no access
 * for group or others: what cairn creates), reached through no directory another user
 * could change, and outside the session's project and any git work tree (a repository
 * can name a path inside itself; outside, it knows none it controls).
 */
export function trustedCairnHome(
  root: string,
  env: NodeJS.ProcessEnv,
  uid: number | undefined = process.getuid?.(),
): boolean {
  if (uid === undefined) return false;
  try {
    const st = lstatSync(root);
    if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) return false;
    if (inWorkTree(root)) return false;
    for (let dir = dirname(root); ; dir = dirname(dir)) {
      const up = lstatSync(dir);
      if (up.uid !== uid && up.uid !== 0) return false;
      // Writable by others without the sticky bit (/tmp has it): they could swap root.
      if ((up.mode & 0o002) !== 0 && (up.mode & 0o1000) === 0) return false;
      if (dirname(dir) === dir) break;
    }
  } catch {
    return false;
  }
  const project = env.CLAUDE_PROJECT_DIR;
  return !project || !within(root, resolve(project));
}

/** Whether the directory or one above it holds a `.git` (a work tree's root). */
function inWorkTree(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, ".git"))) return true;
    if (dirname(d) === d) return false;
  }
}

function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`);
}
