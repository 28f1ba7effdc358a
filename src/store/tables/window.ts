/**
 * The context-window monitor's tables (src/window/): the ledger (migration 2). The ledger
 * is derived data: every row can be rebuilt from the transcripts, so a transcript that
 * was replaced is simply re-read.
 *
 * - ledger_files: one row per transcript file read (the main one and each subagent's),
 *   with the byte cursor, a fingerprint that detects a rewritten file, and the scan
 *   state carried between reads. The main file's row is also the session's summary
 *   (model, current context, compactions), so reading it is one indexed lookup.
 * - ledger_responses: one row per API response (message.id), main chain and subagents.
 * - ledger_tools: one row per tool call, with its result's size once the result is seen.
 * - ledger_compactions: the compact_boundary entries.
 * - context_warnings: every warning the monitor gave the agent.
 */
export const WINDOW_SCHEMA = `
  CREATE TABLE ledger_files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL,
    -- '' for the session's own transcript, the agent id for a subagent's
    agent_id TEXT NOT NULL DEFAULT '',
    offset INTEGER NOT NULL DEFAULT 0,
    ino TEXT NOT NULL DEFAULT '',
    head TEXT NOT NULL DEFAULT '',
    tail TEXT NOT NULL DEFAULT '',
    -- scan state carried from one read to the next
    turn INTEGER NOT NULL DEFAULT 0,
    prompt_id TEXT,
    epoch INTEGER NOT NULL DEFAULT 0,
    -- the main chain's current context: the last response's input + cache tokens,
    -- or a compaction's post-compaction size when no response followed it yet
    model TEXT,
    context_tokens INTEGER,
    context_at INTEGER,
    max_context_tokens INTEGER NOT NULL DEFAULT 0,
    window_1m INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX ledger_files_session ON ledger_files(session_id, agent_id);

  CREATE TABLE ledger_responses (
    file_id INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    model TEXT,
    input_tokens INTEGER NOT NULL,
    cache_creation_tokens INTEGER NOT NULL,
    cache_read_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    at INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    epoch INTEGER NOT NULL,
    PRIMARY KEY (session_id, agent_id, message_id)
  );
  CREATE INDEX ledger_responses_file ON ledger_responses(file_id);

  CREATE TABLE ledger_tools (
    file_id INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    tool_use_id TEXT NOT NULL,
    name TEXT,
    message_id TEXT,
    called_at INTEGER,
    result_at INTEGER,
    -- what the model was shown: UTF-8 bytes of the tool_result content, and an
    -- estimate of its tokens (4 characters each)
    result_bytes INTEGER,
    result_tokens INTEGER,
    is_error INTEGER NOT NULL DEFAULT 0,
    turn INTEGER NOT NULL DEFAULT 0,
    epoch INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, tool_use_id)
  );
  CREATE INDEX ledger_tools_file ON ledger_tools(file_id);
  CREATE INDEX ledger_tools_epoch ON ledger_tools(session_id, agent_id, epoch, turn);

  CREATE TABLE ledger_compactions (
    file_id INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    uuid TEXT NOT NULL,
    at INTEGER NOT NULL,
    trigger TEXT,
    pre_tokens INTEGER,
    post_tokens INTEGER,
    seq INTEGER NOT NULL,
    PRIMARY KEY (session_id, uuid)
  );
  CREATE INDEX ledger_compactions_file ON ledger_compactions(file_id);

  CREATE TABLE context_warnings (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    level TEXT NOT NULL,
    remaining_pct INTEGER NOT NULL,
    used_tokens INTEGER NOT NULL,
    window_tokens INTEGER NOT NULL,
    source TEXT NOT NULL,
    tool_use_id TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX context_warnings_session ON context_warnings(session_id, at);
`;

/**
 * Added in migration 4. Every tool call refreshes the session's savings; the sizes sit
 * after the original in each outputs row, so without this covering index that sum read
 * every stored original of the session, on every call.
 */
export const WINDOW_SCHEMA_4 = `
  CREATE INDEX outputs_session_sizes ON outputs(session_id, original_bytes, excerpt_bytes);
`;

/**
 * Added in migration 8: what each tool call cost the model's context, against what
 * Claude Code alone would have shown it (src/window/figures.ts counts them in
 * PostToolUse). One row per call:
 *
 * - kind 'output': a tool's own output. counterfactual_bytes: what Claude Code alone
 *   would have shown (the output, or its saved-output notice over the tool's limit);
 *   shown_bytes: what the model was shown (cairn's answer, or the output it left
 *   alone, after Claude Code's own limit). shown: cairn's answer, when it changed the
 *   output (changed 1); hidden_errors_shown: lines naming a problem that cairn's answer
 *   showed and Claude Code's preview would not have.
 * - kind 'retrieval': an original read back (`cairn show`, `detail`, `search` and their
 *   MCP tools; the same command run again, or the same file read again, after an
 *   excerpt of it with no edit between), counterfactual_bytes 0. output_id: the original
 *   it reads, when one is named.
 *
 * The ledger's measured size of the same tool_result (ledger_tools.result_bytes) is
 * used in place of shown_bytes where the transcript has been read.
 */
export const WINDOW_SCHEMA_8 = `
  CREATE TABLE call_figures (
    session_id TEXT NOT NULL,
    tool_use_id TEXT NOT NULL,
    agent_id TEXT NOT NULL DEFAULT '',
    tool_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    retrieval TEXT,
    output_id INTEGER,
    counterfactual_bytes INTEGER NOT NULL,
    shown_bytes INTEGER NOT NULL,
    hidden_errors_shown INTEGER NOT NULL DEFAULT 0,
    changed INTEGER NOT NULL DEFAULT 0,
    shown TEXT,
    call_key TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (session_id, tool_use_id)
  );
  CREATE INDEX call_figures_key ON call_figures(session_id, call_key, at);
  CREATE INDEX call_figures_output ON call_figures(output_id);
  -- A session's sums read this index alone, never the shown text.
  CREATE INDEX call_figures_sums ON call_figures(session_id, kind, changed, counterfactual_bytes, shown_bytes,
    hidden_errors_shown, tool_use_id);
`;
