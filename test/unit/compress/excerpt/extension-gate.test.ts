import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distinctPlaces, firstPerFile } from "../../../../src/compress/excerpt/code-places.ts";
import { distinctPlacesAsItStood, firstPerFileAsItStood } from "./places-as-it-was.ts";

// firstPerFile and distinctPlaces read a line for a file's place only where it holds an
// extension before a line number; they must answer as reading every line did.
function same(lines: string[], members: number[], bodyAt?: (i: number) => number): void {
  expect(firstPerFile(lines, members, bodyAt)).toEqual(firstPerFileAsItStood(lines, members, bodyAt));
  expect(firstPerFile(lines, members, bodyAt, 2)).toEqual(firstPerFileAsItStood(lines, members, bodyAt, 2));
  expect(distinctPlaces(lines, members, bodyAt)).toEqual(distinctPlacesAsItStood(lines, members, bodyAt));
}

const grepBody = (lines: readonly string[]) => (i: number) => /^[^:]*:\d+:/.exec(lines[i]!)?.[0].length ?? 0;

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("reading a line for a place only where it holds an extension before a number", () => {
  it("answers as reading every line for every fixture output, every line and every 2nd to 4th", () => {
    let placed = 0;
    for (const lines of outputs)
      for (let step = 1; step <= 4; step++) {
        const members = lines.map((_, i) => i).filter((i) => i % step === 0);
        same(lines, members);
        same(lines, members, grepBody(lines));
        if (step === 1 && distinctPlaces(lines, members).length > 0) placed++;
      }
    expect(placed).toBeGreaterThan(2);
  });
  it("answers so for lines of paths, extensions, numbers, arrows and words", () => {
    const part = fc.constantFrom(
      ...[
        "src/a.rs",
        "lib/x.py",
        "a.ts",
        "x.verylongext",
        ".d",
        "A.java",
        "(",
        ")",
        ":",
        ",",
        "12",
        "4:9",
        "(4,9)",
      ],
      ...[" ", "\t", "  --> ", "error", "warning: unused", "2024-05-30 16:31:02", "v1.2:3", "@scope/p.js"],
    );
    const line = fc.array(part, { maxLength: 8 }).map((ps) => ps.join(""));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.nat(2), (lines, step) => {
        const members = lines.map((_, i) => i).filter((i) => i % (step + 1) === 0);
        same(lines, members);
        same(lines, members, grepBody(lines));
      }),
      { numRuns: 20_000 },
    );
  });
});
