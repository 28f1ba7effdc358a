import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";

/**
 * When retention last ran: the automatic trigger's throttle, read at every turn's end,
 * so it lives apart from the collector, which loads only when a run is due.
 */
const SCOPE = "retention";
const LAST_RUN = "last_run";

export function lastRun(store: Store): number {
  return getState<number>(store, SCOPE, LAST_RUN) ?? 0;
}

export function markRun(store: Store, now: number): void {
  setState(store, SCOPE, LAST_RUN, now, now);
}
