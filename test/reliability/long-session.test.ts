import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { highestId } from "../../src/store/never-reuse.ts";
import {
  DRIVERS,
  integrity,
  logLines,
  runNode,
  type Sandbox,
  SOAK,
  sandbox,
  UNHURRIED_CONFIG,
  withDb,
} from "./lib.ts";

// A day-long session: 10,000 tool calls over 24 simulated hours (CAIRN_SOAK=1; CI runs
// 2,000 over 5 hours), through the dispatcher with the retention cap set low so that
// retention works throughout. The heap stays flat, the database stays within the
// policy on disk, and what retention removed is accounted for, not lost silently.

const CALLS = SOAK ? 10_000 : 2_000;
const HOURS = SOAK ? 24 : 5;
const CAP_MB = SOAK ? 48 : 16;

interface Report {
  calls: number;
  outcomes: Record<string, number>;
  samples: { call: number; heapMb: number; rssMb: number; diskMb: number; walMb: number }[];
  transcriptMb: number;
  p50: number;
  p99: number;
}

describe(`a ${HOURS}-hour session of ${CALLS.toLocaleString("en-US")} tool calls`, () => {
  let s: Sandbox;
  let r: Report;
  beforeAll(async () => {
    s = sandbox();
    const { mkdirSync } = await import("node:fs");
    mkdirSync(s.cairnHome, { recursive: true });
    // Unhurried (lib.ts): what counts is the heap, the disk and what retention removed,
    // not how fast a loaded machine runs 2,000 calls.
    writeFileSync(
      join(s.cairnHome, "config.yaml"),
      `${UNHURRIED_CONFIG}retention:\n  max_mb: ${CAP_MB}\n  every_min: 30\n`,
    );
    const transcript = join(s.root, "session.jsonl");
    writeFileSync(transcript, "");
    const run = await runNode(
      [
        "--expose-gc",
        join(DRIVERS, "long-session.ts"),
        JSON.stringify({
          home: s.cairnHome,
          project: s.project,
          bundle: inject("cairnEntry"),
          transcript,
          calls: CALLS,
          hours: HOURS,
        }),
      ],
      { env: s.env },
    );
    expect(run.code, run.stderr).toBe(0);
    r = JSON.parse(run.stdout);
    const heap = r.samples.map((x) => x.heapMb);
    const disk = r.samples.map((x) => x.diskMb);
    console.log(
      `long session: ${CALLS} calls / ${HOURS} h, transcript ${r.transcriptMb.toFixed(0)} MB; ` +
        `heap ${heap[1]!.toFixed(1)} → ${heap.at(-1)!.toFixed(1)} MB (max ${Math.max(...heap).toFixed(1)}); ` +
        `rss max ${Math.max(...r.samples.map((x) => x.rssMb)).toFixed(0)} MB; ` +
        `disk max ${Math.max(...disk).toFixed(1)} MB (database ${Math.max(...r.samples.map((x) => x.diskMb - x.walMb)).toFixed(1)}, WAL ${Math.max(...r.samples.map((x) => x.walMb)).toFixed(1)}) against a ${CAP_MB} MB cap; PostToolUse p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(0)} ms`,
    );
  }, 1_800_000);
  afterAll(() => s?.cleanup());

  it("every event answered", () => {
    expect(Object.keys(r.outcomes)).toEqual(["ok"]);
  });

  it("the heap stays flat", () => {
    // After warm-up (the first tenth), the heap after a full GC must not trend upward:
    // the last sample within 25% (or 4 MB) of the warm-up level.
    const warm = r.samples[Math.floor(r.samples.length / 10)]!.heapMb;
    const last = r.samples.at(-1)!.heapMb;
    expect(last).toBeLessThan(Math.max(warm * 1.25, warm + 4));
  });

  it("the database stays within the policy on disk", () => {
    // The cap limits data; the file may hold one turn's new writes on top before that
    // turn's end hands pages back, and the WAL is cut back to 4 MiB at checkpoints.
    const db = Math.max(...r.samples.map((x) => x.diskMb - x.walMb));
    const wal = Math.max(...r.samples.map((x) => x.walMb));
    expect(db).toBeLessThan(CAP_MB + 2);
    expect(wal).toBeLessThan(8);
  });

  it("retention pruned the oldest originals and kept the newest; every row is accounted for", () => {
    withDb(join(s.cairnHome, "cairn.db"), (db) => {
      const o = db
        .prepare(
          `SELECT count(*) AS rows, sum(pruned_at IS NOT NULL) AS pruned, max(CASE WHEN pruned_at IS NOT NULL THEN id END) AS lastPruned,
                  min(CASE WHEN pruned_at IS NULL THEN id END) AS firstKept, sum(length(original) = 0 AND pruned_at IS NULL) AS emptyKept
           FROM outputs`,
        )
        .get() as {
        rows: number;
        pruned: number;
        lastPruned: number;
        firstKept: number | null;
        emptyKept: number;
      };
      // One id per large output, never given twice (store/never-reuse.ts). Past the cap,
      // retention prunes originals first and then removes the oldest records whole: the
      // records left are the newest, with no gap.
      expect(highestId(db, "outputs")).toBe(CALLS / 2);
      const ids = db.prepare("SELECT min(id) AS lo, max(id) AS hi FROM outputs").get() as {
        lo: number;
        hi: number;
      };
      expect(ids.hi).toBe(CALLS / 2);
      expect(ids.lo).toBe(CALLS / 2 - o.rows + 1);
      expect(o.pruned).toBeGreaterThan(0);
      if (o.firstKept !== null) expect(o.lastPruned).toBeLessThan(o.firstKept); // oldest first
      expect(o.emptyKept).toBe(0);
      const events = db.prepare("SELECT count(*) AS n FROM events WHERE event = 'PostToolUse'").get() as {
        n: number;
      };
      expect(events.n).toBe(CALLS);
    });
    expect(logLines(s).filter((l) => l.level === "error")).toEqual([]);
    expect(integrity(join(s.cairnHome, "cairn.db"))).toBe("ok");
  });

  it("`cairn show` on a pruned original says what happened", async () => {
    const id = withDb(join(s.cairnHome, "cairn.db"), (db) =>
      Number(
        (db.prepare("SELECT min(id) AS id FROM outputs WHERE pruned_at IS NOT NULL").get() as { id: number })
          .id,
      ),
    );
    const shown = await runNode([inject("cairnEntry"), "show", String(id)], { env: s.env, cwd: s.project });
    expect(shown.code).toBe(1);
    expect(shown.stderr).toMatch(/removed by the retention policy/);
  });
});
