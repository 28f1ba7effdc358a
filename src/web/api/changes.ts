import type { Reader } from "./reader.ts";

/**
 * A token that changes whenever anything the dashboard shows may have changed: the
 * newest row of each table the hooks write. The page polls it and reloads its view
 * only when it moved, so live refresh costs one indexed lookup per table.
 */
export function changeVersion(r: Reader): { version: string } {
  const row = r.store.db
    .prepare(
      `SELECT (SELECT coalesce(max(id), 0) FROM events) AS events,
              (SELECT coalesce(max(last_seen_at), 0) FROM sessions) AS seen,
              (SELECT coalesce(max(id), 0) FROM outputs) AS outputs,
              (SELECT coalesce(max(rowid), 0) FROM ledger_responses) AS responses,
              (SELECT coalesce(max(rowid), 0) FROM ledger_tools) AS tools,
              (SELECT coalesce(max(id), 0) FROM injections) AS injections,
              (SELECT coalesce(max(id), 0) FROM mem_items) AS memory`,
    )
    .get() as Record<string, number>;
  return { version: Object.values(row).join("-") };
}
