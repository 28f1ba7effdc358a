import { describe, expect, it } from "vitest";
import { countedLast } from "../../../../src/compress/excerpt/counted-last.ts";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { capturedCase } from "../corpus.ts";

const lastOf = (lines: string[]) => {
  const doc = docOf(lines.join("\n"));
  return countedLast(
    doc.lines,
    templatesOf(doc, () => false),
  );
};

describe("the last of a kind of line told once a round, 1, 2, 3 …", () => {
  it("keeps latexmk's last pass, `Run number 3 of rule 'pdflatex'` (fresh20)", async () => {
    const { e } = await capturedCase("fresh20", "latexmk-handbook-rerun-spilled-f20");
    expect(e.text).toContain("Run number 3 of rule 'pdflatex'");
  });

  it("keeps psql's last expanded record of 69, its rule drawn to the number's width (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "psql-expanded-complaints-f21");
    expect(e.text).toContain("-[ RECORD 69 ]");
  });

  it("reads rounds far apart, not a numbering one under the other", () => {
    const between = (k: number) =>
      Array.from({ length: 12 }, (_, j) => `compiling unit ${k * 100 + j} of the tree`);
    const rounds = [1, 2, 3].flatMap((k) => [`Attempt ${k} of 5 to reach the registry`, ...between(k)]);
    expect(lastOf(rounds)).toEqual([26]);
    // Adjacent headings (`h1` … `h6` in a diff, `$1` … `$9`) are a list of their own.
    expect(lastOf(["  level 1 heading", "  level 2 heading", "  level 3 heading", ...between(0)])).toEqual(
      [],
    );
    // Records past fifty, each under a rule as wide as its number leaves room for.
    const records = Array.from({ length: 60 }, (_, k) => [
      `-[ RECORD ${k + 1} ]${"-".repeat(k + 1 < 10 ? 5 : 4)}+------`,
      ...between(k).slice(0, 10),
    ]).flat();
    expect(lastOf(records)).toEqual([59 * 11]);
    // A count that does not start at 1 or skips is no round.
    const skipped = [2, 3, 5].flatMap((k) => [`Attempt ${k} of 5 to reach the registry`, ...between(k)]);
    expect(lastOf(skipped)).toEqual([]);
  });
});
