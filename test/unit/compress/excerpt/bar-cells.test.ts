import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barCells } from "../../../../src/compress/excerpt/rare.ts";

// A table's rows between bars were split, trimmed and filtered in three steps; barCells
// reads them in one pass and must give the same cells for every row.
const bySteps = (line: string, bar: string) =>
  line
    .split(bar)
    .map((c) => c.trim())
    .filter((c, k, all) => c !== "" || (k > 0 && k < all.length - 1));

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const lines = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .flatMap((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("barCells", () => {
  it("gives the cells split, trimmed and filtered give, for every line of the fixture outputs", () => {
    let barred = 0;
    for (const bar of ["|", "│"])
      for (const line of lines) {
        expect(barCells(line, bar), JSON.stringify(line)).toEqual(bySteps(line, bar));
        if (line.includes(bar)) barred++;
      }
    expect(barred).toBeGreaterThan(100);
  });
  it("gives them for random rows of bars, blanks, empty cells and words", () => {
    const unit = fc.constantFrom("|", "│", " ", "\t", "a", "bc", "\u00a0");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 14 }), fc.constantFrom("|", "│"), (line, bar) => {
        expect(barCells(line, bar)).toEqual(bySteps(line, bar));
      }),
      { numRuns: 20_000 },
    );
  });
});
