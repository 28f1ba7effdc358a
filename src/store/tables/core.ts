/**
 * cairn's core tables (migration 1): sessions, hook events, stored originals, injections,
 * state. `events` is the record each hook leaves, with its outcome and time: the
 * reliability suite holds every hook to exactly one row, and the dashboard polls its
 * newest id. (One more insert in the transaction that touches the session anyway: no
 * measurable cost per hook.)
 */
export const CORE_SCHEMA = `
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    project_dir TEXT,
    cwd TEXT,
    transcript_path TEXT,
    model TEXT,
    started_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    ended_at INTEGER,
    end_reason TEXT
  );
  CREATE INDEX sessions_project ON sessions(project_dir, last_seen_at);

  -- One row per hook event that reached a handler.
  CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    event TEXT NOT NULL,
    tool_name TEXT,
    tool_use_id TEXT,
    at INTEGER NOT NULL,
    handler_ms REAL,
    outcome TEXT NOT NULL,
    detail TEXT
  );
  CREATE INDEX events_session ON events(session_id, at);

  -- Originals of every output cairn shortened, and what it showed instead.
  CREATE TABLE outputs (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    tool_use_id TEXT,
    tool_name TEXT NOT NULL,
    label TEXT,
    original BLOB NOT NULL,
    original_bytes INTEGER NOT NULL,
    original_lines INTEGER NOT NULL,
    excerpt TEXT,
    excerpt_bytes INTEGER,
    compressor TEXT,
    exit_code INTEGER,
    redactions INTEGER NOT NULL DEFAULT 0,
    latency_ms REAL,
    observation TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX outputs_session ON outputs(session_id, created_at);
  CREATE INDEX outputs_tool_use ON outputs(tool_use_id);

  -- Every additionalContext cairn sent to the model: which part, how much.
  CREATE TABLE injections (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    event TEXT NOT NULL,
    part TEXT NOT NULL,
    chars INTEGER NOT NULL,
    tokens_est INTEGER NOT NULL,
    preview TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX injections_session ON injections(session_id, at);

  -- Small per-session or per-project state for parts (debounce counters, flags).
  CREATE TABLE kv (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  );
`;

/**
 * Migration 8: which agent a session ran in ("claude-code", "gemini-cli"). Every record
 * belongs to a session (events, outputs, memory, injections by session_id), so this one
 * column says which agent each came from; sessions before it are Claude Code's.
 */
export const AGENT_SCHEMA_9 = `
  ALTER TABLE sessions ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude-code';
`;
