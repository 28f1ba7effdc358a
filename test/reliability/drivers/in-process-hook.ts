import { EVENT_PARTS } from "../../../src/cli/event-parts.ts";
import { loadConfig } from "../../../src/config/load.ts";
import { createLogger } from "../../../src/core/log.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { cpuNow } from "../../helpers/cpu-time.ts";

export interface HookResult {
  readonly output: string;
  readonly outcome: string;
  readonly ms: number;
  /** Of ms: waiting for the write lock (BEGIN IMMEDIATE and writes outside a transaction). */
  readonly lockMs?: number;
  /** The CPU this process used on the event (its own work; the rest is waiting). */
  readonly cpuMs?: number;
  /** Write transactions the event took (each one turn at the write lock). */
  readonly writes?: number;
}

export type Hook = (event: string, input: object, now?: number) => Promise<HookResult>;

/**
 * Runs cairn's hook dispatcher in this process, wired as the http transport wires it
 * (src/transports/http.ts): one store connection kept open across events. (A command
 * hook's process exits without closing its connection, so closing after each event
 * here would add a WAL checkpoint per event that real hooks never pay.) Drivers use it
 * to send thousands of events without paying a process start for each.
 *
 * hook.budget_ms is kept on this process's CPU time (one event runs at a time, so it is
 * the event's own work): what these tests claim is that contention, a long session or
 * retention never makes a hook give up, and the other jobs of a loaded machine must not
 * decide that. Sixteen writers on a 2-core machine shared with other suites spent over
 * 60 s of wall time masking one output; none came near it in CPU.
 */
export async function inProcessHook(cairnHome: string, projectDir: string, bundle: string): Promise<Hook> {
  const paths = cairnPaths(cairnHome);
  const resolved = await loadConfig(paths, projectDir);
  const log = createLogger(paths, resolved.config["log.level"]);
  let store: Promise<Store> | undefined;
  const lock = { ms: 0, writes: 0 };
  return async (event, input, now) => {
    const started = performance.now();
    const cpu = cpuNow();
    lock.ms = 0;
    lock.writes = 0;
    const r = await dispatch(event, JSON.stringify(input), {
      paths,
      resolved,
      log,
      env: process.env,
      self: { command: process.execPath, args: [bundle] },
      openStore: () => {
        store ??= openStore(paths.db).then((s) => timeLockWaits(s, lock));
        return store;
      },
      parts: EVENT_PARTS,
      projectDir,
      clock: cpuNow,
      ...(now !== undefined ? { now: () => now } : {}),
    });
    return {
      output: r.output,
      outcome: r.outcome,
      ms: performance.now() - started,
      lockMs: lock.ms,
      cpuMs: cpuNow() - cpu,
      writes: lock.writes,
    };
  };
}

/**
 * Times every wait for the write lock on this connection: BEGIN IMMEDIATE, where a
 * transaction waits for it and does nothing else, and a write outside any transaction
 * (its own transaction: the wait and a short write). The methods are wrapped on the
 * instance; SQLite itself is untouched.
 */
function timeLockWaits(store: Store, lock: { ms: number; writes: number }): Store {
  const db = store.db;
  const exec = db.exec.bind(db);
  // A wait may be many tries (db.ts beginImmediate sleeps between them): from the first
  // try to the one that takes the lock. A try long after the last one starts a new wait.
  let waiting: { since: number; last: number } | undefined;
  db.exec = (sql: string) => {
    if (!/^BEGIN IMMEDIATE/i.test(sql)) return exec(sql);
    const t = performance.now();
    if (!waiting || t - waiting.last > 50) waiting = { since: t, last: t };
    try {
      exec(sql);
    } catch (err) {
      waiting.last = performance.now();
      throw err;
    }
    lock.ms += performance.now() - waiting.since;
    lock.writes += 1;
    waiting = undefined;
  };
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    const st = prepare(sql);
    if (!/^\s*(INSERT|UPDATE|DELETE|REPLACE)/i.test(sql)) return st;
    const run = st.run.bind(st);
    st.run = ((...args: Parameters<typeof run>) => {
      if (db.isTransaction) return run(...args);
      const t = performance.now();
      try {
        return run(...args);
      } finally {
        lock.ms += performance.now() - t;
        lock.writes += 1;
      }
    }) as typeof st.run;
    return st;
  };
  return store;
}

/** A real tool output from the corpus, as Bash's tool_response. */
export function bashResponse(stdout: string) {
  return { stdout, stderr: "", interrupted: false, isImage: false, noOutputExpected: false };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
