/**
 * Versioned schema. Each entry moves the database from version i to i+1 and runs in
 * one transaction; PRAGMA user_version records where a database is. Never edit a
 * shipped migration: add a new one.
 */
export const MIGRATIONS: readonly string[] = [
  `
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
    created_at INTEGER NOT NULL
  );
  CREATE INDEX outputs_session ON outputs(session_id, created_at);
  CREATE INDEX outputs_tool_use ON outputs(tool_use_id);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
