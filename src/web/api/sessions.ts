import type { SessionRow } from "../../store/sessions.ts";
import { outputFigures, sessionFigures } from "../../window/figures-read.ts";
import { compactions, contextTimeline, tokenTotals } from "../../window/ledger-read.ts";
import { shortInput } from "../../window/tool-input.ts";
import { windowForModel } from "../../window/usage.ts";
import { sessionUsage, warningsGiven } from "../../window/views.ts";
import { estUsd } from "../pricing.ts";
import type { Marker, SessionDetail, SessionItem, SessionsResponse, ToolCall } from "../types.ts";
import { cut, type Reader } from "./reader.ts";

/** A tool result at least this large is marked on the chart even when cairn did not file it. */
const LARGE_RESULT_BYTES = 20_000;

interface SessionFilter {
  readonly project?: string | undefined;
  /** Sessions active at or after this time... */
  readonly from?: number | undefined;
  /** ...and started before this one. */
  readonly to?: number | undefined;
  readonly limit?: number | undefined;
}

interface ListRow extends SessionRow {
  ledger_model: string | null;
  responses: number;
  peak: number | null;
  compactions: number;
  warnings: number;
  outputs: number;
}

const LIST_SQL = `
  SELECT s.*,
    (SELECT model FROM ledger_files f WHERE f.session_id = s.id AND f.agent_id = ''
       ORDER BY updated_at DESC LIMIT 1) AS ledger_model,
    (SELECT count(*) FROM ledger_responses r WHERE r.session_id = s.id AND r.agent_id = '') AS responses,
    (SELECT max(input_tokens + cache_creation_tokens + cache_read_tokens) FROM ledger_responses r
       WHERE r.session_id = s.id AND r.agent_id = '') AS peak,
    (SELECT count(*) FROM ledger_compactions c WHERE c.session_id = s.id AND c.agent_id = '') AS compactions,
    (SELECT count(*) FROM context_warnings w WHERE w.session_id = s.id) AS warnings,
    (SELECT count(*) FROM outputs o WHERE o.session_id = s.id) AS outputs
  FROM sessions s`;

function item(r: Reader, row: ListRow): SessionItem {
  const model = row.model ?? row.ledger_model;
  const usage = sessionUsage(r.store, r.paths, r.config, row, { catchUp: false, now: r.now });
  const windowTokens =
    usage?.windowTokens ?? (row.peak ? windowForModel(model ?? undefined, row.peak).tokens : null);
  const figures = sessionFigures(r.store, row.id);
  return {
    id: row.id,
    projectDir: row.project_dir,
    model,
    agent: row.agent,
    startedAt: row.started_at,
    lastSeenAt: row.last_seen_at,
    endedAt: row.ended_at,
    endReason: row.end_reason,
    durationMs: Math.max(0, (row.ended_at ?? row.last_seen_at) - row.started_at),
    responses: row.responses,
    peakTokens: row.peak,
    windowTokens,
    peakPct:
      row.peak !== null && windowTokens ? Math.min(100, Math.round((row.peak / windowTokens) * 100)) : null,
    compactions: row.compactions,
    warnings: row.warnings,
    outputs: row.outputs,
    figures,
    netUsdEst: estUsd(figures.netTokensEst, model),
  };
}

export function listSessions(r: Reader, f: SessionFilter): SessionsResponse {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.project !== undefined) {
    where.push("s.project_dir = ?");
    args.push(f.project);
  }
  if (f.from !== undefined) {
    where.push("s.last_seen_at >= ?");
    args.push(f.from);
  }
  if (f.to !== undefined) {
    where.push("s.started_at < ?");
    args.push(f.to);
  }
  const limit = Math.max(1, Math.min(f.limit ?? 200, 1000));
  const rows = r.store.db
    .prepare(
      `${LIST_SQL} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY s.last_seen_at DESC LIMIT ?`,
    )
    .all(...args, limit + 1) as unknown as ListRow[];
  const projects = (
    r.store.db
      .prepare(
        `SELECT project_dir AS dir FROM sessions WHERE project_dir IS NOT NULL
         GROUP BY project_dir ORDER BY max(last_seen_at) DESC`,
      )
      .all() as { dir: string }[]
  ).map((p) => p.dir);
  return {
    sessions: rows.slice(0, limit).map((row) => item(r, row)),
    projects,
    more: rows.length > limit,
  };
}

function getSessionItem(r: Reader, id: string): SessionItem | undefined {
  const row = r.store.db.prepare(`${LIST_SQL} WHERE s.id = ?`).get(id) as ListRow | undefined;
  return row ? item(r, row) : undefined;
}

export { shortInput };

interface ToolRow {
  tool_use_id: string;
  name: string | null;
  agent_id: string;
  called_at: number | null;
  result_at: number | null;
  result_bytes: number | null;
  is_error: number;
  output_id: number | null;
  original_bytes: number | null;
  excerpt_bytes: number | null;
  compressor: string | null;
  input: string | null;
}

/**
 * The session's tool calls in the order they were made: the ledger's calls (what the
 * model was shown) joined with what cairn filed, plus any filed output the ledger has
 * not read yet.
 */
function toolCalls(r: Reader, sessionId: string): ToolCall[] {
  const inputOf = `(SELECT text FROM mem_items m WHERE m.tool_use_id = t.tool_use_id AND m.kind = 'tool_use'
                     ORDER BY m.id LIMIT 1)`;
  const rows = r.store.db
    .prepare(
      `SELECT t.tool_use_id, t.name, t.agent_id, t.called_at, t.result_at, t.result_bytes, t.is_error,
         o.id AS output_id, o.original_bytes, o.excerpt_bytes, o.compressor, ${inputOf} AS input
       FROM ledger_tools t
       LEFT JOIN outputs o ON o.id = (SELECT max(id) FROM outputs x WHERE x.tool_use_id = t.tool_use_id)
       WHERE t.session_id = ?
       UNION ALL
       SELECT coalesce(o.tool_use_id, ''), o.tool_name, '', o.created_at, o.created_at, o.excerpt_bytes,
         coalesce(o.exit_code, 0) <> 0, o.id, o.original_bytes, o.excerpt_bytes, o.compressor, o.label
       FROM outputs o
       WHERE o.session_id = ? AND (o.tool_use_id IS NULL OR NOT EXISTS
         (SELECT 1 FROM ledger_tools t WHERE t.session_id = o.session_id AND t.tool_use_id = o.tool_use_id))
       ORDER BY 4, 5`,
    )
    .all(sessionId, sessionId) as unknown as ToolRow[];
  return rows.map((t) => ({
    toolUseId: t.tool_use_id,
    name: t.name ?? "?",
    agentId: t.agent_id,
    calledAt: t.called_at,
    input: shortInput(t.input),
    shownBytes: t.result_bytes ?? t.excerpt_bytes ?? t.original_bytes,
    originalBytes: t.original_bytes,
    outputId: t.output_id,
    compressor: t.compressor,
    isError: Boolean(t.is_error),
  }));
}

const fmtK = (n: number | null) =>
  n === null ? "?" : n >= 10_000 ? `${Math.round(n / 1000)}k` : n.toLocaleString("en-US");

/** What the chart marks: compactions, warnings, handoffs and large tool outputs. */
function markers(r: Reader, sessionId: string, tools: readonly ToolCall[]): Marker[] {
  const out: Marker[] = [];
  for (const c of compactions(r.store, sessionId)) {
    if (c.agentId !== "") continue;
    out.push({
      kind: "compaction",
      at: c.at,
      label: `${c.trigger ?? ""} compaction: ${fmtK(c.preTokens)} → ${fmtK(c.postTokens)} tokens`.trim(),
    });
  }
  for (const w of warningsGiven(r.store, sessionId)) {
    out.push({
      kind: "warning",
      at: w.at,
      level: w.level,
      label: `${w.level}: ${w.remainingPct}% of the context left`,
      ...(w.toolUseId ? { toolUseId: w.toolUseId } : {}),
    });
  }
  const memos = r.store.db
    .prepare("SELECT at FROM mem_items WHERE origin_session = ? AND kind = 'memo' ORDER BY at")
    .all(sessionId) as { at: number }[];
  for (const m of memos) out.push({ kind: "handoff", at: m.at, label: "handed off: in-flight memo saved" });
  const resumed = r.store.db
    .prepare("SELECT at FROM injections WHERE session_id = ? AND part = 'memory-resume' ORDER BY at")
    .all(sessionId) as { at: number }[];
  for (const m of resumed) out.push({ kind: "handoff", at: m.at, label: "resumed from a handoff" });
  for (const t of tools) {
    const big = t.outputId !== null || (t.shownBytes ?? 0) >= LARGE_RESULT_BYTES;
    if (!big || t.calledAt === null) continue;
    const size =
      t.originalBytes !== null
        ? `${fmtK(t.originalBytes)} → ${fmtK(t.shownBytes)} bytes`
        : `${fmtK(t.shownBytes)} bytes`;
    out.push({
      kind: "large-output",
      at: t.calledAt,
      label: `${t.name} ${size}${t.input ? `: ${cut(t.input, 60)}` : ""}`,
      ...(t.outputId !== null ? { outputId: t.outputId } : {}),
      ...(t.toolUseId ? { toolUseId: t.toolUseId } : {}),
    });
  }
  return out.sort((a, b) => a.at - b.at);
}

export function sessionDetail(r: Reader, id: string): SessionDetail | undefined {
  const session = getSessionItem(r, id);
  if (!session) return undefined;
  const tools = toolCalls(r, id);
  const totals = tokenTotals(r.store, id);
  return {
    session,
    timeline: contextTimeline(r.store, id).map((p) => ({ ...p })),
    markers: markers(r, id, tools),
    tools,
    tokens: {
      input: totals.main.input,
      cacheCreation: totals.main.cacheCreation,
      cacheRead: totals.main.cacheRead,
      output: totals.main.output,
    },
    subagents: totals.agents.length,
    outputs: outputFigures(r.store, id),
  };
}
