import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSuccess } from "../../../../src/compress/excerpt/signals.ts";

// succeeded tries SUCCESS only on a line holding what a match of it must (MAYBE_SUCCESS);
// it must answer as SUCCESS tried on every line does (the expressions as they stand, copied).
const SUCCESS =
  /^\s*(?:✓|✔|√|ok \d|PASS(?:ED)?\b|\[?\s*OK\s*\]?\s)|\bPASSED\b|\b(?:0|no) (?:errors?|warnings?|failures?|failed|problems?|vulnerabilities)\b(?![^,;]*\b[1-9]\d* (?:errors?|failed|failures?)\b)/;
const TALLIED = String.raw`\b(?:[Ee]rrors?|[Ff]ailures?|[Ff]ailed|[Ww]arnings?)\s*[:=]\s*`;
const everyLine = (line: string) =>
  SUCCESS.test(line) ||
  (new RegExp(`${TALLIED}0\\b`).test(line) && !new RegExp(`${TALLIED}[1-9]`).test(line));

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const lines = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .flatMap((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("a success tried only where it may stand", () => {
  it("answers as SUCCESS tried on every line of the fixture outputs", () => {
    let successes = 0;
    for (const line of lines) {
      expect(isSuccess(line), line).toBe(everyLine(line));
      if (isSuccess(line)) successes++;
    }
    expect(successes).toBeGreaterThan(100);
  });

  it("answers so for each alternative behind blanks and words", () => {
    const openers = ["✓", "✔", "√", "ok 1", "PASS", "PASSED", "OK ", "[ OK ] ", "[OK] "];
    const tallies = ["0 ", "no "].flatMap((n) =>
      [
        "error",
        "errors",
        "warning",
        "warnings",
        "failure",
        "failures",
        "failed",
        "problem",
        "problems",
        "vulnerabilities",
      ].map((w) => `${n}${w}`),
    );
    for (const lead of ["", " ", "\t", "\u00a0", "\u2028", "\ufeff", "x "])
      for (const piece of [...openers, ...tallies]) {
        for (const line of [`${lead}${piece}`, `${lead}${piece} done`, `a ${lead}${piece}`]) {
          expect(isSuccess(line), line).toBe(everyLine(line));
        }
      }
  });

  it("answers so for random lines of its pieces", () => {
    const piece = fc.constantFrom(
      "✓",
      "✔",
      "√",
      "ok",
      "PASS",
      "ED",
      "OK",
      "[",
      "]",
      "0",
      "no",
      "1",
      "errors",
      "warning",
      "failures",
      "failed",
      "problem",
      "vulnerabilities",
      "Failures: ",
      " ",
      "\t",
      "\u00a0",
      ",",
      "x",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const line = pieces.join("");
        expect(isSuccess(line), line).toBe(everyLine(line));
      }),
      { numRuns: 30_000 },
    );
  });
});
