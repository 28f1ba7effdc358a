import { describe, expect, it } from "vitest";
import { outliers } from "../../../../src/compress/excerpt/outliers.ts";
import { capturedCase } from "../corpus.ts";

/** The lines outliers() finds in one kind made of `lines`. */
function odd(lines: string[]): number[] {
  const out = new Map<string, number[]>();
  outliers(lines, { members: lines.map((_, i) => i) }, out, () => 0);
  return [...new Set([...out.values()].flat())].sort((a, b) => a - b);
}

describe("one line of four or more alike that differs is news", () => {
  it("keeps the listening socket whose accept queue holds 6 among four at 0 (fresh8 capture, ss -tanp)", async () => {
    const { e } = await capturedCase("fresh8", "ss-tanp-sockets");
    expect(e.text).toContain("LISTEN     6      64         127.0.0.1:7301");
  });

  it("finds the one of five and of four, and none among three", () => {
    const five = [0, 0, 6, 0, 0].map(
      (q, i) => `LISTEN ${q} 64 127.0.0.1:${7300 + i} users:(("python3",fd=${i}))`,
    );
    expect(odd(five)).toEqual([2]);
    expect(odd(five.slice(1))).toEqual([1]);
    expect(odd(five.slice(2))).toEqual([]);
  });
});
