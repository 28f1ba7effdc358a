import type { Store } from "../store/db.ts";
import type { Sql } from "./client.ts";
import type { TeamRecord } from "./records.ts";

/**
 * Sends the outbox to the server, oldest first, in batches. A record is marked pushed
 * only after its batch committed on the server; a retry after a failure sends it again
 * and the server keeps the first copy (ON CONFLICT DO NOTHING on the stable id).
 */
export async function push(
  store: Store,
  sql: Sql,
  opts: { batch?: number; now?: () => number } = {},
): Promise<{ sent: number; added: number }> {
  const batch = opts.batch ?? 1000;
  const now = opts.now ?? Date.now;
  let sent = 0;
  let added = 0;
  const pending = store.db.prepare(
    "SELECT id, record FROM team_outbox WHERE pushed_at IS NULL ORDER BY at, id LIMIT ?",
  );
  const done = store.db.prepare("UPDATE team_outbox SET pushed_at = ? WHERE id = ?");
  for (;;) {
    const rows = pending.all(batch) as { id: string; record: string }[];
    if (rows.length === 0) break;
    const recs = rows.map((r) => JSON.parse(r.record) as TeamRecord);
    const res = await sql`
      INSERT INTO cairn_team_records (id, project, kind, machine, machine_id, user_name, session_id, at, text, meta)
      SELECT id, project, kind, machine, machine_id, user_name, session_id, at, text, meta::jsonb
      FROM unnest(
        ${recs.map((r) => r.id)}::text[], ${recs.map((r) => r.project)}::text[], ${recs.map((r) => r.kind)}::text[],
        ${recs.map((r) => r.machine)}::text[], ${recs.map((r) => r.machineId)}::text[], ${recs.map((r) => r.user)}::text[],
        ${recs.map((r) => r.session)}::text[], ${recs.map((r) => String(r.at))}::bigint[], ${recs.map((r) => pgText(r.text))}::text[],
        ${recs.map((r) => (r.meta ? pgText(JSON.stringify(r.meta)) : null))}::text[]
      ) AS t(id, project, kind, machine, machine_id, user_name, session_id, at, text, meta)
      ON CONFLICT (id) DO NOTHING`;
    added += res.count;
    sent += rows.length;
    const at = now();
    store.tx(() => {
      for (const r of rows) done.run(at, r.id);
    });
  }
  return { sent, added };
}

/** PostgreSQL text cannot hold NUL. */
function pgText(s: string): string {
  return s.includes("\0") ? s.replaceAll("\0", "\uFFFD") : s;
}
