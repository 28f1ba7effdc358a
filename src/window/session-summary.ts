import { join } from "node:path";
import { readInPlace, writeInPlace } from "../core/fs.ts";
import { type CairnPaths, sessionDir } from "../core/paths.ts";
import type { Store } from "../store/db.ts";
import { sessionFigures } from "./figures-read.ts";

/**
 * What the statusline shows of cairn's work in a session, kept in a small file by the
 * hooks so that `cairn statusline` (run every few hundred ms) never opens the database.
 * The figures are a session's net ones (figures-read.ts).
 */
interface SessionSummary {
  readonly at: number;
  /** Outputs cairn changed (excerpts, references, changed lines). */
  readonly outputs: number;
  readonly counterfactual_bytes: number;
  readonly shown_bytes: number;
  readonly retrieved_bytes: number;
  /** Saved (Claude Code alone minus shown) minus read back: negative where cairn cost context. */
  readonly net_bytes: number;
  /** Outputs where cairn showed more than Claude Code alone would have. */
  readonly more_than_alone: number;
  /** The thresholds in force, so the statusline colours by them without loading the config. */
  readonly warn_pct: number;
  readonly critical_pct: number;
}

function sessionSummaryPath(paths: CairnPaths, sessionId: string): string {
  return join(sessionDir(paths, sessionId), "summary.json");
}

export function readSessionSummary(paths: CairnPaths, sessionId: string): SessionSummary | undefined {
  const text = readInPlace(sessionSummaryPath(paths, sessionId));
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as SessionSummary;
  } catch {
    return undefined;
  }
}

/**
 * Rewrites the summary file when a figure changed (in place, each line with its hash:
 * a reader never takes half a write for a summary; core/fs.ts writeInPlace). The sums read one covering index of the session's counted calls (no stored
 * text), so this stays cheap however long the session.
 */
export function refreshSessionSummary(
  store: Store,
  paths: CairnPaths,
  sessionId: string,
  thresholds: { warnPct: number; criticalPct: number },
  now: number,
): SessionSummary {
  const prev = readSessionSummary(paths, sessionId);
  const f = sessionFigures(store, sessionId);
  const next: SessionSummary = {
    at: now,
    outputs: f.changed,
    counterfactual_bytes: f.counterfactualBytes,
    shown_bytes: f.shownBytes,
    retrieved_bytes: f.retrievedBytes,
    net_bytes: f.netBytes,
    more_than_alone: f.moreThanAlone,
    warn_pct: thresholds.warnPct,
    critical_pct: thresholds.criticalPct,
  };
  if (prev && JSON.stringify({ ...prev, at: 0 }) === JSON.stringify({ ...next, at: 0 })) return prev;
  // Not durable: the figures come from the database, and every hook rewrites them.
  writeInPlace(sessionSummaryPath(paths, sessionId), JSON.stringify(next));
  return next;
}
