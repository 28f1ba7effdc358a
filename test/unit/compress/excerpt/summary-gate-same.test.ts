import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { isSummary } from "../../../../src/compress/excerpt/signals.ts";
import { fixtureTexts } from "../corpus.ts";

// isSummary tried one regex of both its halves on every line; it now tries the anchored
// half, and the other only on a line holding what it needs (MAYBE_SUMMARY_WORDS). It must
// answer as the regex did (SUMMARY as it was at 6cdc51d1) on real lines and drawn ones.
const SUMMARY =
  /\b(?:exit(?:ed)?(?: with)?(?: code| status)?:? ?-?\d+|\d+ (?:passed|failed|errors?|warnings?|skipped|pending|tests?|suites?|problems?|vulnerabilit(?:y|ies)|packages?|files? changed|modules? transformed)|(?:passed|failed|total|errors?|warnings?):\s*\d+|Found \d+|checked \d+ files?|built in|done in|finished in|completed in|took \d)\b|^(?:Tests?|Test Files|Test Suites|Suites|Snapshots|Time|Duration|Ran|Summary|Result|Total)\b[\s:]/i;
const asItWas = (line: string) => line.length <= 400 && SUMMARY.test(line);

const lines = [
  ...loadCorpus().flatMap((e) => modelView(e).split("\n")),
  ...fixtureTexts().flatMap(({ text }) => text.split("\n")),
];

describe("isSummary", () => {
  it("answers as the one regex did on every line of the corpus and the fixtures", () => {
    let held = 0;
    for (const line of lines) {
      expect(isSummary(line), line).toBe(asItWas(line));
      if (asItWas(line)) held++;
    }
    expect(held).toBeGreaterThan(100);
  });
  it("answers as the one regex did on lines drawn from the pieces of its words", () => {
    const piece = fc.constantFrom(
      ..."exit exited with code status Found checked took built done finished completed in passed failed total errors warnings error skipped pending tests suites problems vulnerability vulnerabilities packages files changed modules transformed Test Files Suites Snapshots Time Duration Ran Summary Result Total EXIT TOOK IN".split(
        " ",
      ),
      " ",
      ":",
      ": ",
      "0",
      "12",
      "-",
      "_",
      ".",
      "\t",
      "x",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const line = pieces.join("");
        expect(isSummary(line)).toBe(asItWas(line));
      }),
      { numRuns: 50_000 },
    );
  });
});
