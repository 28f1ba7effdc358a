import { afterAll, describe, expect, it } from "vitest";
import { pgBinDir } from "../helpers/postgres.ts";
import { type FleetResult, runFleet } from "../helpers/team-fleet.ts";

// Ten machines (processes with their own cairn homes) push and pull one project on one
// real PostgreSQL at once, in chunks, retrying failed rounds; the server is restarted
// once in the middle (between pushes, or in one). Counted by record id: none lost, none
// on the server twice, none delivered to a machine twice, every machine holding every
// record. The fifty-machine
// version, with its timings, is in `npm run bench` (bench/team.ts). Correctness only:
// the limit below is a hang detector, derived from the work, never a result.

const MACHINES = 10;
const RECORDS = 200;
const CHUNKS = 4;
/** A round is a connection and a few statements: even on a loaded machine, far under this. */
const ROUND_LIMIT_MS = 20_000;
const LIMIT_MS = MACHINES * (CHUNKS + 10) * ROUND_LIMIT_MS;

/** None lost, none twice, every machine whole: what every fleet run must end with. */
function expectWhole(f: FleetResult): void {
  expect(f.silent, JSON.stringify(f.silent)).toEqual([]);
  // The restart came with every machine's first half in; the second half came after it.
  expect(f.restartedWith).toBe(f.expected / 2);
  expect(f.server).toEqual({ rows: f.expected, distinct: f.expected, lost: 0, extra: 0 });
  expect(f.incomplete).toEqual([]);
  expect(f.duplicatedDeliveries).toBe(0);
  for (const r of f.reports) {
    expect(r.done, `machine ${r.index}: ${r.errors.join("; ")}`).toBe(true);
    expect(r.held).toBe(f.expected);
    // Every record of its own reached the server once, whatever was resent after a failed round.
    expect(r.added).toBeLessThanOrEqual(RECORDS);
    expect(r.sent).toBeGreaterThanOrEqual(RECORDS);
  }
}

describe.skipIf(!pgBinDir())("ten machines, one PostgreSQL, a restart in the middle", () => {
  const fleets: FleetResult[] = [];
  afterAll(() => {
    for (const f of fleets) f.cleanup();
  });
  const run = async (o: Partial<Parameters<typeof runFleet>[0]> = {}) => {
    const f = await runFleet({
      machines: MACHINES,
      records: RECORDS,
      chunks: CHUNKS,
      restartAfterChunk: 2,
      limitMs: LIMIT_MS,
      ...o,
    });
    fleets.push(f);
    return f;
  };

  it(
    "loses nothing, duplicates nothing, and every machine ends with every record",
    async () => {
      expectWhole(await run());
    },
    LIMIT_MS + 120_000,
  );

  // The two CI failures (2026-11-28, 11-30): a connection reset while the driver fetched
  // its array types, right after the restart, ended one machine (an unhandled rejection
  // of the driver's). Made certain here: the first such query after the restart is reset.
  it(
    "a reset of the driver's first query right after the restart ends no machine",
    async () => {
      const f = await run({ breakAfterRestart: "reset" });
      expect(f.broken).toBe(1);
      expectWhole(f);
      expect(f.reports.reduce((n, r) => n + r.retries, 0)).toBeGreaterThanOrEqual(1);
    },
    LIMIT_MS + 120_000,
  );

  // A fast shutdown while a push's statement runs on the server ends that machine (all
  // ten here, without the guard): the transaction's ROLLBACK is written to the
  // connection the shutdown closed, a TypeError from a setImmediate of the driver's
  // (driver-guard.ts, write-after-close). Made
  // certain here: the restart comes while every machine's first INSERT of its second
  // half runs, waiting on a row of the same id that a session of the fleet's holds
  // uncommitted (so the restart still finds exactly the first half in).
  it(
    "a restart in the middle of every machine's push ends no machine",
    async () => {
      const f = await run({ restartDuringPush: true });
      expectWhole(f);
      // The pushes met the fault and their machines lived (the round failed and was retried).
      expect(f.reports.flatMap((r) => r.faults)).toContain("write-after-close");
      expect(f.reports.reduce((n, r) => n + r.retries, 0)).toBeGreaterThanOrEqual(1);
    },
    LIMIT_MS + 120_000,
  );
});
