import type { CairnPaths } from "../core/paths.ts";
import type { Store } from "../store/db.ts";
import { unindexItem } from "../store/items-index.ts";
import { sessionScope } from "../store/kv.ts";
import { type IndexedRow, indexOutputs, resetOutputsIndex, unindexOutputs } from "../store/outputs-index.ts";
import { type StoreSize, storeSize } from "./size.ts";
import { type FileSweep, sweepFiles } from "./sweep-files.ts";

/**
 * The retention policy, applied. Two limits:
 *
 * - age: a session not seen for `days` goes with everything stored for it (rows in
 *   every table, its search index entries, its aged files);
 * - size: past `maxBytes` of data the oldest stored originals are pruned (the row
 *   stays, so `cairn show` can say when it went), then whole sessions, oldest first,
 *   then the oldest details of the sessions left, until the data is back under
 *   LOW_WATER of the cap; the session in use and the most recently active one are
 *   never removed whole.
 *
 * Work is done in short transactions so hooks writing meanwhile wait milliseconds, and
 * it stops at the deadline: the next run carries on.
 */
interface Policy {
  readonly days: number;
  readonly maxBytes: number;
}

interface GcOptions {
  readonly now: number;
  /** performance.now() past which no new batch starts. */
  readonly deadline?: number;
  readonly dryRun?: boolean;
  /** Never removed whole for size (its oldest originals still may be pruned). */
  readonly currentSession?: string;
  /** Pages handed back to the file system per run; unlimited when absent. */
  readonly vacuumPages?: number;
}

export interface GcReport {
  readonly sessionsRemoved: number;
  readonly originalsPruned: number;
  readonly originalBytesPruned: number;
  /** Memory details and records of pruned originals removed from the sessions in use. */
  readonly detailsDropped: number;
  readonly files: FileSweep;
  readonly before: StoreSize;
  readonly after: StoreSize;
  /** False when the deadline stopped it with work left. */
  readonly done: boolean;
}

/** After a size-triggered run the data sits this far below the cap, so runs are rare. */
const LOW_WATER = 0.8;
const BATCH = 100;
const DAY_MS = 24 * 3600_000;

export function collectGarbage(store: Store, paths: CairnPaths, policy: Policy, opts: GcOptions): GcReport {
  if (opts.dryRun) return dryRun(store, paths, policy, opts);
  // What retention removes may hold secrets the masking rules did not know: the pages
  // it frees are zeroed, not left for whoever reads the file. Reset afterwards: the
  // connection may be a server's, kept for other work.
  store.db.exec("PRAGMA secure_delete = ON");
  try {
    return collectOrRepair(store, paths, policy, opts);
  } finally {
    store.db.exec("PRAGMA secure_delete = OFF");
  }
}

/**
 * A dry run is the real run in one transaction that is then rolled back, so its
 * figures are what `cairn gc` then does, not an estimate. It holds the write lock
 * while it works, as `cairn gc` does.
 */
function dryRun(store: Store, paths: CairnPaths, policy: Policy, opts: GcOptions): GcReport {
  const { db } = store;
  db.exec("BEGIN IMMEDIATE");
  try {
    return collect(store, paths, policy, opts, true);
  } finally {
    if (db.isTransaction) db.exec("ROLLBACK");
  }
}

/**
 * A search index out of step with its rows (left by a cairn that reused ids) makes
 * FTS5 report the database malformed on the first delete, and every later run fail
 * the same way. Such an index is rebuilt from the rows it indexes and the run done
 * again, so retention never stays stuck.
 */
function collectOrRepair(store: Store, paths: CairnPaths, policy: Policy, opts: GcOptions): GcReport {
  try {
    return collect(store, paths, policy, opts, false);
  } catch (err) {
    if (!/malformed|corrupt/i.test(String((err as Error)?.message))) throw err;
    store.tx(() => {
      resetOutputsIndex(store.db);
      store.db.exec("INSERT INTO mem_fts (mem_fts) VALUES ('rebuild')");
    });
    for (let n = indexOutputs(store, opts.now); n > 0; n = indexOutputs(store, opts.now));
    return collect(store, paths, policy, opts, false);
  }
}

function collect(
  store: Store,
  paths: CairnPaths,
  policy: Policy,
  opts: GcOptions,
  rolledBack: boolean,
): GcReport {
  const { db } = store;
  const cutoff = opts.now - policy.days * DAY_MS;
  const before = storeSize(db);
  const timeLeft = () => opts.deadline === undefined || performance.now() < opts.deadline;
  let sessionsRemoved = 0;
  let originalsPruned = 0;
  let originalBytesPruned = 0;
  let detailsDropped = 0;
  let done = true;

  for (const id of expiredSessions(store, cutoff)) {
    if (!timeLeft()) {
      done = false;
      break;
    }
    if (!removeSession(store, id, timeLeft)) {
      done = false;
      break;
    }
    sessionsRemoved += 1;
  }

  const target = policy.maxBytes * LOW_WATER;
  if (done && storeSize(db).usedBytes > policy.maxBytes) {
    // Prune originals oldest first, measuring after each batch (the search index and
    // page slack make bytes freed differ from bytes pruned).
    while (storeSize(db).usedBytes > target) {
      if (!timeLeft()) {
        done = false;
        break;
      }
      const batch = pruneOldestOriginals(store, opts.now, storeSize(db).usedBytes - target);
      if (batch.count === 0) break;
      compactSearchIndexes(store, true);
      originalsPruned += batch.count;
      originalBytesPruned += batch.bytes;
    }
    // Still over with no originals left: whole sessions, oldest first.
    while (done && storeSize(db).usedBytes > target) {
      if (!timeLeft()) {
        done = false;
        break;
      }
      const oldest = oldestSession(store, opts.currentSession);
      if (!oldest) break;
      if (!removeSession(store, oldest, timeLeft)) {
        done = false;
        break;
      }
      sessionsRemoved += 1;
    }
    // Still over with the sessions in use alone: a long session's oldest details
    // (tool I/O in memory, then the records of pruned originals) go, oldest first;
    // its turn summaries and conversation stay.
    while (done && storeSize(db).usedBytes > target) {
      if (!timeLeft()) {
        done = false;
        break;
      }
      const dropped = dropOldestDetails(store, storeSize(db).usedBytes - target);
      if (dropped === 0) break;
      detailsDropped += dropped;
      compactSearchIndexes(store, true);
    }
  }

  if (sessionsRemoved > 0 || originalsPruned > 0) compactSearchIndexes(store, opts.deadline !== undefined);
  if (before.incremental) {
    db.exec(`PRAGMA incremental_vacuum${opts.vacuumPages ? `(${opts.vacuumPages})` : ""}`);
    // Passive: never waits for readers. What it cannot copy back now, a later one does.
    // (Not inside a dry run's transaction, which is rolled back anyway.)
    if (!rolledBack) db.exec("PRAGMA wal_checkpoint(PASSIVE)");
  }
  const files = sweepFiles(paths, cutoff, opts.now, rolledBack);
  return {
    sessionsRemoved,
    originalsPruned,
    originalBytesPruned,
    detailsDropped,
    files,
    before,
    after: storeSize(db),
    done,
  };
}

/** Sessions last seen before the cutoff, from the core table and from memory's. */
function expiredSessions(store: Store, cutoff: number): string[] {
  const rows = store.db
    .prepare(
      `SELECT id FROM sessions WHERE last_seen_at < :cutoff
       UNION
       SELECT session_id FROM mem_sessions WHERE updated_at < :cutoff
         AND session_id NOT IN (SELECT id FROM sessions WHERE last_seen_at >= :cutoff)`,
    )
    .all({ cutoff }) as { id: string }[];
  return rows.map((r) => r.id);
}

/** The oldest session but the one in use and the most recently active one. */
function oldestSession(store: Store, except: string | undefined): string | undefined {
  const row = store.db
    .prepare(
      `SELECT id FROM sessions WHERE id != ?
         AND id != (SELECT id FROM sessions ORDER BY last_seen_at DESC LIMIT 1)
       ORDER BY last_seen_at LIMIT 1`,
    )
    .get(except ?? "") as { id: string } | undefined;
  return row?.id;
}

/** Prunes the oldest originals, as many as free about `need` bytes (at most BATCH). */
function pruneOldestOriginals(store: Store, now: number, need: number): { count: number; bytes: number } {
  return store.tx(() => {
    const oldest = store.db
      .prepare(
        "SELECT id, original, pruned_at, original_bytes AS bytes FROM outputs WHERE pruned_at IS NULL ORDER BY id LIMIT ?",
      )
      .iterate(BATCH) as Iterable<IndexedRow & { bytes: number }>;
    const rows = takeUntil(oldest, need, (r) => r.bytes);
    if (rows.length === 0) return { count: 0, bytes: 0 };
    unindexOutputs(store, rows);
    const prune = store.db.prepare("UPDATE outputs SET original = x'', pruned_at = ? WHERE id = ?");
    let bytes = 0;
    for (const r of rows) {
      prune.run(now, r.id);
      bytes += r.bytes;
    }
    forgetCopiesOf(
      store,
      rows.map((r) => r.id),
    );
    return { count: rows.length, bytes };
  });
}

/**
 * The other copies of pruned outputs' text go with their originals: what the model was
 * shown (call_figures.shown; the figures stay) and the excerpt bodies kept in kv for near
 * repeats (a `{id, body}` value, compress/hook/repeats.ts). Kept, they outweighed the
 * originals, and the cap removed every record to make room for them.
 */
function forgetCopiesOf(store: Store, ids: readonly number[]): void {
  const list = JSON.stringify(ids);
  store.db
    .prepare("UPDATE call_figures SET shown = NULL WHERE output_id IN (SELECT value FROM json_each(?))")
    .run(list);
  store.db
    .prepare(
      `DELETE FROM kv WHERE json_valid(value) AND json_type(value, '$.body') = 'text'
         AND json_extract(value, '$.id') IN (SELECT value FROM json_each(?))`,
    )
    .run(list);
}

/** The first rows, oldest first, whose sizes add up to `need` (all of them if they fall short). */
function takeUntil<T>(rows: Iterable<T>, need: number, size: (row: T) => number): T[] {
  const taken: T[] = [];
  if (need <= 0) return taken;
  let planned = 0;
  // Stops as soon as the sum is reached: the statement reads no row (no original) beyond it.
  for (const r of rows) {
    taken.push(r);
    planned += size(r);
    if (planned >= need) break;
  }
  return taken;
}

/**
 * FTS5 deletes are tombstones until segments merge, so an index first grows when rows
 * leave it. In a hook a bounded merge step reclaims some each run; `cairn gc` merges
 * all the way.
 */
function compactSearchIndexes(store: Store, bounded: boolean): void {
  for (const fts of ["mem_fts", "mem_outputs_fts"]) {
    if (bounded) store.db.exec(`INSERT INTO ${fts} (${fts}, rank) VALUES ('merge', ${MERGE_PAGES})`);
    else store.db.exec(`INSERT INTO ${fts} (${fts}) VALUES ('optimize')`);
  }
}
const MERGE_PAGES = 64;

/**
 * Removes the oldest layer-3 memory rows (tool inputs and results, thinking, system
 * messages), then the records of originals already pruned, as many as free about
 * `need` bytes (at most BATCH rows). Rows are deleted, not emptied: a few-KB text sits
 * inline in its page, and SQLite does not give back pages that shrinking rows leave
 * nearly empty, while runs of deleted rows free whole pages.
 */
function dropOldestDetails(store: Store, need: number): number {
  return store.tx(() => {
    const { db } = store;
    const items = db
      .prepare("SELECT id, text FROM mem_items WHERE layer = 3 ORDER BY id LIMIT ?")
      .iterate(BATCH) as Iterable<{ id: number; text: string }>;
    // A row costs its text and about 200 bytes of columns and index entries.
    const picked = takeUntil(items, need, (r) => r.text.length + 200);
    if (picked.length > 0) {
      const del = db.prepare("DELETE FROM mem_items WHERE id = ?");
      for (const r of picked) {
        unindexItem(store, r.id, r.text);
        del.run(r.id);
      }
      return picked.length;
    }
    // Pruned originals are not in the search index (src/store/outputs-index.ts).
    const records = db
      .prepare("SELECT id FROM outputs WHERE pruned_at IS NOT NULL ORDER BY id LIMIT ?")
      .all(BATCH) as { id: number }[];
    const del = db.prepare("DELETE FROM outputs WHERE id = ?");
    for (const r of records) del.run(r.id);
    return records.length;
  });
}

/** Tables holding a session's rows, by the column naming it. */
const SESSION_TABLES: readonly (readonly [table: string, column: string])[] = [
  ["events", "session_id"],
  ["injections", "session_id"],
  ["context_warnings", "session_id"],
  ["ledger_responses", "session_id"],
  ["ledger_tools", "session_id"],
  ["ledger_compactions", "session_id"],
  ["ledger_files", "session_id"],
  ["call_figures", "session_id"],
  ["mem_sources", "session_id"],
  ["mem_sessions", "session_id"],
  ["sessions", "id"],
];

/**
 * Everything stored for one session: originals in batches, then the rest in one go.
 * False when time ran out first; the rows left are found again by the next run.
 */
function removeSession(store: Store, id: string, timeLeft: () => boolean): boolean {
  const { db } = store;
  for (;;) {
    const n = store.tx(() => {
      const rows = db
        .prepare("SELECT id, original, pruned_at FROM outputs WHERE session_id = ? ORDER BY id LIMIT ?")
        .all(id, BATCH) as unknown as IndexedRow[];
      unindexOutputs(store, rows);
      const del = db.prepare("DELETE FROM outputs WHERE id = ?");
      for (const r of rows) del.run(r.id);
      return rows.length;
    });
    if (n < BATCH || !timeLeft()) break;
  }
  return store.tx(() => {
    if (db.prepare("SELECT 1 FROM outputs WHERE session_id = ? LIMIT 1").get(id)) return false;
    db.prepare(
      "INSERT INTO mem_fts (mem_fts, rowid, text) SELECT 'delete', id, text FROM mem_items WHERE session_id = ?",
    ).run(id);
    db.prepare("DELETE FROM mem_items WHERE session_id = ?").run(id);
    for (const [table, column] of SESSION_TABLES)
      db.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(id);
    db.prepare("DELETE FROM kv WHERE scope = ?").run(sessionScope(id));
    return true;
  });
}
