import { describe, expect, it } from "vitest";
import { byFirstLetter } from "../../../../src/compress/excerpt/first-letter.ts";
import { isCodeFrame, isProblem, isSevere, isSuccess } from "../../../../src/compress/excerpt/signals.ts";
import { loadCorpus, readText } from "../corpus.ts";

/**
 * signals.ts's problem and severe words are tried grouped by their first letter
 * (first-letter.ts), and a line's opening mark apart from them: faster, the same answers.
 * Here they stand as they were (one list, the marks in the same regex) to compare.
 */
const word = (alternatives: string) => `(?<![\\w/.\\-])(?:${alternatives})(?![\\w/\\-]|\\.\\w)`;
const WORDS =
  "error|errors|err!|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure|ures|ing|s)?|denied|refused|unable|cannot|can't|could ?n[o']t|not found|no such|invalid|missing|abort(?:ed|ing)?|segmentation fault|core dumped|timed? ?out|warn(?:ing|ings)?|deprecated|unhandled|uncaught|unmet|conflict|crash(?:ed|loopbackoff)?|backoff|oomkilled|out of memory|killed|evicted|unhealthy|rejected|undefined reference|not ok|alert|crit(?:ical)?|emerg(?:ency)?|severe|abnormal(?:ly)?";
const MARKS = "|^\\s*(?:✗|✘|✖|×|⨯|❌|FAIL\\b)";
const PROBLEM = new RegExp(`${word(WORDS)}${MARKS}`, "i");
const MAYBE_PROBLEM = new RegExp(`\\b(?:${WORDS})${MARKS}`, "i");
const SEVERE_WORDS =
  "error|errors|err!|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure|ures|s)?|denied|refused|unable|cannot|could ?n[o']t|not found|no such|abort(?:ed)?|segmentation fault|core dumped|unhandled|uncaught|crash(?:ed|loopbackoff)?|out of memory|oomkilled|undefined reference|not ok";
const SEVERE = new RegExp(`${word(SEVERE_WORDS)}${MARKS}`, "i");
const STATUS = /\b[A-Z]\w*(?:Error|Exception|BackOff|Failed|Failure|Killed)\b|\bErr[A-Z]\w*/;
const STATUS_OR_CODE = new RegExp(`${STATUS.source}|\\bE\\d{3,5}\\b`);

function wasProblem(line: string): boolean {
  return (
    line.length <= 4000 &&
    ((MAYBE_PROBLEM.test(line) && PROBLEM.test(line)) || STATUS_OR_CODE.test(line)) &&
    !isSuccess(line) &&
    !isCodeFrame(line)
  );
}
const wasSevere = (line: string) => SEVERE.test(line) || STATUS.test(line);

/** Each word as it may stand, every optional part taken and not. */
const SAID = [
  "error errors err! fatal panic panicked exception traceback fail failed failure failures failing fails",
  "denied refused unable cannot can't couldn't could_not couldnot not_found no_such invalid missing abort",
  "aborted aborting segmentation_fault core_dumped timeout timed_out time_out timedout warn warning",
  "warnings deprecated unhandled uncaught unmet conflict crash crashed crashloopbackoff backoff oomkilled",
  "out_of_memory killed evicted unhealthy rejected undefined_reference not_ok alert crit critical emerg",
  "emergency severe abnormal abnormally errorless warned critter fatalism okay e FAIL FAILED ✗ ×",
]
  .join(" ")
  .split(" ")
  .map((w) => w.replaceAll("_", " "))
  .concat([""]);
const AROUND = [
  (w: string) => w,
  (w: string) => `x ${w} y`,
  (w: string) => `src/${w}/index.ts`,
  (w: string) => `api-${w}-1`,
  (w: string) => `${w}.ts:3`,
  (w: string) => `on_${w} = 1`,
  (w: string) => `  ${w}: 3 tests`,
  (w: string) => `${w.toUpperCase()} in ${w}s`,
  (w: string) => `Type${w}Error: x`,
  (w: string) => `0 ${w} found`,
];

describe("the problem words grouped by their first letter", () => {
  it("read each word, whatever stands around it, as the one list did", () => {
    for (const w of SAID)
      for (const around of AROUND) {
        const line = around(w);
        expect(isProblem(line), line).toBe(wasProblem(line));
        expect(isSevere(line), line).toBe(wasSevere(line));
      }
  });

  it("read every line of the captured outputs as the one list did", () => {
    let lines = 0;
    for (const e of loadCorpus())
      for (const line of readText(e).split("\n")) {
        lines++;
        if (isProblem(line) !== wasProblem(line) || isSevere(line) !== wasSevere(line))
          expect({ line, problem: isProblem(line), severe: isSevere(line) }).toEqual({
            line,
            problem: wasProblem(line),
            severe: wasSevere(line),
          });
      }
    expect(lines).toBeGreaterThan(10000);
  });

  it("keeps a group's words whole, a word's own alternatives in it", () => {
    expect(byFirstLetter("error|errors|fail(?:ed|s)?|could ?n[o']t|can't")).toBe(
      "e(?:rror|rrors)|f(?:ail(?:ed|s)?)|c(?:ould ?n[o']t|an't)",
    );
  });
});
