import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { lockRetryMs, openStore, type Store, withBusyTimeout } from "../../../src/store/db.ts";

// Writers wait for the write lock in cairn's own steps (db.ts beginImmediate), not in
// SQLite's, whose sleeps grow to 100 ms while a newcomer tries at once: under sixteen
// parallel writers one hook waited 10.6 s for the lock while the others went through
// (test/reliability/concurrency.test.ts, at load 25; since, 1.6 to 3.3 s at most, at load 28 to 31).

/** Another connection holding the write lock from a thread of its own, until release(). */
async function holder(path: string): Promise<{ release(): Promise<void> }> {
  const w = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const { DatabaseSync } = require("node:sqlite");
     const db = new DatabaseSync(workerData);
     db.exec("BEGIN IMMEDIATE");
     parentPort.postMessage("held");
     parentPort.on("message", () => { db.exec("COMMIT"); db.close(); parentPort.postMessage("released"); });`,
    { eval: true, workerData: path },
  );
  await new Promise((r) => w.once("message", r));
  return {
    release: async () => {
      const done = new Promise((r) => w.once("message", r));
      w.postMessage("release");
      await done;
      await w.terminate();
    },
  };
}

const busyTimeout = (s: Store) => (s.db.prepare("PRAGMA busy_timeout").get() as { timeout: number }).timeout;

describe("waiting for the write lock", () => {
  let dir: string | undefined;
  let store: Store | undefined;
  afterEach(() => {
    store?.close();
    store = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("tries more often the longer it has waited, never more often than every 2 ms", () => {
    const steps = [0, 10, 50, 100, 300, 1000, 60_000].map(lockRetryMs);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThanOrEqual(steps[i - 1]!);
    expect(steps[0]).toBe(6);
    expect(steps.at(-1)).toBe(2);
    expect(Math.min(...steps)).toBe(2);
  });

  it("gives up with SQLite's own error once the connection's wait is spent, and keeps that wait", async () => {
    dir = mkdtempSync(join(tmpdir(), "cairn-lockwait-"));
    store = await openStore(join(dir, "cairn.db"));
    const s = store;
    const h = await holder(s.path);
    try {
      const started = performance.now();
      expect(() => withBusyTimeout(s, 150, () => s.tx(() => 1))).toThrow(/database is locked/);
      // A lower bound only: a loaded machine may make it later, never sooner.
      expect(performance.now() - started).toBeGreaterThanOrEqual(150);
      expect(s.db.isTransaction).toBe(false);
    } finally {
      await h.release();
    }
    expect(busyTimeout(s)).toBe(3000);
    expect(s.tx(() => 2)).toBe(2);
  });

  it("takes the lock once another connection lets it go, and writes", async () => {
    dir = mkdtempSync(join(tmpdir(), "cairn-lockwait-"));
    store = await openStore(join(dir, "cairn.db"));
    const s = store;
    const h = await holder(s.path);
    // The wait is synchronous (as SQLite's is): the holder lets go from its own thread.
    const release = h.release();
    const n = withBusyTimeout(s, 600_000, () =>
      s.tx(() => {
        s.db.prepare("INSERT INTO kv (scope, key, value, updated_at) VALUES ('t', 'k', '1', 0)").run();
        return (s.db.prepare("SELECT count(*) AS n FROM kv WHERE scope = 't'").get() as { n: number }).n;
      }),
    );
    await release;
    expect(n).toBe(1);
    expect(busyTimeout(s)).toBe(3000);
  });
});
