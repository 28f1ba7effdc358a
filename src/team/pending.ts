import type { Store } from "../store/db.ts";

/** Records waiting in the outbox: neither pushed yet nor dropped. Small, for hooks and status. */
export function outboxPending(store: Store): number {
  return (
    store.db
      .prepare("SELECT count(*) AS n FROM team_outbox WHERE pushed_at IS NULL AND dropped_at IS NULL")
      .get() as { n: number }
  ).n;
}
