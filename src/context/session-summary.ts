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
}

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

/** Rewrites the summary file when a figure changed (a rename; readers never see half a file). */
export function refreshSessionSummary(
  store: Store,
  paths: CairnPaths,
  sessionId: string,
  thresholds: { warnPct: number; criticalPct: number },
  now: number,
): SessionSummary {
  const s = sessionSavings(store, sessionId);
  const prev = readSessionSummary(paths, sessionId);
  const next: SessionSummary = {
    at: now,
    outputs: s.outputs,
    saved_bytes: s.savedBytes,
    warn_pct: thresholds.warnPct,
    critical_pct: thresholds.criticalPct,
  };
  if (
    prev &&
    prev.outputs === next.outputs &&
    prev.saved_bytes === next.saved_bytes &&
    prev.warn_pct === next.warn_pct &&
    prev.critical_pct === next.critical_pct
  ) {
    return prev;
  }
  // Not durable: the figures come from the database, and every hook rewrites them.
  writeFileAtomic(sessionSummaryPath(paths, sessionId), JSON.stringify(next), undefined, { durable: false });
  return next;
}
