import { afterAll, describe, expect, it } from "vitest";
import { pgBinDir } from "../helpers/postgres.ts";
import { type FleetResult, runFleet } from "../helpers/team-fleet.ts";

// Ten machines (processes with their own cairn homes) push and pull one project on one
// real PostgreSQL at once, in chunks, retrying failed rounds; the server is restarted
// once in the middle. Counted by record id: none lost, none on the server twice, none
// delivered to a machine twice, every machine holding every record. The fifty-machine
// version, with its timings, is in `npm run bench` (bench/team.ts). Correctness only:
// the limit below is a hang detector, derived from the work, never a result.

const MACHINES = 10;
const RECORDS = 200;
const CHUNKS = 4;
/** A round is a connection and a few statements: even on a loaded machine, far under this. */
const ROUND_LIMIT_MS = 20_000;
const LIMIT_MS = MACHINES * (CHUNKS + 10) * ROUND_LIMIT_MS;

describe.skipIf(!pgBinDir())("ten machines, one PostgreSQL, a restart in the middle", () => {
  let fleet: FleetResult | undefined;
  afterAll(() => fleet?.cleanup());

  it(
    "loses nothing, duplicates nothing, and every machine ends with every record",
    async () => {
      fleet = await runFleet({
        machines: MACHINES,
        records: RECORDS,
        chunks: CHUNKS,
        restartAfterChunk: 2,
        limitMs: LIMIT_MS,
      });
      const f = fleet;
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
    },
    LIMIT_MS + 120_000,
  );
});
