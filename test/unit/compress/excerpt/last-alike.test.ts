import { describe, expect, it } from "vitest";
import { lastAlikeFirst } from "../../../../src/compress/excerpt/last-alike.ts";
import type { Pick } from "../../../../src/compress/excerpt/pack-items.ts";
import { capturedCase } from "../corpus.ts";

describe("the last of many exception lines alike but for their numbers", () => {
  it("keeps the loop's last failure under 671 KB of them (ioredis refused by MISCONF, fresh32)", async () => {
    // The real run (spilled): 62 `hold seat N for sN failed: … MISCONF …` errors, each with its
    // stack and its 10 KB argument; taken in order, the first 56 filled the room, and the
    // 62nd, where the loop gave up, was cut.
    const { e, must } = await capturedCase("fresh32", "ioredis-hold-seats-spilled-f32");
    for (const f of must) expect(e.text, f).toContain(f);
  });

  it("puts the middle ones just under the first and the last, other lines alone", () => {
    const lines = ["seat 1 failed", "seat 2 failed", "other failure", "seat 3 failed", "seat 4 failed"];
    const picks: Pick[] = lines.map((_, i) => ({ from: i, to: i, prio: 120 }));
    lastAlikeFirst(lines, picks, 120);
    expect(picks.map((p) => p.prio)).toEqual([120, 119.5, 120, 119.5, 120]);
    // Two alike have no middle.
    const two: Pick[] = [0, 1].map((i) => ({ from: i, to: i, prio: 120 }));
    lastAlikeFirst(lines, two, 120);
    expect(two.map((p) => p.prio)).toEqual([120, 120]);
  });
});
