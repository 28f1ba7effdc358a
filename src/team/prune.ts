import type { Store } from "../store/db.ts";

/**
 * Team memory under the retention policy's age: pushed outbox rows and pulled records
 * older than retention.days leave the local database (the server keeps them; `cairn
 * search --team` still finds them there). Unpushed rows are never removed.
 */
export function pruneTeam(store: Store, days: number, now: number): { outbox: number; records: number } {
  const before = now - days * 86_400_000;
  return store.tx(() => ({
    outbox: Number(
      store.db.prepare("DELETE FROM team_outbox WHERE pushed_at IS NOT NULL AND pushed_at < ?").run(before)
        .changes,
    ),
    records: Number(
      store.db.prepare("DELETE FROM team_records WHERE pulled_at < ? AND at < ?").run(before, before).changes,
    ),
  }));
}
