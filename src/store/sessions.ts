import type { Store } from "./db.ts";

export interface SessionSeen {
  readonly id: string;
  readonly projectDir: string;
  readonly cwd: string;
  readonly transcriptPath: string;
  readonly at: number;
  readonly model?: string | undefined;
  /** The agent the session runs in; Claude Code unless said. */
  readonly agent?: string | undefined;
}

const INSERT_SESSION = `INSERT INTO sessions (id, project_dir, cwd, transcript_path, model, started_at, last_seen_at, agent)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
const insertSession = (store: Store, s: SessionSeen, onConflict: string) =>
  store.db
    .prepare(`${INSERT_SESSION} ON CONFLICT(id) ${onConflict}`)
    .run(s.id, s.projectDir, s.cwd, s.transcriptPath, s.model ?? null, s.at, s.at, s.agent ?? "claude-code");

/** Creates the session row on first sight and keeps last_seen_at (and the model) current. */
export function touchSession(store: Store, s: SessionSeen): void {
  insertSession(
    store,
    s,
    `DO UPDATE SET last_seen_at = excluded.last_seen_at, transcript_path = excluded.transcript_path,
       model = COALESCE(excluded.model, sessions.model)`,
  );
}

/**
 * Creates the session row if it is not there yet, and changes nothing when it is: what
 * files an output under a session commits the session with it, so the output's project
 * is known (to `cairn show`, search) even when the hook dies before its event record.
 */
export function ensureSession(store: Store, s: SessionSeen): void {
  insertSession(store, s, "DO NOTHING");
}

export function endSession(store: Store, id: string, reason: string, at: number): void {
  store.db.prepare("UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ?").run(at, reason, id);
}

export interface SessionRow {
  id: string;
  project_dir: string | null;
  cwd: string | null;
  transcript_path: string | null;
  model: string | null;
  started_at: number;
  last_seen_at: number;
  ended_at: number | null;
  end_reason: string | null;
  agent: string;
}
