import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tabOutliers } from "../../../../src/compress/excerpt/columns.ts";
import { tabOutliersAsItWas } from "./tab-outliers-as-it-was.ts";

// tabOutliers counts each line's cells by its tabs and cuts the lines only once a width is
// held by nearly all of them; it must find what cutting every line first did.

function same(lines: readonly string[], at: readonly number[]): number {
  const a = new Map<string, number[]>();
  const b = new Map<string, number[]>();
  tabOutliers(lines, at, a);
  tabOutliersAsItWas(lines, at, b);
  expect([...a]).toEqual([...b]);
  return a.size;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("tabOutliers cutting lines only once their tabs make one width", () => {
  it("finds what cutting every line did for every fixture output, every line and every 2nd", () => {
    for (const lines of outputs)
      for (const step of [1, 2])
        same(
          lines,
          lines.map((_, i) => i).filter((i) => i % step === 0),
        );
  });
  it("finds so for lines of a few columns, a value of its own among regular ones, a few indented by tabs or long", () => {
    // Each line: a name (regular, or now and then one of its own), a cell or two more, or now and then a line indented by tabs or too long.
    const line = fc.tuple(fc.nat(100), fc.nat(39)).map(([who, rest]) => {
      const name = who < 98 ? ["alice", "bob", "carol"][who % 3]! : `user${who}`;
      if (rest === 0) return `\t\t${name}`;
      if (rest === 1) return `${name}\t${"a".repeat(2000)}`;
      return [name, ["ok", " ok ", "", "failed"][rest % 4], ...(rest === 2 ? ["x"] : [])].join("\t");
    });
    let found = 0;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 50, maxLength: 90 }),
        fc.array(fc.nat(5), { maxLength: 90 }),
        (lines, skip) => {
          found += same(
            lines,
            lines.map((_, i) => i).filter((i) => skip[i] !== 1),
          );
        },
      ),
      { numRuns: 3_000 },
    );
    // Drawn: about 1,964 values found in 3,000 draws (sd about 45 from the draws' spread): 0 is far below.
    expect(found).toBeGreaterThan(0);
  });
});
