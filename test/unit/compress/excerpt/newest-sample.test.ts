import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blameFacts, newestLines } from "../../../../src/compress/excerpt/newest.ts";

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

// blameFacts too, for lines of git blame's.
const BLAME =
  /^(\^?[0-9a-f]{7,40}) (?:([^(]*\S)\s+)?\((.*?\S)\s+\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2} [+-]\d{4})? +\d+\) /;
function blameBySample(lines: readonly string[]): boolean {
  let seen = 0;
  let blamed = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    if (seen++ === 200 && blamed < seen * 0.8) return false;
    if (BLAME.test(line)) blamed++;
  }
  return !(seen < 10 || blamed < seen * 0.8);
}

/** A blame-like line stamped `k` minutes on. */
const stamped = (k: number) =>
  `a1b2c3d (Ann 2024-05-${String(10 + Math.floor(k / 1440)).padStart(2, "0")} ${String(Math.floor(k / 60) % 24).padStart(2, "0")}:${String(k % 60).padStart(2, "0")}:00 +0000 ${k}) x = ${k};`;

describe("newestLines's sample", () => {
  it("tells a dated output and a blame as the whole sample did, near a fifth of its lines undated", () => {
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
          expect(blameFacts(lines) !== undefined).toBe(blameBySample(lines));
        },
      ),
      { numRuns: 5_000 },
    );
  });
  it("tells them so at the bound: a fifth of the sample undated, outputs of 10 to 400 lines", () => {
    for (const n of [10, 11, 50, 199, 200, 201, 202, 250, 400])
      for (let undated = Math.floor(n / 5) - 2; undated <= Math.floor(n / 5) + 2; undated++)
        for (const where of ["first", "last", "spread"]) {
          const at = (k: number) =>
            where === "first"
              ? k < undated
              : where === "last"
                ? k >= n - undated
                : k % 5 === 0 && k / 5 < undated;
          const lines = Array.from({ length: n }, (_, k) => (at(k) ? "undated line" : stamped(5000 - k)));
          const label = `${n} ${undated} ${where}`;
          expect(newestLines(lines).length > 0, label).toBe(datedBySample(lines));
          expect(blameFacts(lines) !== undefined, label).toBe(blameBySample(lines));
        }
  });
});
