import { existsSync } from "node:fs";
import { cairnHome, cairnPaths, homeDir } from "../core/paths.ts";
import { projectOf } from "../core/project.ts";
import { openStoreSync, type Store } from "./db.ts";

/**
 * The project a cairn command is about (the rule: core/project.ts). Run inside a Claude
 * Code session (a Bash call, an MCP server: CLAUDE_CODE_SESSION_ID is set, but Claude
 * Code gives those no CLAUDE_PROJECT_DIR), it is the project the session's hooks were
 * given, as cairn recorded it, not a variable a repository's `env` settings could set.
 * A command that has the store open passes it; otherwise the database is opened
 * read-only, and only inside a session.
 */
export function commandProjectDir(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  store?: Store,
): string {
  const named = recordedProject(env, store) ?? env.CLAUDE_PROJECT_DIR;
  return projectOf({ named, cwd, home: homeDir(env) });
}

/** The project the hooks of the session this command runs in recorded, if cairn has seen it. */
function recordedProject(env: NodeJS.ProcessEnv, given?: Store): string | undefined {
  const id = env.CLAUDE_CODE_SESSION_ID;
  if (!id) return undefined;
  const db = cairnPaths(cairnHome(env)).db;
  if (!given && !existsSync(db)) return undefined;
  let store = given;
  try {
    store ??= openStoreSync(db, { readOnly: true });
    return sessionProject(store, id);
  } catch {
    // A database this cairn cannot read (locked, damaged): the other sources decide.
    return undefined;
  } finally {
    if (!given) store?.close();
  }
}

/** The project cairn recorded for a session (its hooks' project). */
export function sessionProject(store: Store, sessionId: string): string | undefined {
  const row = store.db.prepare("SELECT project_dir FROM sessions WHERE id = ?").get(sessionId) as
    | { project_dir: string | null }
    | undefined;
  return row?.project_dir ?? undefined;
}
