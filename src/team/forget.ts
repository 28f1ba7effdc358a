import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";
import type { Sql } from "./client.ts";
import { lockMachine } from "./pg-schema.ts";

/**
 * `cairn team forget`: a machine takes back what it shared, one record, one session or
 * everything it made in a span of time. On this machine at once (the outbox never
 * sends it, the pulled copies go, and the collector never shares it again); on the
 * server at the next sync, which deletes the records and leaves a row in
 * cairn_team_forgets in the same transaction; every other machine pulls that row and
 * drops its copies. A machine can only forget its own records: each forget names its
 * machine, and every copy it removes, here or elsewhere, is that machine's.
 */
export interface Forget {
  readonly id: string;
  readonly recordId?: string | undefined;
  readonly sessionId?: string | undefined;
  /** A span of time, both ends included (ms since the epoch, the machine's clock). */
  readonly since?: number | undefined;
  readonly until?: number | undefined;
  readonly at: number;
}

export type ForgetWhat =
  | { readonly record: string }
  | { readonly session: string }
  | { readonly since: number; readonly until: number };

/** Whether a forget covers a record of its own machine. */
export function forgetCovers(
  f: Forget,
  r: { readonly id: string; readonly session: string | null; readonly at: number },
): boolean {
  if (f.recordId !== undefined) return r.id === f.recordId;
  if (f.sessionId !== undefined) return r.session === f.sessionId;
  return f.since !== undefined && f.until !== undefined && r.at >= f.since && r.at <= f.until;
}

interface ForgetRow {
  id: string;
  record_id: string | null;
  session_id: string | null;
  since: number | null;
  until: number | null;
  at: number;
}

const fromRow = (r: ForgetRow): Forget => ({
  id: r.id,
  ...(r.record_id !== null ? { recordId: r.record_id } : {}),
  ...(r.session_id !== null ? { sessionId: r.session_id } : {}),
  ...(r.since !== null ? { since: Number(r.since), until: Number(r.until) } : {}),
  at: Number(r.at),
});

export function localForgets(store: Store): Forget[] {
  return (
    store.db
      .prepare("SELECT id, record_id, session_id, since, until, at FROM team_forgets")
      .all() as unknown as ForgetRow[]
  ).map(fromRow);
}

/** The SQL condition (and its values) for what a forget covers, in a table with id, session_id and at. */
function covers(f: Forget): { where: string; args: (string | number)[] } {
  if (f.recordId !== undefined) return { where: "id = ?", args: [f.recordId] };
  if (f.sessionId !== undefined) return { where: "session_id = ?", args: [f.sessionId] };
  return { where: "at BETWEEN ? AND ?", args: [f.since!, f.until!] };
}

/**
 * Takes back on this machine: the forget is kept (the collector and the push consult
 * it for good), unsent outbox rows it covers are dropped, and this machine's pulled
 * copies of its own records go. The server's part waits for the next sync.
 */
export function forgetLocally(
  store: Store,
  machineId: string,
  what: ForgetWhat,
  now: number,
): { forget: Forget; outbox: number; pulled: number } {
  const { randomUUID } = process.getBuiltinModule("node:crypto");
  const forget: Forget = {
    id: `${machineId}:${randomUUID()}`,
    ...("record" in what ? { recordId: what.record } : {}),
    ...("session" in what ? { sessionId: what.session } : {}),
    ...("since" in what ? { since: what.since, until: what.until } : {}),
    at: now,
  };
  const c = covers(forget);
  return store.tx(() => {
    store.db
      .prepare(
        "INSERT INTO team_forgets (id, record_id, session_id, since, until, at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        forget.id,
        forget.recordId ?? null,
        forget.sessionId ?? null,
        forget.since ?? null,
        forget.until ?? null,
        now,
      );
    const outbox = Number(
      store.db
        .prepare(
          `UPDATE team_outbox SET dropped_at = ?, dropped_why = 'forgotten', record = ''
           WHERE pushed_at IS NULL AND dropped_at IS NULL AND ${c.where}`,
        )
        .run(now, ...c.args).changes,
    );
    const pulled = Number(
      store.db
        .prepare(`DELETE FROM team_records WHERE machine_id = ? AND ${c.where}`)
        .run(machineId, ...c.args).changes,
    );
    return { forget, outbox, pulled };
  });
}

/**
 * Sends this machine's forgets the server has not had: each deletes the covered
 * records and leaves its row for the other machines, in one transaction under the
 * machine's advisory lock (a push of the same machine waits for it, then skips what
 * it covers). A retried forget deletes nothing more and adds no second row.
 */
export async function pushForgets(
  store: Store,
  sql: Sql,
  machineId: string,
  now: () => number,
): Promise<{ forgets: number; removed: number }> {
  const pending = store.db
    .prepare(
      "SELECT id, record_id, session_id, since, until, at FROM team_forgets WHERE pushed_at IS NULL ORDER BY at",
    )
    .all() as unknown as ForgetRow[];
  let removed = 0;
  for (const row of pending) {
    const f = fromRow(row);
    const gone = await sql.begin(async (tx) => {
      await lockMachine(tx, machineId);
      const deleted = await tx`
        DELETE FROM cairn_team_records
        WHERE machine_id = ${machineId} AND ${
          f.recordId !== undefined
            ? tx`id = ${f.recordId}`
            : f.sessionId !== undefined
              ? tx`session_id = ${f.sessionId}`
              : tx`at BETWEEN ${String(f.since)}::bigint AND ${String(f.until)}::bigint`
        }`;
      await tx`
        INSERT INTO cairn_team_forgets (id, machine_id, record_id, session_id, since, until, at, removed)
        VALUES (${f.id}, ${machineId}, ${f.recordId ?? null}, ${f.sessionId ?? null},
                ${f.since === undefined ? null : String(f.since)}::bigint,
                ${f.until === undefined ? null : String(f.until)}::bigint,
                ${String(f.at)}::bigint, ${deleted.count})
        ON CONFLICT (id) DO NOTHING`;
      return deleted.count;
    });
    removed += gone;
    store.db
      .prepare("UPDATE team_forgets SET pushed_at = ?, removed = coalesce(removed, 0) + ? WHERE id = ?")
      .run(now(), gone, f.id);
  }
  return { forgets: pending.length, removed };
}

interface Cursor {
  readonly txid: string;
  readonly seq: string;
}

/**
 * Every machine's forgets since the last pull, in (transaction, sequence) order of the
 * columns themselves and only from transactions older than every one still running
 * (as records are pulled: pull.ts),
 * each dropping the copies of its machine's records it covers.
 */
export async function pullForgets(
  store: Store,
  sql: Sql,
  now: () => number,
): Promise<{ forgets: number; dropped: number }> {
  let cursor = getState<Cursor>(store, "team", "forget_cursor") ?? { txid: "0", seq: "0" };
  let forgets = 0;
  let dropped = 0;
  for (;;) {
    const rows = await sql<
      {
        id: string;
        sq: string;
        tx: string;
        machine_id: string;
        record_id: string | null;
        session_id: string | null;
        since: string | null;
        until: string | null;
        at: string;
      }[]
    >`
      SELECT id, seq::text AS sq, txid::text AS tx, machine_id, record_id, session_id,
             since::text AS since, until::text AS until, at::text AS at
      FROM cairn_team_forgets
      WHERE (txid, seq) > (${cursor.txid}::xid8, ${cursor.seq}::bigint)
        AND txid < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY txid, seq
      LIMIT 1000`;
    if (rows.length === 0) break;
    const last = rows.at(-1)!;
    const next = { txid: last.tx, seq: last.sq };
    store.tx(() => {
      for (const r of rows) {
        const c = covers(
          fromRow({
            id: r.id,
            record_id: r.record_id,
            session_id: r.session_id,
            since: r.since === null ? null : Number(r.since),
            until: r.until === null ? null : Number(r.until),
            at: Number(r.at),
          }),
        );
        dropped += Number(
          store.db
            .prepare(`DELETE FROM team_records WHERE machine_id = ? AND ${c.where}`)
            .run(r.machine_id, ...c.args).changes,
        );
      }
      setState(store, "team", "forget_cursor", next, now());
    });
    cursor = next;
    forgets += rows.length;
    if (rows.length < 1000) break;
  }
  return { forgets, dropped };
}
