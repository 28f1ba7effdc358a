import type { CairnPaths } from "../core/paths.ts";
import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";
import { connect, describeError } from "./client.ts";
import { recordTeamHealth } from "./health.ts";
import { migrateServer } from "./pg-schema.ts";
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
  readonly pulled: number;
  readonly error?: string;
}

/**
 * One round with the server: migrate it if needed, push the whole outbox, pull the
 * project. Any failure is one line (masked) in the result and in the status the
 * status command, doctor and SessionStart read; what was not pushed stays in the
 * outbox for the next round.
 */
export async function syncOnce(
  store: Store,
  r: RoundOptions & {
    /** Where to keep the outcome for the statusline and doctor (see health.ts). */
    health?: CairnPaths;
  },
): Promise<SyncResult> {
  const result = await syncRound(store, r);
  if (r.health) {
    try {
      recordTeamHealth(r.health, result, (r.now ?? Date.now)());
    } catch {
      // Only the statusline's mark is lost; the status row in SQLite has the outcome.
    }
  }
  return result;
}

interface RoundOptions {
  url: string;
  project: string | undefined;
  now?: () => number;
  connectTimeoutS?: number;
  /** false: pull only (SessionStart's refresh wants the newest records, fast). */
  push?: boolean;
}

async function syncRound(store: Store, r: RoundOptions): Promise<SyncResult> {
  const now = r.now ?? Date.now;
  let sent = 0;
  let added = 0;
  let pulled = 0;
  let sql: Awaited<ReturnType<typeof connect>> | undefined;
  try {
    sql = await connect(r.url, { connectTimeoutS: r.connectTimeoutS });
    await migrateServer(sql);
    if (r.push !== false) {
      const p = await push(store, sql, { now });
      sent = p.sent;
      added = p.added;
      setState(store, STATUS_SCOPE, "lastPush", { at: now(), sent, added }, now());
    }
    if (r.project) {
      pulled = (await pull(store, sql, r.project, { now })).pulled;
      setState(store, STATUS_SCOPE, "lastPull", { at: now(), pulled, project: r.project }, now());
    }
    store.db.prepare("DELETE FROM kv WHERE scope = ? AND key = 'lastError'").run(STATUS_SCOPE);
    return { ok: true, sent, added, pulled };
  } catch (err) {
    const message = describeError(err, r.url);
    setState(store, STATUS_SCOPE, "lastError", { at: now(), message }, now());
    return { ok: false, sent, added, pulled, error: message };
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
  }
}
