import type { Store } from "../store/db.ts";

/** What the ledger knows about a session's main chain (its transcript's cursor row). */
export interface LedgerSession {
  readonly sessionId: string;
  readonly path: string;
  readonly model: string | null;
  /** The last response's input + cache tokens, or the post-compaction size after a compaction. */
  readonly contextTokens: number | null;
  readonly contextAt: number | null;
  readonly maxContextTokens: number;
  readonly window1m: boolean;
  /** User turns so far. */
  readonly turn: number;
  /** Compactions so far. */
  readonly epoch: number;
  readonly updatedAt: number;
}

export function ledgerSession(store: Store, sessionId: string): LedgerSession | undefined {
  const r = store.db
    .prepare(
      `SELECT path, model, context_tokens, context_at, max_context_tokens, window_1m, turn, epoch, updated_at
       FROM ledger_files WHERE session_id = ? AND agent_id = '' ORDER BY updated_at DESC LIMIT 1`,
    )
    .get(sessionId) as
    | {
        path: string;
        model: string | null;
        context_tokens: number | null;
        context_at: number | null;
        max_context_tokens: number;
        window_1m: number;
        turn: number;
        epoch: number;
        updated_at: number;
      }
    | undefined;
  if (!r) return undefined;
  return {
    sessionId,
    path: r.path,
    model: r.model,
    contextTokens: r.context_tokens,
    contextAt: r.context_at,
    maxContextTokens: r.max_context_tokens,
    window1m: r.window_1m === 1,
    turn: r.turn,
    epoch: r.epoch,
    updatedAt: r.updated_at,
  };
}

/** Tool results younger than this many user turns are the work at hand, not stale. */
const FRESH_TURNS = 2;

/**
 * Estimated tokens of tool results still in the context that belong to earlier work:
 * main-chain results since the last compaction (a compaction drops them) from user
 * turns before the last FRESH_TURNS. An estimate (4 characters a token), like every
 * figure about single results; the context total itself is measured.
 */
export function staleToolTokens(store: Store, s: LedgerSession, freshTurns = FRESH_TURNS): number {
  const r = store.db
    .prepare(
      `SELECT coalesce(sum(result_tokens), 0) AS n FROM ledger_tools
       WHERE session_id = ? AND agent_id = '' AND epoch = ? AND turn <= ? AND result_tokens IS NOT NULL`,
    )
    .get(s.sessionId, s.epoch, s.turn - freshTurns) as { n: number };
  return r.n;
}

export interface TokenTotals {
  readonly responses: number;
  readonly input: number;
  readonly cacheCreation: number;
  readonly cacheRead: number;
  readonly output: number;
}

export interface AgentTotals extends TokenTotals {
  readonly agentId: string;
  readonly model: string | null;
  readonly toolCalls: number;
  readonly firstAt: number;
  readonly lastAt: number;
}

/** Token use per chain: the main one ('' agent) and each subagent's. */
export function tokenTotals(store: Store, sessionId: string): { main: TokenTotals; agents: AgentTotals[] } {
  const rows = store.db
    .prepare(
      `SELECT r.agent_id AS agentId, count(*) AS responses, sum(input_tokens) AS input,
         sum(cache_creation_tokens) AS cacheCreation, sum(cache_read_tokens) AS cacheRead,
         sum(output_tokens) AS output, max(model) AS model, min(at) AS firstAt, max(at) AS lastAt,
         (SELECT count(*) FROM ledger_tools t WHERE t.session_id = r.session_id AND t.agent_id = r.agent_id) AS toolCalls
       FROM ledger_responses r WHERE session_id = ? GROUP BY agent_id ORDER BY agent_id <> '', min(at)`,
    )
    .all(sessionId) as unknown as AgentTotals[];
  const zero: TokenTotals = { responses: 0, input: 0, cacheCreation: 0, cacheRead: 0, output: 0 };
  const main = rows.find((r) => r.agentId === "");
  return {
    main: main
      ? {
          responses: main.responses,
          input: main.input,
          cacheCreation: main.cacheCreation,
          cacheRead: main.cacheRead,
          output: main.output,
        }
      : zero,
    agents: rows.filter((r) => r.agentId !== "").map((r) => ({ ...r })),
  };
}

export interface ToolResultRow {
  readonly toolUseId: string;
  readonly name: string | null;
  readonly agentId: string;
  readonly bytes: number;
  readonly tokens: number;
  readonly isError: boolean;
  readonly calledAt: number | null;
  readonly resultAt: number | null;
  readonly turn: number;
  readonly epoch: number;
}

export function toolResults(store: Store, sessionId: string, limit = 1000): ToolResultRow[] {
  return (
    store.db
      .prepare(
        `SELECT tool_use_id, name, agent_id, coalesce(result_bytes, 0) AS bytes,
           coalesce(result_tokens, 0) AS tokens, is_error, called_at, result_at, turn, epoch
         FROM ledger_tools WHERE session_id = ? ORDER BY coalesce(result_bytes, 0) DESC, called_at LIMIT ?`,
      )
      .all(sessionId, limit) as {
      tool_use_id: string;
      name: string | null;
      agent_id: string;
      bytes: number;
      tokens: number;
      is_error: number;
      called_at: number | null;
      result_at: number | null;
      turn: number;
      epoch: number;
    }[]
  ).map((r) => ({
    toolUseId: r.tool_use_id,
    name: r.name,
    agentId: r.agent_id,
    bytes: r.bytes,
    tokens: r.tokens,
    isError: r.is_error === 1,
    calledAt: r.called_at,
    resultAt: r.result_at,
    turn: r.turn,
    epoch: r.epoch,
  }));
}

export interface CompactionRow {
  readonly at: number;
  readonly agentId: string;
  readonly trigger: string | null;
  readonly preTokens: number | null;
  readonly postTokens: number | null;
}

export function compactions(store: Store, sessionId: string): CompactionRow[] {
  return store.db
    .prepare(
      `SELECT at, agent_id AS agentId, trigger, pre_tokens AS preTokens, post_tokens AS postTokens
       FROM ledger_compactions WHERE session_id = ? ORDER BY seq`,
    )
    .all(sessionId) as unknown as CompactionRow[];
}

export interface ResponsePoint {
  readonly at: number;
  readonly contextTokens: number;
  readonly output: number;
  readonly epoch: number;
  readonly turn: number;
}

/** The main chain's responses in order: the context after each, and its output. */
export function contextTimeline(store: Store, sessionId: string): ResponsePoint[] {
  return store.db
    .prepare(
      `SELECT at, input_tokens + cache_creation_tokens + cache_read_tokens AS contextTokens,
         output_tokens AS output, epoch, turn
       FROM ledger_responses WHERE session_id = ? AND agent_id = '' ORDER BY seq`,
    )
    .all(sessionId) as unknown as ResponsePoint[];
}
