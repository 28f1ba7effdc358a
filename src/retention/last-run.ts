import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";

/**
 * When retention last ran: the automatic trigger's throttle, read at every turn's end,
 * so it lives apart from the collector, which loads only when a run is due. Beside it,
 * how the last run ended, for `cairn doctor`.
 */
const SCOPE = "retention";
const LAST_RUN = "last_run";
const LAST_RESULT = "last_result";

interface RunResult {
  readonly at: number;
  readonly ok: boolean;
  /** The error that stopped it, when it failed. */
  readonly err?: string;
  /** Data in the database after it, and the cap it worked to. */
  readonly usedBytes?: number;
  readonly capBytes?: number;
  /** False when its time ran out with work left (the next run carries on). */
  readonly done?: boolean;
}

export function lastRun(store: Store): number {
  return getState<number>(store, SCOPE, LAST_RUN) ?? 0;
}

export function markRun(store: Store, now: number): void {
  setState(store, SCOPE, LAST_RUN, now, now);
}

export function recordResult(store: Store, r: RunResult): void {
  setState(store, SCOPE, LAST_RESULT, r, r.at);
}

export function lastResult(store: Store): RunResult | undefined {
  return getState<RunResult>(store, SCOPE, LAST_RESULT);
}

/**
 * Runs one retention pass and records how it ended, failure included (then rethrown):
 * a pass that keeps failing must show in `cairn doctor`, not only in the log.
 */
export function recorded<T extends { after: { usedBytes: number }; done: boolean }>(
  store: Store,
  now: number,
  capBytes: number,
  run: () => T,
): T {
  try {
    const r = run();
    recordResult(store, { at: now, ok: true, usedBytes: r.after.usedBytes, capBytes, done: r.done });
    return r;
  } catch (err) {
    try {
      recordResult(store, {
        at: now,
        ok: false,
        err: String((err as Error)?.message ?? err).slice(0, 500),
        capBytes,
      });
    } catch {
      // The database that failed the pass may refuse this too; the log still has it.
    }
    throw err;
  }
}
