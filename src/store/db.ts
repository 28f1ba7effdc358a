import { closeSync, openSync } from "node:fs";
import { dirname } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { failpoint } from "../core/failpoint.ts";
import { DIR_MODE, ensureDir, FILE_MODE, tightenMode } from "../core/fs.ts";
import { mark } from "../core/trace.ts";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.ts";

export interface Store {
  readonly db: DatabaseSync;
  readonly path: string;
  /** Runs fn in one IMMEDIATE transaction (a savepoint inside one): all of it is committed or none. */
  tx<T>(fn: () => T): T;
  close(): void;
}

export interface OpenOptions {
  /** How long to wait for another process's write lock before failing. */
  readonly busyTimeoutMs?: number;
  readonly readOnly?: boolean;
}

/**
 * How long a connection waits for another process's write lock. Claude Code runs
 * parallel tool calls' hooks at once and they queue for the one write lock; on a busy
 * machine the queue can take seconds, and giving up means the excerpt is not shown.
 * Below hook.budget_ms (4000), so a hook still answers in time.
 */
export const BUSY_TIMEOUT_MS = 3000;

/**
 * Pages in the WAL before a commit copies them into the database (1 MiB at 4 KiB
 * pages). Each hook process rereads the WAL on its first query, and the commit that
 * crosses this mark pays a checkpoint with its fsyncs: over 150 hook-like processes
 * (open, read, file 50 KB, record) on a loaded machine, the median open-to-record time
 * was 2.3 ms at SQLite's default of 1000 pages, 1.2 at 128, 1.4 at 256 and 1.7 at
 * 512, and the mean no worse at 256 (3.1 ms against 3.7).
 */
export const WAL_AUTOCHECKPOINT_PAGES = 256;

let sqliteModule: typeof import("node:sqlite") | undefined;

/**
 * node:sqlite prints an ExperimentalWarning on Node 22; a hook must not print noise.
 * Loaded with getBuiltinModule, not import(): from CommonJS an import() starts the
 * whole ESM loader, which costs a hook more than opening the database.
 */
function sqlite(): typeof import("node:sqlite") {
  if (sqliteModule) return sqliteModule;
  const original = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/sqlite/i.test(text)) return;
    return (original as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    sqliteModule = process.getBuiltinModule("node:sqlite");
  } finally {
    process.emitWarning = original;
  }
  return sqliteModule;
}

export async function openStore(path: string, opts: OpenOptions = {}): Promise<Store> {
  return openStoreSync(path, opts);
}

/** openStore for a caller that cannot wait (opening is synchronous: node:sqlite). */
export function openStoreSync(path: string, opts: OpenOptions = {}): Store {
  const { DatabaseSync } = sqlite();
  if (!opts.readOnly) {
    ensureDir(dirname(path));
    // Create the file ourselves so it is 0600 from the start; SQLite gives the -wal and
    // -shm files the database file's permissions.
    closeSync(openSync(path, "a", FILE_MODE));
    // Files made before (an older cairn, a copy, another umask) keep their mode: tighten.
    tightenMode(dirname(path), DIR_MODE);
    for (const f of [path, `${path}-wal`, `${path}-shm`]) tightenMode(f);
  }
  const db = new DatabaseSync(path, {
    readOnly: opts.readOnly ?? false,
    timeout: opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
  });
  try {
    if (!opts.readOnly) {
      // Only a database without tables can take auto_vacuum without a full VACUUM; with
      // it, space freed by retention goes back to the file system (see src/retention).
      const version = schemaVersion(db);
      if (version === 0) db.exec("PRAGMA auto_vacuum = INCREMENTAL");
      // journal_size_limit: after a checkpoint the WAL file is cut back to 4 MiB instead
      // of keeping the largest size it ever reached (part of the retention policy's
      // bound on disk use). wal_autocheckpoint: every hook is a new process, and the
      // first connection of a process rereads what the WAL holds since the last checkpoint
      // (a hook exits without closing, so the WAL stays); at SQLite's default of 1000
      // pages that read cost a hook 10 ms and more, a third of node's own start
      // (see WAL_AUTOCHECKPOINT_PAGES).
      db.exec(
        `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 4194304; PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES};`,
      );
      migrate(db, version);
    }
  } catch (err) {
    db.close();
    throw err;
  }
  mark("db-open");
  return {
    db,
    path,
    tx<T>(fn: () => T): T {
      // Inside an open transaction (a dry run that is rolled back at the end), a savepoint.
      if (db.isTransaction) {
        db.exec("SAVEPOINT tx");
        try {
          const out = fn();
          db.exec("RELEASE tx");
          return out;
        } catch (err) {
          db.exec("ROLLBACK TO tx; RELEASE tx");
          throw err;
        }
      }
      beginImmediate(db);
      try {
        const out = fn();
        failpoint("tx:commit");
        db.exec("COMMIT");
        return out;
      } catch (err) {
        if (db.isTransaction) db.exec("ROLLBACK");
        throw err;
      }
    },
    close: () => db.close(),
  };
}

/** SQLITE_BUSY, the primary code of every "database is locked" (extended codes carry it in the low byte). */
const SQLITE_BUSY = 5;

/** For sleeping between tries without leaving the synchronous call (Atomics.wait on a value never changed). */
const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

/**
 * How long a writer that has waited `waitedMs` for the write lock sleeps before trying
 * again: 6 ms at first, shrinking to 2 ms after 100 ms of waiting, so that the longer a
 * writer has waited the more often it tries, and the one waiting longest is the
 * likeliest to take the lock when it comes free. Not shorter: each try costs the waiter
 * CPU that the lock's holder, on a loaded machine, needs to finish (at a 1 ms floor,
 * hooks that waited 300 ms and more used twice the CPU of SQLite's own wait).
 */
export function lockRetryMs(waitedMs: number): number {
  return Math.max(2, 6 / (1 + waitedMs / 50));
}

/**
 * BEGIN IMMEDIATE, waiting for another connection's write lock up to the connection's
 * busy_timeout, in cairn's own steps (lockRetryMs). SQLite's own wait is not fair to
 * a writer that has waited long: its sleeps grow to 100 ms, while a writer that just
 * arrived (or just committed and writes again) tries at once, so under sixteen parallel
 * writers one of them waited over ten seconds while the others went through (the
 * concurrency reliability test). Here every waiter tries again within a few
 * milliseconds, and the longest waiting most often. Jittered, so waiters do not
 * move in step. Throws what SQLite throws: "database is locked" once the wait is spent.
 */
export function beginImmediate(db: DatabaseSync): void {
  const waitMs = (db.prepare("PRAGMA busy_timeout").get() as { timeout: number }).timeout;
  if (waitMs <= 0) {
    db.exec("BEGIN IMMEDIATE");
    return;
  }
  db.exec("PRAGMA busy_timeout = 0");
  try {
    // The wall clock, and not performance.now(), whose global loads node:perf_hooks (core/clock.ts).
    const started = Date.now();
    for (;;) {
      try {
        db.exec("BEGIN IMMEDIATE");
        return;
      } catch (err) {
        const waited = Date.now() - started;
        if (!isBusy(err) || waited >= waitMs) throw err;
        const step = lockRetryMs(waited) * (0.5 + Math.random());
        Atomics.wait(SLEEPER, 0, 0, Math.min(step, waitMs - waited));
      }
    }
  } finally {
    db.exec(`PRAGMA busy_timeout = ${waitMs}`);
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  return typeof code === "number" && (code & 0xff) === SQLITE_BUSY;
}

/**
 * Runs fn with this connection waiting up to `ms` for the write lock, then restores the
 * wait it had: for writes that may wait longer (or must wait less) than the default.
 */
export function withBusyTimeout<T>(store: Store, ms: number, fn: () => T): T {
  const before = (store.db.prepare("PRAGMA busy_timeout").get() as { timeout: number }).timeout;
  store.db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(ms))}`);
  try {
    return fn();
  } finally {
    store.db.exec(`PRAGMA busy_timeout = ${before}`);
  }
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get() as { user_version: number };
  return row.user_version;
}

/** `found`: the version the database had when it was opened (read once per open). */
function migrate(db: DatabaseSync, found: number): void {
  let version = found;
  if (version > SCHEMA_VERSION) {
    throw new Error(`database schema ${version} is newer than this cairn (${SCHEMA_VERSION}); upgrade cairn`);
  }
  while (version < SCHEMA_VERSION) {
    beginImmediate(db);
    try {
      // Another process may have migrated while we waited for the lock.
      const now = schemaVersion(db);
      if (now !== version) {
        db.exec("COMMIT");
        version = now;
        continue;
      }
      const step = MIGRATIONS[version]!;
      if (typeof step === "string") db.exec(step);
      else step(db);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec("COMMIT");
      version += 1;
    } catch (err) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw err;
    }
  }
}
