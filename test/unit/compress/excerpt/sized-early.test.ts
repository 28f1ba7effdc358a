import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largestLines, onlyGrow } from "../../../../src/compress/excerpt/far-values.ts";
import { signedNumberIn } from "../../../../src/compress/excerpt/fields.ts";
import { insideOfRows } from "../../../../src/compress/excerpt/nested.ts";
import { MUST, type Pick } from "../../../../src/compress/excerpt/pack.ts";
import { RANKED_ROWS, rankedEnd } from "../../../../src/compress/excerpt/ranked.ts";
import { sizedPicks } from "../../../../src/compress/excerpt/sized.ts";

// sizedPicks leaves a table as soon as its other rows are too many for a size listing,
// were every row left a sized one; it read every row first. The picks must be the ones
// reading them all gave: this is that reading as it stood.
const SIZED = /^\s*(\S+)[ \t]+(\S(?:.*\S)?)\s*$/;
function readingAll(lines: readonly string[], start: number, end: number, command?: string): Pick[] {
  if (rankedEnd(command)) return [];
  const rows: string[][] = [];
  const at: number[] = [];
  const values: number[] = [];
  let others = 0;
  for (let i = start; i <= end; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const m = line.length <= 1000 ? SIZED.exec(line) : null;
    const size = m ? signedNumberIn(m[1]!, 0, m[1]!.length) : Number.NaN;
    if (!m || !(size >= 0) || /\t| {2}/.test(m[2]!)) {
      others++;
      continue;
    }
    rows.push([m[1]!, m[2]!]);
    at.push(i);
    values.push(size);
  }
  if (values.length < 8 || values.length < (values.length + others) * 0.9 || onlyGrow(values)) return [];
  const largest = largestLines(
    values,
    RANKED_ROWS,
    insideOfRows(
      rows,
      0,
      at.map((_, j) => j),
    ),
  );
  return largest.map((k, rank) => ({ from: at[k]!, to: at[k]!, prio: MUST + 2 - rank / largest.length }));
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("sizedPicks leaves early", () => {
  it("picks what reading every row picked, for every fixture output from each tenth of it", () => {
    for (const lines of outputs)
      for (let s = 0; s < 10; s++) {
        const start = Math.floor((lines.length * s) / 10);
        expect(sizedPicks(lines, start, lines.length - 1, "du")).toEqual(
          readingAll(lines, start, lines.length - 1, "du"),
        );
      }
  });

  it("picks it for random listings with other and blank rows on both sides of the share", () => {
    const sized = fc
      .tuple(
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom("", "K", "M"),
        fc.constantFrom("a", "b/c", "d e"),
      )
      .map(([n, u, p]) => `${n}${u}\t${p}`);
    const other = fc.constantFrom("total 12", "du: cannot read", "x  y  z", "│ a │ b │", "-12\tneg");
    const blank = fc.constantFrom("", "   ", "\t");
    const line = fc.oneof(
      { arbitrary: sized, weight: 12 },
      { arbitrary: other, weight: 1 },
      { arbitrary: blank, weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 0, maxLength: 60 }), fc.nat(5), (lines, cut) => {
        const start = Math.min(cut, lines.length);
        expect(sizedPicks(lines, start, lines.length - 1, undefined)).toEqual(
          readingAll(lines, start, lines.length - 1),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it("keeps a listing whose other rows are exactly as many as it allows, at the end", () => {
    // 90 sized rows, then 10 others: 90 < 100 * 0.9 is false, a listing still.
    const lines = [
      ...Array.from({ length: 90 }, (_, i) => `${(i * 37) % 101}K\tf${i}`),
      ...Array.from({ length: 10 }, () => "other line here"),
    ];
    const picks = sizedPicks(lines, 0, lines.length - 1, undefined);
    expect(picks.length).toBeGreaterThan(0);
    expect(picks).toEqual(readingAll(lines, 0, lines.length - 1));
  });
});
