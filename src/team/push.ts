import type { Store } from "../store/db.ts";
import type { Sql } from "./client.ts";
import { lockMachine } from "./pg-schema.ts";
import { judge, type SharePolicy } from "./policy.ts";
import type { TeamRecord } from "./records.ts";

/**
 * Sends the outbox to the server, oldest first, in batches. Each record is judged
 * again by the share policy (it may have been queued under an older choice): what it
 * withholds is dropped from the outbox, never sent. A record is marked pushed only
 * after its batch committed on the server; a retry after a failure sends it again and
 * the server keeps the first copy (ON CONFLICT DO NOTHING on the stable id). A batch
 * holds its machine's advisory lock and skips what that machine forgot (forget.ts).
 */
export async function push(
  store: Store,
  sql: Sql,
  opts: { policy: SharePolicy; batch?: number; now?: () => number },
): Promise<{ sent: number; added: number; dropped: number }> {
  const batch = opts.batch ?? 1000;
  const now = opts.now ?? Date.now;
  let sent = 0;
  let added = 0;
  let dropped = 0;
  const pending = store.db.prepare(
    "SELECT id, record FROM team_outbox WHERE pushed_at IS NULL AND dropped_at IS NULL ORDER BY at, id LIMIT ?",
  );
  const done = store.db.prepare("UPDATE team_outbox SET pushed_at = ? WHERE id = ?");
  const drop = store.db.prepare(
    "UPDATE team_outbox SET dropped_at = ?, dropped_why = ?, record = '' WHERE id = ? AND pushed_at IS NULL",
  );
  for (;;) {
    const rows = pending.all(batch) as { id: string; record: string }[];
    if (rows.length === 0) break;
    const recs: TeamRecord[] = [];
    const withheld: { id: string; why: string }[] = [];
    for (const r of rows) {
      const v = judge(JSON.parse(r.record) as TeamRecord, opts.policy);
      if ("share" in v) recs.push(v.share);
      else withheld.push({ id: r.id, why: v.withhold });
    }
    if (withheld.length) {
      const at = now();
      store.tx(() => {
        for (const w of withheld) drop.run(at, w.why, w.id);
      });
      dropped += withheld.length;
    }
    if (recs.length) {
      added += await insertBatch(sql, recs);
      sent += recs.length;
      const at = now();
      store.tx(() => {
        for (const r of recs) done.run(at, r.id);
      });
    }
  }
  return { sent, added, dropped };
}

async function insertBatch(sql: Sql, recs: readonly TeamRecord[]): Promise<number> {
  return sql.begin(async (tx) => {
    for (const m of [...new Set(recs.map((r) => r.machineId))].sort()) await lockMachine(tx, m);
    const res = await tx`
      INSERT INTO cairn_team_records (id, project, kind, machine, machine_id, user_name, session_id, at, text, meta)
      SELECT id, project, kind, machine, machine_id, user_name, session_id, at, text, meta::jsonb
      FROM unnest(
        ${recs.map((r) => r.id)}::text[], ${recs.map((r) => r.project)}::text[], ${recs.map((r) => r.kind)}::text[],
        ${recs.map((r) => r.machine)}::text[], ${recs.map((r) => r.machineId)}::text[], ${recs.map((r) => r.user)}::text[],
        ${recs.map((r) => r.session)}::text[], ${recs.map((r) => String(r.at))}::bigint[], ${recs.map((r) => pgText(r.text))}::text[],
        ${recs.map((r) => (r.meta ? JSON.stringify(r.meta, noNul) : null))}::text[]
      ) AS t(id, project, kind, machine, machine_id, user_name, session_id, at, text, meta)
      WHERE NOT EXISTS (
        SELECT 1 FROM cairn_team_forgets f
        WHERE f.machine_id = t.machine_id
          AND (f.record_id = t.id OR f.session_id = t.session_id OR t.at BETWEEN f.since AND f.until))
      ON CONFLICT (id) DO NOTHING`;
    return res.count;
  }) as Promise<number>;
}

/** PostgreSQL text cannot hold NUL. */
function pgText(s: string): string {
  return s.includes("\0") ? s.replaceAll("\0", "\uFFFD") : s;
}

/**
 * Nor can jsonb, which also refuses a lone surrogate's escape (text columns get U+FFFD
 * for it when encoded): both become U+FFFD in every string of the meta.
 */
function noNul(_key: string, value: unknown): unknown {
  return typeof value === "string" ? pgText(value.replace(LONE_SURROGATE, "\uFFFD")) : value;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
