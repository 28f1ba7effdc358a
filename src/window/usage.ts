import { join } from "node:path";
import { readEntry, readTail } from "../claude/transcript.ts";
import type { Config } from "../config/schema.ts";
import { finiteNumber } from "../core/finite.ts";
import { readJsonIfExists } from "../core/fs.ts";
import { type CairnPaths, sessionDir } from "../core/paths.ts";
import { geminiWindow } from "../gemini/transcript.ts";
import type { Store } from "../store/db.ts";
import { type LedgerSession, ledgerSession, staleToolTokens } from "./ledger-read.ts";
import { registryWindow } from "./model-windows.ts";

/**
 * Where a window's size came from: Claude Code said it for this session (the
 * statusline's `context_window_size`, or the 1M-context beta in its requests), Claude
 * Code's model registry names the model (model-windows.ts), or cairn had to assume it.
 */
export type WindowBasis = "claude-code" | "registry" | "assumed";

export interface ContextWindow {
  readonly tokens: number;
  readonly basis: WindowBasis;
}

/** How full a session's context window is, from a measurement, never a guess. */
export interface ContextUsage {
  /** input + cache-creation + cache-read tokens of the last main-chain API response. */
  readonly usedTokens: number;
  readonly windowTokens: number;
  /** Whether the window was given, looked up or assumed (then every warning says so). */
  readonly windowBasis: WindowBasis;
  /** 0..100 */
  readonly usedPct: number;
  readonly remainingPct: number;
  /** Where the figure came from: Claude Code's statusline, or the transcript's own usage. */
  readonly source: "statusline" | "transcript";
  /** When it was measured (ms since epoch). */
  readonly at: number;
  readonly model?: string;
  /**
   * Estimated tokens of tool results from earlier turns still in the context (the
   * ledger's figure): main-chain results since the last compaction from user turns
   * before the last two (see staleToolTokens in ledger-read.ts).
   */
  readonly staleToolTokens?: number;
  /** Compactions so far (the ledger's figure). */
  readonly compactions?: number;
}

interface UsageDeps {
  readonly paths: CairnPaths;
  readonly config: Config;
  now(): number;
  /**
   * The store, when the caller has one open (a hook's ctx.store). Without it the
   * ledger opens the database itself and closes it again.
   */
  store?(): Promise<Store>;
}

/** The statusline metrics file cairn's statusline writes for each session. */
export function statuslineMetricsPath(paths: CairnPaths, sessionId: string): string {
  return join(sessionDir(paths, sessionId), "statusline.json");
}

/** What `cairn statusline` keeps of Claude Code's statusline input (snake_case, as received). */
export interface StatuslineMetrics {
  /** When cairn received it (ms since epoch). */
  readonly at: number;
  readonly session_id?: string;
  readonly transcript_path?: string;
  readonly project_dir?: string;
  readonly model?: string;
  readonly model_name?: string;
  readonly context_window?: {
    readonly context_window_size?: number;
    readonly used_percentage?: number | null;
    readonly remaining_percentage?: number | null;
    readonly total_input_tokens?: number;
    readonly total_output_tokens?: number;
    readonly current_usage?: Record<string, number> | null;
  };
  readonly cost?: { readonly total_cost_usd?: number };
  readonly exceeds_200k_tokens?: boolean;
}

export function readStatuslineMetrics(paths: CairnPaths, sessionId: string): StatuslineMetrics | undefined {
  const m = readJsonIfExists<StatuslineMetrics>(statuslineMetricsPath(paths, sessionId));
  return m && typeof m === "object" && typeof m.at === "number" ? m : undefined;
}

/**
 * The current context usage of a session: the most recent of the statusline's figure
 * (trusted while younger than monitor.metrics_max_age_s) and the ledger's (the last
 * response's usage in the transcript, read incrementally). Undefined when neither
 * exists (a session before its first response).
 */
export async function currentUsage(
  deps: UsageDeps,
  sessionId: string,
  transcriptPath: string,
): Promise<ContextUsage | undefined> {
  const metrics = readStatuslineMetrics(deps.paths, sessionId);
  let ledger: LedgerView | undefined;
  try {
    ledger = await readLedger(deps, sessionId, transcriptPath);
  } catch {
    // A locked or broken database must not blind the monitor: read the transcript's tail.
    const tail = usageFromTranscriptTail(transcriptPath);
    if (tail) ledger = { contextTokens: tail.usedTokens, contextAt: tail.at, model: tail.model ?? null };
  }
  return combineUsage({
    metrics,
    ledger,
    now: deps.now(),
    maxAgeMs: deps.config["monitor.metrics_max_age_s"] * 1000,
  });
}

/** The ledger's view of a session, as combineUsage needs it. */
export interface LedgerView {
  readonly contextTokens: number | null;
  readonly contextAt: number | null;
  readonly model: string | null;
  readonly maxContextTokens?: number;
  readonly window1m?: boolean;
  readonly staleToolTokens?: number;
  readonly compactions?: number;
}

/** How much of a transcript one usage query reads at most (a hook's share of a first read). */
const CATCH_UP_BYTES = 24 * 1024 * 1024;

async function readLedger(deps: UsageDeps, sessionId: string, transcriptPath: string): Promise<LedgerView> {
  // The reads are bundled here (a few queries): they always run with the catch-up, and
  // a lazy file of their own cost a hook one more file to load.
  const { catchUpSession } = await import("./ledger.ts");
  const own = deps.store ? undefined : await import("../store/db.ts").then((m) => m.openStore(deps.paths.db));
  const store = own ?? (await deps.store!());
  try {
    const { behind } = catchUpSession(store, sessionId, transcriptPath, { maxBytes: CATCH_UP_BYTES });
    const s = ledgerSession(store, sessionId);
    if (behind > 0) {
      // A transcript met for the first time, too large to read now: the next events
      // read on; meanwhile the last response's usage comes from the transcript's tail.
      const tail = usageFromTranscriptTail(transcriptPath);
      return {
        contextTokens: tail?.usedTokens ?? null,
        contextAt: tail?.at ?? null,
        model: tail?.model ?? s?.model ?? null,
        ...(s ? { window1m: s.window1m, maxContextTokens: s.maxContextTokens } : {}),
      };
    }
    return s
      ? ledgerView(s, staleToolTokens(store, s))
      : { contextTokens: null, contextAt: null, model: null };
  } finally {
    own?.close();
  }
}

export function ledgerView(s: LedgerSession, stale?: number): LedgerView {
  return {
    contextTokens: s.contextTokens,
    contextAt: s.contextAt,
    model: s.model,
    maxContextTokens: s.maxContextTokens,
    window1m: s.window1m,
    compactions: s.epoch,
    ...(stale !== undefined ? { staleToolTokens: stale } : {}),
  };
}

/**
 * Picks the better measurement. Both describe the last response; the statusline also
 * knows the exact window, the ledger knows when the figure was measured and what is
 * stale. The statusline's figure wins while it is fresh and no newer response exists.
 */
export function combineUsage(i: {
  metrics: StatuslineMetrics | undefined;
  ledger: LedgerView | undefined;
  now: number;
  maxAgeMs: number;
}): ContextUsage | undefined {
  const { metrics: m, ledger: l } = i;
  const cw = m?.context_window;
  const extra = {
    ...(l?.staleToolTokens !== undefined ? { staleToolTokens: l.staleToolTokens } : {}),
    ...(l?.compactions !== undefined ? { compactions: l.compactions } : {}),
  };
  const slFresh = m && cw && typeof cw.used_percentage === "number" && i.now - m.at <= i.maxAgeMs;
  const ledgerNewer = l?.contextAt != null && m !== undefined && l.contextAt > m.at;
  if (slFresh && !ledgerNewer) {
    const window = reportedWindow(cw) ?? contextWindow(l?.model ?? m.model, l);
    const usedPct = cw.used_percentage as number;
    return {
      usedTokens: cw.total_input_tokens ?? Math.round((usedPct / 100) * window.tokens),
      windowTokens: window.tokens,
      windowBasis: window.basis,
      usedPct,
      remainingPct: cw.remaining_percentage ?? 100 - usedPct,
      source: "statusline",
      at: m.at,
      ...(m.model ? { model: m.model } : {}),
      ...extra,
    };
  }
  if (l?.contextTokens == null) return undefined;
  const model = l.model ?? undefined;
  // The statusline's window is exact for the model it saw, whatever its age.
  const sameModel = m?.model && (!model || m.model === model);
  const window = (sameModel ? reportedWindow(cw) : undefined) ?? contextWindow(model ?? null, l);
  const usedPct = Math.min(100, Math.round((l.contextTokens / window.tokens) * 100));
  return {
    usedTokens: l.contextTokens,
    windowTokens: window.tokens,
    windowBasis: window.basis,
    usedPct,
    remainingPct: 100 - usedPct,
    source: "transcript",
    at: l.contextAt ?? i.now,
    ...(model ? { model } : {}),
    ...extra,
  };
}

/**
 * The window Claude Code reported, when it is a real size. In 2.1.328 only the
 * statusline's input carries `context_window` (the binary builds it in one place, for
 * the statusline; no hook event has it), so the statusline's metrics file is where it
 * comes from.
 */
function reportedWindow(cw: StatuslineMetrics["context_window"]): ContextWindow | undefined {
  const size = cw?.context_window_size;
  return typeof size === "number" && Number.isSafeInteger(size) && size > 0
    ? { tokens: size, basis: "claude-code" }
    : undefined;
}

/** The window as the ledger knows it: the 1M beta Claude Code asked for, else the model's. */
function contextWindow(model: string | null | undefined, l: LedgerView | undefined): ContextWindow {
  if (l?.window1m) return { tokens: 1_000_000, basis: "claude-code" };
  return windowForModel(model ?? undefined, Math.max(l?.maxContextTokens ?? 0, l?.contextTokens ?? 0));
}

/** What cairn assumes for a model neither the statusline nor the registry names. */
const ASSUMED_WINDOW = 200_000;

/**
 * A model's context window when Claude Code did not report it: the window Claude
 * Code's own registry gives the model (1M for a "[1m]" id, as Claude Code reads it),
 * else an assumed 200,000 tokens, said to be assumed. More tokens seen in use than a
 * window holds means a larger one: 1M (the largest any model has). Every figure cairn
 * prints or warns with (monitor, anchor, status, sessions, report, dashboard) comes
 * through here. A Gemini CLI model's is Gemini CLI's own (its tokenLimit(): gemini/transcript.ts).
 */
export function windowForModel(model: string | undefined, observedTokens = 0): ContextWindow {
  if (model && /^(gemini|gemma)-/.test(model)) return { tokens: geminiWindow(model), basis: "registry" };
  const listed = model ? registryWindow(model) : undefined;
  const oneM = !!model && /\[1m\]|-1m\b/i.test(model);
  const tokens = oneM ? 1_000_000 : (listed ?? ASSUMED_WINDOW);
  const basis: WindowBasis = listed !== undefined || oneM ? "registry" : "assumed";
  return { tokens: observedTokens > tokens ? 1_000_000 : tokens, basis };
}

const TAIL_BYTES = 512 * 1024;

/** A token count from the transcript: a finite, non-negative number, else nothing. */
function tokens(v: unknown): number {
  return Math.max(0, finiteNumber(v) ?? 0);
}

/** Reads only the end of the transcript: the last main-chain response with usage. */
export function usageFromTranscriptTail(transcriptPath: string): ContextUsage | undefined {
  const { lines } = readTail(transcriptPath, TAIL_BYTES);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.includes('"compact_boundary"')) return undefined; // nothing measured since the compaction
    if (!line.includes('"usage"') || !line.includes('"assistant"')) continue;
    const entry = readEntry(line); // undefined for a line being written
    if (entry?.type !== "assistant" || entry.isSidechain || !entry.message?.usage) continue;
    const u = entry.message.usage;
    const usedTokens =
      tokens(u.input_tokens) + tokens(u.cache_creation_input_tokens) + tokens(u.cache_read_input_tokens);
    const model = entry.message.model;
    const window = windowForModel(model, usedTokens);
    const usedPct = Math.min(100, Math.round((usedTokens / window.tokens) * 100));
    return {
      usedTokens,
      windowTokens: window.tokens,
      windowBasis: window.basis,
      usedPct,
      remainingPct: 100 - usedPct,
      source: "transcript",
      at: (entry.timestamp !== undefined && Date.parse(entry.timestamp)) || Date.now(),
      ...(model ? { model } : {}),
    };
  }
  return undefined;
}
