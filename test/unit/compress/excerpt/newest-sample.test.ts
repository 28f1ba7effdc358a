import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newestLines } from "../../../../src/compress/excerpt/newest.ts";

// newestLines leaves an output once more lines of its sample (the first 200 not blank)
// are undated than the sample allows: it must tell dated outputs as reading the whole
// sample did (four in five lines dated), however short the output.
const STAMP = /\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?/;
function datedBySample(lines: readonly string[]): boolean {
  let seen = 0;
  let dated = 0;
  for (const line of lines) {
    if (!/\S/.test(line)) continue;
    if (line.search(STAMP) >= 0 && seen < 200) dated++;
    if (seen < 200) seen++;
    else if (dated < seen * 0.8) return false;
  }
  return !(seen < 10 || dated < seen * 0.8);
}

/** A blame-like line stamped `k` minutes on. */
const stamped = (k: number) =>
  `a1b2c3d (Ann 2024-05-${String(10 + Math.floor(k / 1440)).padStart(2, "0")} ${String(Math.floor(k / 60) % 24).padStart(2, "0")}:${String(k % 60).padStart(2, "0")}:00 +0000 ${k}) x = ${k};`;

describe("newestLines's sample", () => {
  it("tells a dated output as the whole sample did, near a fifth of its lines undated", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 260 }),
        fc.double({ min: 0.1, max: 0.3, noNaN: true }),
        fc.array(fc.nat(), { minLength: 260, maxLength: 260 }),
        fc.constantFrom("", "  ", "undated line", "2024-05-10 only a date"),
        (n, share, keys, undated) => {
          // Stamps newest first (a blame's order, none in time order), a share of the lines undated.
          const lines = Array.from({ length: n }, (_, k) =>
            keys[k]! % 1000 < share * 1000 ? undated : stamped(5000 - k),
          );
          // Dated (by the whole sample), it has newest lines; undated, none.
          expect(newestLines(lines).length > 0).toBe(datedBySample(lines));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
