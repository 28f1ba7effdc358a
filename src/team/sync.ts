import type { Config } from "../config/schema.ts";
import { createLogger } from "../core/log.ts";
import type { CairnPaths } from "../core/paths.ts";
import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";
import { close, connect, describeError } from "./client.ts";
import { type ConsentState, mayPush, readConsent } from "./consent.ts";
import { type DriverFault, faultMark, faultsSince } from "./driver-guard.ts";
import { pullForgets, pushForgets } from "./forget.ts";
import { recordTeamHealth } from "./health.ts";
import type { Machine } from "./identity.ts";
import { migrateServer } from "./pg-schema.ts";
import { loadPolicy } from "./policy.ts";
import { pull } from "./pull.ts";
import { push } from "./push.ts";

export interface SyncStatus {
  readonly lastPush?: { at: number; sent: number; added: number };
  readonly lastPull?: { at: number; pulled: number; project: string };
  readonly lastError?: { at: number; message: string };
  readonly serverSchema?: { from: number; to: number };
}

export const STATUS_SCOPE = "team";

export function syncStatus(store: Store): SyncStatus {
  const s: Record<string, unknown> = {};
  for (const key of ["lastPush", "lastPull", "lastError"] as const) {
    const v = getState(store, STATUS_SCOPE, key);
    if (v) s[key] = v;
  }
  return s as SyncStatus;
}

export interface SyncResult {
  readonly ok: boolean;
  readonly sent: number;
  readonly added: number;
  /** Outbox records the share policy now withholds: dropped, never sent. */
  readonly dropped: number;
  /** Records stored from the pull, and rows the server sent (the same, unless one came twice). */
  readonly pulled: number;
  readonly received: number;
  /** This machine's forgets the server carried out, and pulled copies that forgets removed here. */
  readonly forgotten: number;
  readonly droppedCopies: number;
  /** Whether this machine may push (its user's answer; undefined: not asked yet). */
  readonly consent: ConsentState | undefined;
  readonly error?: string;
}

interface RoundOptions {
  url: string;
  project: string | undefined;
  /**
   * This machine's cairn home: its consent decides whether the round pushes, and its
   * health file gets the outcome. Without it (and the config and machine) the round
   * only pulls: whether a machine may share is its home's to say.
   */
  home?: CairnPaths;
  /** team.share and team.exclude: the push judges every outbox record again. */
  config?: Config;
  machine?: Machine;
  now?: () => number;
  connectTimeoutS?: number;
  /** false: pull only (SessionStart's refresh wants the newest records, fast). */
  push?: boolean;
}

/**
 * One round with the server: migrate it if needed, carry out this machine's forgets,
 * push the outbox if the user agreed that this machine shares, pull the project and
 * every machine's forgets. Any failure is one line (masked) in the result and in the
 * status the status command, doctor and SessionStart read; what was not pushed stays
 * in the outbox for the next round.
 */
export async function syncOnce(store: Store, r: RoundOptions): Promise<SyncResult> {
  const mark = faultMark();
  const result = await syncRound(store, r);
  // A failed round may end within the tick its connection died in, before Node hands
  // the driver's escaped rejection to the guard: one turn of the event loop lets it through.
  if (!result.ok) await new Promise((res) => setImmediate(res));
  const health = r.home ? noteDriverFaults(r.home, faultsSince(mark), result) : result;
  try {
    if (r.home) recordTeamHealth(r.home, health, (r.now ?? Date.now)());
  } catch {
    // Only the statusline's mark is lost; the status row in SQLite has the outcome.
  }
  return result;
}

/**
 * The driver's faults this round met (driver-guard.ts) go where a failure is read:
 * cairn's log, and the health line doctor shows (the round's own failure, said to have
 * escaped the driver too).
 */
function noteDriverFaults(home: CairnPaths, faults: readonly DriverFault[], result: SyncResult): SyncResult {
  if (!faults.length) return result;
  const log = createLogger(home);
  for (const f of faults)
    log.warn(
      "team sync: the PostgreSQL driver let a failed connection escape; contained, the round is retried",
      {
        event: "team.driver-fault",
        kind: f.kind,
        err: f.err,
      },
    );
  const kinds = [...new Set(faults.map((f) => f.kind))].join(", ");
  return result.error
    ? { ...result, error: `${result.error} (the driver let it escape, contained: ${kinds})` }
    : result;
}

async function syncRound(store: Store, r: RoundOptions): Promise<SyncResult> {
  const now = r.now ?? Date.now;
  const consent = r.home ? readConsent(r.home).state : undefined;
  const n = { sent: 0, added: 0, dropped: 0, pulled: 0, received: 0, forgotten: 0, droppedCopies: 0 };
  let sql: Awaited<ReturnType<typeof connect>> | undefined;
  try {
    sql = await connect(r.url, { connectTimeoutS: r.connectTimeoutS });
    await migrateServer(sql);
    // Taking back is not sharing: a machine's forgets go whatever its consent.
    if (r.machine) n.forgotten = (await pushForgets(store, sql, r.machine.id, now)).removed;
    if (r.push !== false && r.config && mayPush({ state: consent })) {
      const p = await push(store, sql, { policy: loadPolicy(store, r.config), now });
      n.sent = p.sent;
      n.added = p.added;
      n.dropped = p.dropped;
      setState(store, STATUS_SCOPE, "lastPush", { at: now(), sent: n.sent, added: n.added }, now());
    }
    if (r.project) {
      const p = await pull(store, sql, r.project, { now });
      n.pulled = p.pulled;
      n.received = p.received;
      setState(store, STATUS_SCOPE, "lastPull", { at: now(), pulled: n.pulled, project: r.project }, now());
    }
    n.droppedCopies = (await pullForgets(store, sql, now)).dropped;
    store.db.prepare("DELETE FROM kv WHERE scope = ? AND key = 'lastError'").run(STATUS_SCOPE);
    return { ok: true, ...n, consent };
  } catch (err) {
    const message = describeError(err, r.url);
    setState(store, STATUS_SCOPE, "lastError", { at: now(), message }, now());
    return { ok: false, ...n, consent, error: message };
  } finally {
    await close(sql);
  }
}
