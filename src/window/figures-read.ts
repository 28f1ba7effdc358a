import { BYTES_PER_TOKEN, estimateTokens, formatBytes } from "../core/format.ts";
import type { Store } from "../store/db.ts";

/**
 * The figures every view shows (report, sessions, status, the statusline, the
 * dashboard): what the model was shown of tool outputs with cairn, what Claude Code
 * alone would have shown it, what reading originals back cost, and the net of it.
 * Counted per call in PostToolUse (figures.ts); where the ledger has read the
 * transcript, the size of what the model was actually sent replaces the hook's figure.
 *
 * Bytes are measured; tokens are an estimate (FIGURES_METHOD).
 */

export const FIGURES_METHOD = `Bytes are measured: what the model was shown is the size of each tool result in the session's transcript (the hook's own count until the transcript is read); what Claude Code alone would have shown is the tool's output, or over its limit (Bash 30,000, Grep 20,000, Glob and MCP 50,000 characters) Claude Code's saved-output notice with its 2,000-character preview, a Read whole with its line numbers. Saved = alone - shown, and can be negative. Read back: cairn show, detail and search (through Bash or MCP) run by the model, and the same command or file run or read again after an excerpt of it with no edit between. Net = saved - read back. Tokens are estimated as bytes / ${BYTES_PER_TOKEN}; money as those tokens at the model's input price.`;

export interface Figures {
  /** Tool outputs counted. */
  readonly outputs: number;
  /** Of them, the ones cairn changed (an excerpt, a reference, the lines that changed). */
  readonly changed: number;
  /** What Claude Code alone would have shown of them. */
  readonly counterfactualBytes: number;
  /** What the model was shown of them. */
  readonly shownBytes: number;
  /** counterfactual - shown: negative where cairn showed more. */
  readonly savedBytes: number;
  /** Outputs where cairn showed more than Claude Code alone would have. */
  readonly moreThanAlone: number;
  /** Lines naming a problem that cairn showed and Claude Code's preview would have hidden. */
  readonly hiddenErrorsShown: number;
  readonly retrievals: number;
  readonly retrievedBytes: number;
  /** saved - retrieved. */
  readonly netBytes: number;
  /** Net, in tokens: an estimate (bytes / 4). */
  readonly netTokensEst: number;
  /** Calls whose shown size is measured from the transcript (the rest: the hook's count). */
  readonly measured: number;
}

/** One counted call, with the measured size where the ledger has it. */
export interface FigureRow {
  readonly sessionId: string;
  readonly toolUseId: string;
  readonly toolName: string;
  readonly kind: "output" | "retrieval";
  readonly retrieval: string | null;
  readonly outputId: number | null;
  readonly changed: boolean;
  readonly counterfactualBytes: number;
  readonly shownBytes: number;
  readonly hiddenErrorsShown: number;
  readonly measured: boolean;
  readonly at: number;
}

export interface FigureFilter {
  readonly sessionId?: string | undefined;
  readonly project?: string | undefined;
  readonly from?: number | undefined;
  readonly to?: number | undefined;
}

/**
 * The counted calls. An output cairn left alone was shown as Claude Code alone shows
 * it, so its counterfactual is what was measured too.
 */
export function figureRows(store: Store, f: FigureFilter): FigureRow[] {
  const rows = store.db
    .prepare(
      `SELECT f.session_id AS sessionId, f.tool_use_id AS toolUseId, f.tool_name AS toolName, f.kind,
         f.retrieval, f.output_id AS outputId, f.changed,
         CASE WHEN f.kind = 'output' AND f.changed = 0
           THEN coalesce(t.result_bytes, f.counterfactual_bytes) ELSE f.counterfactual_bytes END AS counterfactualBytes,
         coalesce(t.result_bytes, f.shown_bytes) AS shownBytes,
         f.hidden_errors_shown AS hiddenErrorsShown, t.result_bytes IS NOT NULL AS measured, f.at
       FROM call_figures f
       LEFT JOIN ledger_tools t ON t.session_id = f.session_id AND t.tool_use_id = f.tool_use_id
       WHERE (:session IS NULL OR f.session_id = :session)
         AND (:project IS NULL OR f.session_id IN (SELECT id FROM sessions WHERE project_dir = :project))
         AND (:from IS NULL OR f.at >= :from) AND (:to IS NULL OR f.at < :to)
       ORDER BY f.at, f.rowid`,
    )
    .all({
      session: f.sessionId ?? null,
      project: f.project ?? null,
      from: f.from ?? null,
      to: f.to ?? null,
    }) as unknown as (Omit<FigureRow, "changed" | "measured"> & { changed: number; measured: number })[];
  return rows.map((r) => ({ ...r, changed: r.changed === 1, measured: r.measured === 1 }));
}

export function sumFigures(rows: readonly FigureRow[]): Figures {
  let outputs = 0;
  let changed = 0;
  let counterfactualBytes = 0;
  let shownBytes = 0;
  let moreThanAlone = 0;
  let hiddenErrorsShown = 0;
  let retrievals = 0;
  let retrievedBytes = 0;
  let measured = 0;
  for (const r of rows) {
    if (r.measured) measured += 1;
    if (r.kind === "retrieval") {
      retrievals += 1;
      retrievedBytes += r.shownBytes;
      continue;
    }
    outputs += 1;
    if (r.changed) changed += 1;
    counterfactualBytes += r.counterfactualBytes;
    shownBytes += r.shownBytes;
    if (r.shownBytes > r.counterfactualBytes) moreThanAlone += 1;
    hiddenErrorsShown += r.hiddenErrorsShown;
  }
  const savedBytes = counterfactualBytes - shownBytes;
  const netBytes = savedBytes - retrievedBytes;
  return {
    outputs,
    changed,
    counterfactualBytes,
    shownBytes,
    savedBytes,
    moreThanAlone,
    hiddenErrorsShown,
    retrievals,
    retrievedBytes,
    netBytes,
    netTokensEst: Math.sign(netBytes) * estimateTokens(Math.abs(netBytes)),
    measured,
  };
}

/**
 * One session's figures, summed in SQL from the covering index (call_figures_sums) and
 * the ledger's primary key: no stored text is read, so the statusline's refresh after
 * every tool call stays cheap in a session of thousands of calls. The same sums as
 * sumFigures(figureRows(...)), which a test holds it to.
 */
/** The sums of one session's counted calls (its only parameter: the session id). */
export const SESSION_FIGURES_SQL = `SELECT count(*) FILTER (WHERE kind = 'output') AS outputs,
         count(*) FILTER (WHERE kind = 'output' AND changed = 1) AS changed,
         coalesce(sum(alone) FILTER (WHERE kind = 'output'), 0) AS counterfactualBytes,
         coalesce(sum(shown) FILTER (WHERE kind = 'output'), 0) AS shownBytes,
         count(*) FILTER (WHERE kind = 'output' AND shown > alone) AS moreThanAlone,
         coalesce(sum(errors) FILTER (WHERE kind = 'output'), 0) AS hiddenErrorsShown,
         count(*) FILTER (WHERE kind = 'retrieval') AS retrievals,
         coalesce(sum(shown) FILTER (WHERE kind = 'retrieval'), 0) AS retrievedBytes,
         count(*) FILTER (WHERE measured) AS measured
       FROM (SELECT f.kind, f.changed, f.hidden_errors_shown AS errors, t.result_bytes IS NOT NULL AS measured,
               coalesce(t.result_bytes, f.shown_bytes) AS shown,
               CASE WHEN f.kind = 'output' AND f.changed = 0
                 THEN coalesce(t.result_bytes, f.counterfactual_bytes) ELSE f.counterfactual_bytes END AS alone
             FROM call_figures f INDEXED BY call_figures_sums
             LEFT JOIN ledger_tools t ON t.session_id = f.session_id AND t.tool_use_id = f.tool_use_id
             WHERE f.session_id = ?)`;

export function sessionFigures(store: Store, sessionId: string): Figures {
  const r = store.db.prepare(SESSION_FIGURES_SQL).get(sessionId) as Omit<
    Figures,
    "savedBytes" | "netBytes" | "netTokensEst"
  >;
  const savedBytes = r.counterfactualBytes - r.shownBytes;
  const netBytes = savedBytes - r.retrievedBytes;
  return {
    ...r,
    savedBytes,
    netBytes,
    netTokensEst: Math.sign(netBytes) * estimateTokens(Math.abs(netBytes)),
  };
}

/** One output cairn changed or that was read back, with what reading it back cost. */
export interface OutputFigures {
  readonly outputId: number | null;
  readonly toolUseId: string;
  readonly toolName: string;
  readonly label: string | null;
  readonly counterfactualBytes: number;
  readonly shownBytes: number;
  readonly savedBytes: number;
  readonly retrievals: number;
  readonly retrievedBytes: number;
  readonly netBytes: number;
  readonly hiddenErrorsShown: number;
}

/**
 * Per output: every output cairn changed, and the retrievals that name it; retrievals
 * that name no output (detail, search) come last, as one line.
 */
export function outputFigures(store: Store, sessionId: string): OutputFigures[] {
  const rows = figureRows(store, { sessionId });
  const back = new Map<number, { n: number; bytes: number }>();
  let loose = { n: 0, bytes: 0 };
  for (const r of rows) {
    if (r.kind !== "retrieval") continue;
    if (r.outputId === null) loose = { n: loose.n + 1, bytes: loose.bytes + r.shownBytes };
    else {
      const b = back.get(r.outputId) ?? { n: 0, bytes: 0 };
      back.set(r.outputId, { n: b.n + 1, bytes: b.bytes + r.shownBytes });
    }
  }
  const labels = new Map<number, string | null>();
  const label = (id: number | null) => {
    if (id === null) return null;
    if (!labels.has(id)) {
      const o = store.db.prepare("SELECT label FROM outputs WHERE id = ?").get(id) as
        | { label: string | null }
        | undefined;
      labels.set(id, o?.label ?? null);
    }
    return labels.get(id) ?? null;
  };
  const out: OutputFigures[] = [];
  const listed = new Set<number>();
  for (const r of rows) {
    if (r.kind !== "output" || (!r.changed && !(r.outputId !== null && back.has(r.outputId)))) continue;
    // A retrieval counts once, against the first listed output it names.
    const b = r.outputId !== null && !listed.has(r.outputId) ? back.get(r.outputId) : undefined;
    if (r.outputId !== null) listed.add(r.outputId);
    const saved = r.counterfactualBytes - r.shownBytes;
    out.push({
      outputId: r.outputId,
      toolUseId: r.toolUseId,
      toolName: r.toolName,
      label: label(r.outputId),
      counterfactualBytes: r.counterfactualBytes,
      shownBytes: r.shownBytes,
      savedBytes: saved,
      retrievals: b?.n ?? 0,
      retrievedBytes: b?.bytes ?? 0,
      netBytes: saved - (b?.bytes ?? 0),
      hiddenErrorsShown: r.hiddenErrorsShown,
    });
  }
  // Retrievals of outputs not counted in this session (filed before figures were kept, or elsewhere).
  for (const [id, b] of back) if (!listed.has(id)) loose = { n: loose.n + b.n, bytes: loose.bytes + b.bytes };
  if (loose.n > 0)
    out.push({
      outputId: null,
      toolUseId: "",
      toolName: "",
      label: null,
      counterfactualBytes: 0,
      shownBytes: 0,
      savedBytes: 0,
      retrievals: loose.n,
      retrievedBytes: loose.bytes,
      netBytes: -loose.bytes,
      hiddenErrorsShown: 0,
    });
  return out;
}

export interface FigureGroup extends Figures {
  readonly key: string;
}

/** Figures summed per key (a tool, a compressor, a model, a day), the largest net first. */
export function groupFigures(rows: readonly FigureRow[], keyOf: (r: FigureRow) => string): FigureGroup[] {
  const by = new Map<string, FigureRow[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = by.get(k);
    if (list) list.push(r);
    else by.set(k, [r]);
  }
  return [...by.entries()]
    .map(([key, rs]) => ({ key, ...sumFigures(rs) }))
    .sort((a, b) => b.netBytes - a.netBytes);
}

/** What a group key needs to know of a stored output: its tool and compressor. */
export function outputKinds(
  store: Store,
  ids: Iterable<number>,
): Map<number, { tool: string; compressor: string | null }> {
  const q = store.db.prepare("SELECT tool_name AS tool, compressor FROM outputs WHERE id = ?");
  const out = new Map<number, { tool: string; compressor: string | null }>();
  for (const id of ids) {
    if (out.has(id)) continue;
    const r = q.get(id) as { tool: string; compressor: string | null } | undefined;
    if (r) out.set(id, { ...r });
  }
  return out;
}

/**
 * The usual group keys: per tool and per compressor. A retrieval counts in the group of
 * the output it reads (or "(read back)" when it names none); an output cairn left alone
 * is "(left alone)" among compressors, a reference to an earlier output "(reference)".
 */
export function figureKeys(
  store: Store,
  rows: readonly FigureRow[],
): { tool: (r: FigureRow) => string; compressor: (r: FigureRow) => string } {
  const kinds = outputKinds(
    store,
    rows.flatMap((r) => (r.outputId === null ? [] : [r.outputId])),
  );
  const of = (r: FigureRow) => (r.outputId === null ? undefined : kinds.get(r.outputId));
  return {
    tool: (r) => (r.kind === "retrieval" ? (of(r)?.tool ?? "(read back)") : r.toolName),
    compressor: (r) => {
      if (r.kind === "retrieval") return of(r)?.compressor ?? "(read back)";
      return r.changed ? (of(r)?.compressor ?? "(reference)") : "(left alone)";
    },
  };
}

export function figureGroups(
  store: Store,
  rows: readonly FigureRow[],
): { byTool: FigureGroup[]; byCompressor: FigureGroup[] } {
  const keys = figureKeys(store, rows);
  return { byTool: groupFigures(rows, keys.tool), byCompressor: groupFigures(rows, keys.compressor) };
}

/** The figures in one line, the net first: what cairn saved (or cost) and its parts. */
export function figuresLine(f: Figures): string {
  const net =
    f.netBytes < 0 ? `net cost ${formatBytes(-f.netBytes)}` : `net ${formatBytes(f.netBytes)} saved`;
  const more = f.moreThanAlone ? ` · ${f.moreThanAlone} shown more than Claude Code alone` : "";
  return `${net}: Claude Code alone ${formatBytes(f.counterfactualBytes)} → shown ${formatBytes(f.shownBytes)}, read back ${formatBytes(f.retrievedBytes)} (${f.retrievals} retrieval${f.retrievals === 1 ? "" : "s"})${more}`;
}
