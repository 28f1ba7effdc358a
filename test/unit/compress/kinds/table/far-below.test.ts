import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a column of numbers with one far below the rest", () => {
  it("keeps that record, as one far above (fresh10 capture)", async () => {
    // A real curl of a pretty JSON page of 180 soil moisture sensors at 28-41 % with
    // batteries at 60-100: one reads 3.2 % and one's battery is at 7. Only a number far
    // above the rest, or at or below zero, made a record rare, so both were dropped while
    // the stale sensor (a rare status) was kept.
    const { e } = await capturedCase("fresh10", "curl-readings-gh4-f10");
    for (const fact of ['"sensor": "gh4-131"', '"value": 3.2,', '"sensor": "gh4-150"', '"battery": 7\n'])
      expect(e.text).toContain(fact);
  });

  it("finds the numbers far below the rest, not the low end of a spread", async () => {
    const { rarity } = await import("../../../../../src/compress/excerpt/rare.ts");
    const rows = Array.from({ length: 60 }, (_, i) => [
      `s${i}`,
      i === 23 ? "3.2" : (28 + ((i * 37) % 130) / 10).toFixed(1),
      (5 + ((i * 11) % 90)).toFixed(0),
    ]);
    const r = rarity(rows);
    expect(r.rare).toEqual([23]);
    expect(r.far).toEqual([1]);
  });
});
