/**
 * Layered memory's tables (migration 3).
 *
 * - mem_items holds every layer as rows: L1 one-line turn summaries (layer 1), the
 *   conversation verbatim (layer 2: user and assistant text, in-flight memos) and the
 *   details (layer 3: tool inputs and outputs, system and hook messages, thinking,
 *   image placeholders). `key` is the transcript entry's own uuid plus the block's
 *   index, so ingesting the same entries again adds nothing.
 * - session_id is the session that owns a row now; a handoff moves the previous
 *   session's rows to the new one (its merge chain) and origin_session keeps where
 *   each row was written, so chains of handoffs accumulate.
 * - mem_sources remembers how far each transcript file has been read.
 * - Two external-content FTS5 indexes: one over mem_items, one over the originals in
 *   the core `outputs` table (fed at ingest, never altering `outputs` itself).
 */
export const MEMORY_SCHEMA = `
  CREATE TABLE mem_sessions (
    session_id TEXT PRIMARY KEY,
    project_dir TEXT,
    turns INTEGER NOT NULL DEFAULT 0,
    merged_into TEXT,
    resumed_from TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX mem_sessions_project ON mem_sessions(project_dir, updated_at);

  CREATE TABLE mem_sources (
    path TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    agent_id TEXT,
    offset INTEGER NOT NULL DEFAULT 0,
    fingerprint TEXT,
    current_turn INTEGER,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE mem_items (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL,
    origin_session TEXT NOT NULL,
    agent_id TEXT,
    turn INTEGER NOT NULL,
    layer INTEGER NOT NULL,
    kind TEXT NOT NULL,
    tool_name TEXT,
    tool_use_id TEXT,
    is_error INTEGER,
    text TEXT NOT NULL,
    at INTEGER NOT NULL,
    -- For L1 rows: which summariser wrote it ("extractive", "model:<name>").
    made_by TEXT
  );
  CREATE INDEX mem_items_turn ON mem_items(session_id, turn, id);
  CREATE INDEX mem_items_tool_use ON mem_items(tool_use_id);

  CREATE VIRTUAL TABLE mem_fts USING fts5(
    text, content='mem_items', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE mem_outputs_fts USING fts5(
    original, content='outputs', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  );
`;
