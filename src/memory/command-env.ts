import type { Config } from "../config/schema.ts";
import type { CairnPaths } from "../core/paths.ts";
import { visibleLine } from "../core/terminal-text.ts";
import type { Store } from "../store/db.ts";
import { latestOwner, ownerOf } from "./store.ts";

/** What a memory command runs against: cairn's state, the effective config, the project. */
export interface MemoryEnv {
  readonly paths: CairnPaths;
  readonly config: Config;
  readonly projectDir: string;
  readonly env: NodeJS.ProcessEnv;
  store(): Promise<Store>;
  close(): void;
  now(): number;
}

export async function memoryEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): Promise<MemoryEnv> {
  const [{ cairnPaths, cairnHome }, { commandProjectDir }, { loadConfig }, { openStore }] = await Promise.all(
    [
      import("../core/paths.ts"),
      import("../store/command-project.ts"),
      import("../config/load.ts"),
      import("../store/db.ts"),
    ],
  );
  const paths = cairnPaths(cairnHome(env));
  // Inside a Claude Code session (a Bash call, the MCP server), the project its hooks were given.
  const projectDir = commandProjectDir(env, cwd);
  const resolved = await loadConfig(paths, projectDir);
  let store: Store | undefined;
  return {
    paths,
    config: resolved.config,
    projectDir,
    env,
    async store() {
      store ??= await openStore(paths.db);
      return store;
    },
    close() {
      store?.close();
      store = undefined;
    },
    now: Date.now,
  };
}

/**
 * Whether cairn has seen this session: a hook recorded it, or memory holds its rows. A
 * session named on the command line must be one of those; an id typed by mistake (or a
 * path) is refused instead of becoming a new, empty session.
 */
export function isKnownSession(store: Store, id: string): boolean {
  const row = store.db
    .prepare(
      "SELECT 1 FROM sessions WHERE id = ? UNION ALL SELECT 1 FROM mem_sessions WHERE session_id = ? LIMIT 1",
    )
    .get(id, id);
  return row !== undefined;
}

/** The error for a --session that names no session cairn has seen. */
export function unknownSession(id: string): string {
  return `no session "${visibleLine(id)}" is known to cairn (see \`cairn sessions\`)`;
}

/**
 * The session a command is about: the one named, else the Claude Code session it runs
 * inside (CLAUDE_CODE_SESSION_ID is set for Bash calls, `!` commands and MCP servers),
 * else the project's most recent session seen by cairn.
 */
export function currentSession(
  store: Store,
  projectDir: string,
  named?: string,
  env: NodeJS.ProcessEnv = {},
): string | undefined {
  if (named) return named;
  if (env.CLAUDE_CODE_SESSION_ID) return env.CLAUDE_CODE_SESSION_ID;
  const row = store.db
    .prepare("SELECT id FROM sessions WHERE project_dir = ? ORDER BY last_seen_at DESC LIMIT 1")
    .get(projectDir) as { id: string } | undefined;
  return row?.id ?? latestOwner(store, projectDir);
}

/** The merge chain a session belongs to, named by the session that owns its rows. */
export function chainOwner(
  store: Store,
  projectDir: string,
  named?: string,
  env: NodeJS.ProcessEnv = {},
): string | undefined {
  const session = currentSession(store, projectDir, named, env);
  return session ? ownerOf(store, session) : undefined;
}

export function transcriptOf(store: Store, sessionId: string): string | undefined {
  const row = store.db.prepare("SELECT transcript_path FROM sessions WHERE id = ?").get(sessionId) as
    | { transcript_path: string | null }
    | undefined;
  if (row?.transcript_path) return row.transcript_path;
  const src = store.db
    .prepare(
      "SELECT path FROM mem_sources WHERE session_id = ? AND agent_id IS NULL ORDER BY updated_at DESC LIMIT 1",
    )
    .get(sessionId) as { path: string } | undefined;
  return src?.path;
}
