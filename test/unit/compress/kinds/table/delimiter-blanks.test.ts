import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { delimiterOf } from "../../../../../src/compress/kinds/table/detect.ts";

// tablePicks hands delimiterOf all the table's lines and lets it pass over the blank ones
// (it filtered them all first, trimming every line of a long table for the 50 read): the
// delimiter must be the one of the lines filtered.
const DIR = join(import.meta.dirname, "../../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));
const filtered = (lines: readonly string[]) => delimiterOf(lines.filter((l) => l.trim() !== ""));

describe("delimiterOf passing over blank lines", () => {
  it("finds the delimiter of the lines filtered, for every fixture output from each tenth on", () => {
    let found = 0;
    for (const all of outputs)
      for (let s = 0; s < 10; s++) {
        const lines = all.slice(Math.floor((all.length * s) / 10));
        expect(delimiterOf(lines, true)).toBe(filtered(lines));
        if (filtered(lines)) found++;
      }
    expect(found).toBeGreaterThan(20);
  });

  it("finds it for random rows of cells, blank lines and box rules", () => {
    const line = fc.constantFrom(
      "a,b,c",
      "a|b|c",
      "│ a │ b │",
      "a\tb",
      "",
      "  ",
      "\u00a0",
      "├───┼───┤",
      "x;y",
      "a,b",
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 120 }), (lines) => {
        expect(delimiterOf(lines, true)).toBe(filtered(lines));
      }),
      { numRuns: 3_000 },
    );
  });
});
