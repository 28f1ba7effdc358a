import { join } from "node:path";
import { readJsonIfExists, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, sessionDir } from "../core/paths.ts";
import type { Store } from "../store/db.ts";

/**
 * What the statusline shows of cairn's work in a session, kept in a small file by the
 * hooks so that `cairn statusline` (run every few hundred ms) never opens the database.
 */
interface SessionSummary {
  readonly at: number;
  /** Outputs filed (originals stored, excerpts shown). */
  readonly outputs: number;
  /** Bytes the model did not have to read: originals minus excerpts. */
  readonly saved_bytes: number;
  /** The thresholds in force, so the statusline colours by them without loading the config. */
  readonly warn_pct: number;
  readonly critical_pct: number;
  /** The highest output id the figures include: the next refresh adds only the rows after it. */
  readonly last_id?: number;
}

/**
 * Every this many outputs the figures are summed again in full, which also takes in the
 * rare change to an older row (an original masked again by retention, a filing completed
 * after a kill).
 */
const FULL_SUM_EVERY = 32;

function sessionSummaryPath(paths: CairnPaths, sessionId: string): string {
  return join(sessionDir(paths, sessionId), "summary.json");
}

export function readSessionSummary(paths: CairnPaths, sessionId: string): SessionSummary | undefined {
  return readJsonIfExists<SessionSummary>(sessionSummaryPath(paths, sessionId));
}

export interface Savings {
  readonly outputs: number;
  readonly originalBytes: number;
  readonly shownBytes: number;
  readonly savedBytes: number;
}

/** Outputs cairn filed in a session and the bytes their excerpts saved. */
export function sessionSavings(store: Store, sessionId: string): Savings {
  const r = store.db
    .prepare(
      `SELECT count(*) AS outputs, coalesce(sum(original_bytes), 0) AS originalBytes,
         coalesce(sum(coalesce(excerpt_bytes, original_bytes)), 0) AS shownBytes,
         coalesce(sum(max(0, original_bytes - coalesce(excerpt_bytes, original_bytes))), 0) AS savedBytes
       FROM outputs WHERE session_id = ?`,
    )
    .get(sessionId) as unknown as Savings;
  return { ...r };
}

/** Outputs of a session and their ids: from the index alone, without reading a row. */
function outputCount(store: Store, sessionId: string): number {
  const r = store.db.prepare("SELECT count(*) AS n FROM outputs WHERE session_id = ?").get(sessionId) as {
    n: number;
  };
  return r.n;
}

interface Figures {
  readonly outputs: number;
  readonly savedBytes: number;
  readonly lastId: number;
}

/**
 * The session's figures for the rows after `afterId`. In each row the sizes sit after the
 * original, so a sum over all of a session's rows reads every stored original (a session
 * of 300 filed outputs: 11-19 ms on every tool call); rows after the last refresh are few.
 */
function figuresAfter(store: Store, sessionId: string, afterId: number): Figures {
  const r = store.db
    .prepare(
      `SELECT count(*) AS outputs, coalesce(max(id), 0) AS lastId,
         coalesce(sum(max(0, original_bytes - coalesce(excerpt_bytes, original_bytes))), 0) AS savedBytes
       FROM outputs WHERE session_id = ? AND id > ?`,
    )
    .get(sessionId, afterId) as unknown as Figures;
  return { outputs: r.outputs, savedBytes: r.savedBytes, lastId: Math.max(afterId, r.lastId) };
}

/** The figures: the last summary's plus its newer rows, or a full sum when they do not add up. */
function currentFigures(store: Store, sessionId: string, prev: SessionSummary | undefined): Figures {
  const total = outputCount(store, sessionId);
  const last = prev?.last_id;
  if (
    prev &&
    Number.isSafeInteger(last) &&
    Number.isSafeInteger(prev.outputs) &&
    Number.isSafeInteger(prev.saved_bytes) &&
    total % FULL_SUM_EVERY !== 0
  ) {
    const added = figuresAfter(store, sessionId, last as number);
    // Rows removed (retention, gc) or ids out of order: the sum no longer adds up.
    if (prev.outputs + added.outputs === total)
      return { outputs: total, savedBytes: prev.saved_bytes + added.savedBytes, lastId: added.lastId };
  }
  return figuresAfter(store, sessionId, 0);
}

/** Rewrites the summary file when a figure changed (a rename; readers never see half a file). */
export function refreshSessionSummary(
  store: Store,
  paths: CairnPaths,
  sessionId: string,
  thresholds: { warnPct: number; criticalPct: number },
  now: number,
): SessionSummary {
  const prev = readSessionSummary(paths, sessionId);
  const f = currentFigures(store, sessionId, prev);
  const next: SessionSummary = {
    at: now,
    outputs: f.outputs,
    saved_bytes: f.savedBytes,
    warn_pct: thresholds.warnPct,
    critical_pct: thresholds.criticalPct,
    last_id: f.lastId,
  };
  if (
    prev &&
    prev.outputs === next.outputs &&
    prev.saved_bytes === next.saved_bytes &&
    prev.warn_pct === next.warn_pct &&
    prev.critical_pct === next.critical_pct &&
    prev.last_id === next.last_id
  ) {
    return prev;
  }
  // Not durable: the figures come from the database, and every hook rewrites them.
  writeFileAtomic(sessionSummaryPath(paths, sessionId), JSON.stringify(next), undefined, { durable: false });
  return next;
}
