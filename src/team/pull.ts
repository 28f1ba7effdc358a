import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";
import type { Sql } from "./client.ts";

interface Cursor {
  readonly txid: string;
  readonly seq: string;
}

const cursorScope = (project: string) => `team-project:${project}`;

/**
 * Brings the project's records from the server into team_records, from where the last
 * pull stopped. Rows are taken in (transaction, sequence) order, and only from
 * transactions older than every one still running, so a push that commits after a
 * later one is picked up next time instead of being skipped. The order is the
 * columns' own: the text the row carries them as has other names, since ORDER BY
 * would take an output name first and sort "10" before "9" (a batch cut in text order
 * repeats rows, and skips some for good).
 */
export async function pull(
  store: Store,
  sql: Sql,
  project: string,
  opts: { batch?: number; now?: () => number } = {},
): Promise<{ pulled: number; received: number }> {
  const batch = opts.batch ?? 2000;
  const now = opts.now ?? Date.now;
  let cursor = getState<Cursor>(store, cursorScope(project), "pull_cursor") ?? { txid: "0", seq: "0" };
  const insert = store.db.prepare(
    `INSERT OR IGNORE INTO team_records
       (id, project, kind, machine, machine_id, user_name, session_id, at, text, meta, pulled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let pulled = 0;
  let received = 0;
  for (;;) {
    const rows = await sql<
      {
        id: string;
        sq: string;
        tx: string;
        kind: string;
        machine: string;
        machine_id: string;
        user_name: string;
        session_id: string | null;
        at: string;
        text: string;
        meta: string | null;
      }[]
    >`
      SELECT id, seq::text AS sq, txid::text AS tx, kind, machine, machine_id, user_name, session_id,
             at::text AS at, text, meta::text AS meta
      FROM cairn_team_records
      WHERE project = ${project}
        AND (txid, seq) > (${cursor.txid}::xid8, ${cursor.seq}::bigint)
        AND txid < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY txid, seq
      LIMIT ${batch}`;
    if (rows.length === 0) break;
    received += rows.length;
    const at = now();
    const last = rows.at(-1)!;
    cursor = { txid: last.tx, seq: last.sq };
    const next = cursor;
    store.tx(() => {
      for (const r of rows) {
        const res = insert.run(
          r.id,
          project,
          r.kind,
          r.machine,
          r.machine_id,
          r.user_name,
          r.session_id,
          Number(r.at),
          r.text,
          r.meta,
          at,
        );
        pulled += Number(res.changes);
      }
      setState(store, cursorScope(project), "pull_cursor", next, at);
    });
    if (rows.length < batch) break;
  }
  return { pulled, received };
}
