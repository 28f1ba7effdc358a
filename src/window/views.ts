import { statSync } from "node:fs";
import type { Config } from "../config/schema.ts";
import type { CairnPaths } from "../core/paths.ts";
import { notebookPath } from "../core/paths.ts";
import { describeExitTrap, type ExitTrapState, exitTrapState } from "../exit-trap/exit-trap-state.ts";
import type { Store } from "../store/db.ts";
import type { SessionRow } from "../store/sessions.ts";
import { type Ladder, ladderOf } from "./advisor.ts";
import {
  FIGURES_METHOD,
  type FigureGroup,
  type Figures,
  figureGroups,
  figureRows,
  type OutputFigures,
  outputFigures,
  sessionFigures,
  sumFigures,
} from "./figures-read.ts";
import { catchUpSession } from "./ledger.ts";
import {
  type AgentTotals,
  type CompactionRow,
  compactions,
  contextTimeline,
  ledgerSession,
  type ResponsePoint,
  staleToolTokens,
  type TokenTotals,
  type ToolResultRow,
  tokenTotals,
  toolResults,
} from "./ledger-read.ts";
import { type ContextUsage, combineUsage, ledgerView, readStatuslineMetrics } from "./usage.ts";

/**
 * What cairn's context commands show, read from the store and cairn's own files. The
 * commands only format these; none re-implements a hook's logic.
 */

export class NotFound extends Error {}

/** A session by id or unique id prefix; without one, the latest session of the project. */
export function resolveSession(store: Store, id: string | undefined, projectDir: string): SessionRow {
  if (id) {
    const exact = store.db.prepare("SELECT * FROM sessions WHERE id = ?").get(id) as SessionRow | undefined;
    if (exact) return exact;
    const like = store.db
      .prepare("SELECT * FROM sessions WHERE substr(id, 1, length(?)) = ? ORDER BY last_seen_at DESC LIMIT 2")
      .all(id, id) as unknown as SessionRow[];
    if (like.length === 1) return like[0]!;
    if (like.length > 1) throw new NotFound(`"${id}" matches more than one session; give more of the id`);
    throw new NotFound(`no session "${id}" (see \`cairn sessions\`)`);
  }
  const latest = store.db
    .prepare("SELECT * FROM sessions WHERE project_dir = ? ORDER BY last_seen_at DESC LIMIT 1")
    .get(projectDir) as SessionRow | undefined;
  if (!latest) throw new NotFound(`no cairn session recorded for ${projectDir} yet (see \`cairn sessions\`)`);
  return latest;
}

export function recentSessions(
  store: Store,
  opts: { limit: number; since?: number; projectDir?: string },
): SessionRow[] {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (opts.since !== undefined) {
    where.push("last_seen_at >= ?");
    args.push(opts.since);
  }
  if (opts.projectDir) {
    where.push("project_dir = ?");
    args.push(opts.projectDir);
  }
  const sql = `SELECT * FROM sessions ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY last_seen_at DESC LIMIT ?`;
  return store.db.prepare(sql).all(...args, opts.limit) as unknown as SessionRow[];
}

interface UsageOptions {
  /** Read what the transcript gained since the last hook (costs O(new bytes)). */
  readonly catchUp: boolean;
  readonly subagents?: boolean;
  readonly now: number;
}

/** The session's context usage as the monitor sees it: fresh statusline or ledger. */
export function sessionUsage(
  store: Store,
  paths: CairnPaths,
  config: Config,
  s: SessionRow,
  o: UsageOptions,
): ContextUsage | undefined {
  if (o.catchUp && s.transcript_path) {
    try {
      catchUpSession(store, s.id, s.transcript_path, { subagents: o.subagents ?? false, now: o.now });
    } catch {
      // The ledger as it stands is still the best figure.
    }
  }
  const l = ledgerSession(store, s.id);
  return combineUsage({
    metrics: readStatuslineMetrics(paths, s.id),
    ledger: l ? ledgerView(l, staleToolTokens(store, l)) : undefined,
    now: o.now,
    maxAgeMs: config["monitor.metrics_max_age_s"] * 1000,
  });
}

export interface WarningRow {
  readonly level: string;
  readonly remainingPct: number;
  readonly usedTokens: number;
  readonly windowTokens: number;
  readonly source: string;
  readonly toolUseId: string | null;
  readonly at: number;
}

export function warningsGiven(store: Store, sessionId: string): WarningRow[] {
  return store.db
    .prepare(
      `SELECT level, remaining_pct AS remainingPct, used_tokens AS usedTokens, window_tokens AS windowTokens,
         source, tool_use_id AS toolUseId, at FROM context_warnings WHERE session_id = ? ORDER BY at, id`,
    )
    .all(sessionId) as unknown as WarningRow[];
}

export interface NotebookFreshness {
  readonly path: string;
  readonly exists: boolean;
  readonly modifiedAt: number | null;
  /** Changed since the session started. */
  readonly changedThisSession: boolean;
}

/**
 * A session's start is when cairn recorded its first event, after that event's parts
 * ran (the notebook may be created by the very first SessionStart): allow for it.
 */
const START_SLACK_MS = 10_000;

function notebookFreshness(projectDir: string, sessionStartedAt: number): NotebookFreshness {
  const path = notebookPath(projectDir);
  try {
    const m = statSync(path).mtimeMs;
    return {
      path,
      exists: true,
      modifiedAt: Math.round(m),
      changedThisSession: m >= sessionStartedAt - START_SLACK_MS,
    };
  } catch {
    return { path, exists: false, modifiedAt: null, changedThisSession: false };
  }
}

export interface StatusView {
  readonly session: SessionSummaryView;
  readonly usage: ContextUsage | null;
  /** The context monitor's ladder in force (one place: window/advisor.ts). */
  readonly thresholds: Ladder;
  /** What the model was shown with cairn against Claude Code alone, and read back (figures-read.ts). */
  readonly figures: Figures;
  readonly notebook: NotebookFreshness;
  readonly warnings: { readonly count: number; readonly last: WarningRow | null };
  readonly compactions: number;
  readonly turns: number;
}

export interface SessionSummaryView {
  readonly id: string;
  readonly projectDir: string | null;
  readonly transcriptPath: string | null;
  readonly model: string | null;
  readonly startedAt: number;
  readonly lastSeenAt: number;
  readonly endedAt: number | null;
  readonly endReason: string | null;
}

function sessionSummaryView(s: SessionRow): SessionSummaryView {
  return {
    id: s.id,
    projectDir: s.project_dir,
    transcriptPath: s.transcript_path,
    model: s.model,
    startedAt: s.started_at,
    lastSeenAt: s.last_seen_at,
    endedAt: s.ended_at,
    endReason: s.end_reason,
  };
}

export function statusView(
  store: Store,
  paths: CairnPaths,
  config: Config,
  s: SessionRow,
  now: number,
): StatusView {
  const usage = sessionUsage(store, paths, config, s, { catchUp: true, subagents: true, now });
  const warnings = warningsGiven(store, s.id);
  const l = ledgerSession(store, s.id);
  return {
    session: sessionSummaryView(s),
    usage: usage ?? null,
    thresholds: ladderOf(config),
    figures: sessionFigures(store, s.id),
    notebook: notebookFreshness(s.project_dir ?? s.cwd ?? ".", s.started_at),
    warnings: { count: warnings.length, last: warnings.at(-1) ?? null },
    compactions: l?.epoch ?? 0,
    turns: l?.turn ?? 0,
  };
}

export interface CompressionGroup {
  /** The compressor, or for the per-tool grouping the tool's name. */
  readonly compressor: string;
  readonly outputs: number;
  readonly originalBytes: number;
  readonly shownBytes: number;
  readonly avgLatencyMs: number | null;
}

export interface ToolGroup {
  readonly name: string;
  readonly calls: number;
  readonly bytes: number;
  readonly tokens: number;
  readonly largest: number;
  readonly errors: number;
}

export interface InjectionGroup {
  readonly event: string;
  readonly part: string;
  readonly count: number;
  readonly chars: number;
  readonly tokensEst: number;
}

export interface ReportView {
  readonly session: SessionSummaryView;
  readonly usage: ContextUsage | null;
  readonly tokens: { readonly main: TokenTotals; readonly subagents: AgentTotals[] };
  readonly toolResults: ToolResultRow[];
  readonly tools: ToolGroup[];
  /** What the model was shown of tool outputs, against Claude Code alone, and what reading originals back cost. */
  readonly figures: {
    /** How each figure is made (and which are estimates). */
    readonly method: string;
    readonly total: Figures;
    /** Every output cairn changed, and every output read back, with its retrievals. */
    readonly outputs: OutputFigures[];
    readonly byTool: FigureGroup[];
    readonly byCompressor: FigureGroup[];
  };
  /** The compressors' work: outputs filed, their size before and after, their time. */
  readonly compressions: {
    readonly byCompressor: CompressionGroup[];
    /** Whether this session's failing Bash commands could reach PostToolUse (the exit trap). */
    readonly failingBash: { readonly state: ExitTrapState | null; readonly text: string };
  };
  readonly compactions: CompactionRow[];
  readonly timeline: ResponsePoint[];
  readonly injections: {
    readonly total: { count: number; chars: number; tokensEst: number };
    readonly byPart: InjectionGroup[];
  };
  readonly warnings: WarningRow[];
}

export function reportView(
  store: Store,
  paths: CairnPaths,
  config: Config,
  s: SessionRow,
  now: number,
  top: number,
): ReportView {
  const usage = sessionUsage(store, paths, config, s, { catchUp: true, subagents: true, now });
  const totals = tokenTotals(store, s.id);
  const all = toolResults(store, s.id, 100_000);
  const groups = new Map<
    string,
    { calls: number; bytes: number; tokens: number; largest: number; errors: number }
  >();
  for (const t of all) {
    const key = t.name ?? "?";
    const g = groups.get(key) ?? { calls: 0, bytes: 0, tokens: 0, largest: 0, errors: 0 };
    g.calls += 1;
    g.bytes += t.bytes;
    g.tokens += t.tokens;
    g.largest = Math.max(g.largest, t.bytes);
    g.errors += t.isError ? 1 : 0;
    groups.set(key, g);
  }
  const byCompressor = store.db
    .prepare(
      `SELECT coalesce(compressor, '(none)') AS compressor, count(*) AS outputs,
         sum(original_bytes) AS originalBytes, sum(coalesce(excerpt_bytes, original_bytes)) AS shownBytes,
         avg(latency_ms) AS avgLatencyMs
       FROM outputs WHERE session_id = ? GROUP BY 1 ORDER BY originalBytes DESC`,
    )
    .all(s.id) as unknown as CompressionGroup[];
  const rows = figureRows(store, { sessionId: s.id });
  const byPart = store.db
    .prepare(
      `SELECT event, part, count(*) AS count, sum(chars) AS chars, sum(tokens_est) AS tokensEst
       FROM injections WHERE session_id = ? GROUP BY event, part ORDER BY tokensEst DESC`,
    )
    .all(s.id) as unknown as InjectionGroup[];
  const trap = exitTrapState(store, s.id);
  const injTotal = byPart.reduce(
    (a, g) => ({ count: a.count + g.count, chars: a.chars + g.chars, tokensEst: a.tokensEst + g.tokensEst }),
    { count: 0, chars: 0, tokensEst: 0 },
  );
  return {
    session: sessionSummaryView(s),
    usage: usage ?? null,
    tokens: { main: totals.main, subagents: totals.agents },
    toolResults: all.slice(0, top),
    tools: [...groups.entries()].map(([name, g]) => ({ name, ...g })).sort((a, b) => b.bytes - a.bytes),
    figures: {
      method: FIGURES_METHOD,
      total: sumFigures(rows),
      outputs: outputFigures(store, s.id),
      ...figureGroups(store, rows),
    },
    compressions: {
      byCompressor: byCompressor.map((g) => ({ ...g })),
      failingBash: { state: trap ?? null, text: describeExitTrap(trap) },
    },
    compactions: compactions(store, s.id).map((c) => ({ ...c })),
    timeline: contextTimeline(store, s.id).map((p) => ({ ...p })),
    injections: { total: injTotal, byPart: byPart.map((g) => ({ ...g })) },
    warnings: warningsGiven(store, s.id).map((w) => ({ ...w })),
  };
}
