import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";

// isProblem reads a status (`TypeError`, `ErrImagePull`) and an error code (`E0308`) in one
// search where it tried each apart; it must answer as the two searches and the rest do.
const word = (a: string) => `(?<![\\w/.\\-])(?:${a})(?![\\w/\\-]|\\.\\w)`;
const WORDS =
  "error|errors|err!|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure|ures|ing|s)?|denied|refused|unable|cannot|can't|could ?n[o']t|not found|no such|invalid|missing|abort(?:ed|ing)?|segmentation fault|core dumped|timed? ?out|warn(?:ing|ings)?|deprecated|unhandled|uncaught|unmet|conflict|crash(?:ed|loopbackoff)?|backoff|oomkilled|out of memory|killed|evicted|unhealthy|rejected|undefined reference|not ok|alert|crit(?:ical)?|emerg(?:ency)?|severe|abnormal(?:ly)?";
const PROBLEM = new RegExp(`${word(WORDS)}|^\\s*(?:✗|✘|✖|×|⨯|❌|FAIL\\b)`, "i");
const STATUS = /\b[A-Z]\w*(?:Error|Exception|BackOff|Failed|Failure|Killed)\b|\bErr[A-Z]\w*/;
const CODE_MARK = /\bE\d{3,5}\b(?=[\]):]|\s+\S)/;
const SUCCESS =
  /^\s*(?:✓|✔|√|ok \d|PASS(?:ED)?\b|\[?\s*OK\s*\]?\s)|\bPASSED\b|\b(?:0|no) (?:errors?|warnings?|failures?|failed|problems?|vulnerabilities)\b(?![^,;]*\b[1-9]\d* (?:errors?|failed|failures?)\b)/;
const TALLIED = String.raw`\b(?:[Ee]rrors?|[Ff]ailures?|[Ff]ailed|[Ww]arnings?)\s*[:=]\s*`;
const CODE_FRAME = /^\s*>?\s*\d+(?:\s+\d+)?\s*[|│]|^\s+[|│]\s/;
function apart(line: string): boolean {
  const succeeded =
    SUCCESS.test(line) ||
    (new RegExp(`${TALLIED}0\\b`).test(line) && !new RegExp(`${TALLIED}[1-9]`).test(line));
  return (
    line.length <= 4000 &&
    (PROBLEM.test(line) || STATUS.test(line) || CODE_MARK.test(line)) &&
    !succeeded &&
    !CODE_FRAME.test(line)
  );
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const lines = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .flatMap((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("isProblem's status and code", () => {
  it("answers as the searches apart for every line of the fixture outputs", () => {
    let problems = 0;
    for (const line of lines) {
      expect(isProblem(line), line).toBe(apart(line));
      if (isProblem(line)) problems++;
    }
    expect(problems).toBeGreaterThan(100);
  });
  it("answers so for random lines of statuses, codes and words", () => {
    const piece = fc.constantFrom(
      "TypeError",
      "ErrImagePull",
      "E0308",
      "E12",
      "[E501]",
      "e820",
      "OOMKilled",
      "Errors",
      "BackOff",
      "ok",
      " ",
      ":",
      "x",
      "0",
      "_",
      "-",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const line = pieces.join("");
        expect(isProblem(line), line).toBe(apart(line));
      }),
      { numRuns: 20_000 },
    );
  });
});
