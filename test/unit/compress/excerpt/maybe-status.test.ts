import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";

// isProblem tries its status-or-code search only on a line holding what a match must
// (MAYBE_STATUS_OR_CODE); it must answer as trying it on every line does. The expressions
// as they stand, copied.
const word = (a: string) => `(?<![\\w/.\\-])(?:${a})(?![\\w/\\-]|\\.\\w)`;
const WORDS =
  "error|errors|err!|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure|ures|ing|s)?|denied|refused|unable|cannot|can't|could ?n[o']t|not found|no such|invalid|missing|abort(?:ed|ing)?|segmentation fault|core dumped|timed? ?out|warn(?:ing|ings)?|deprecated|unhandled|uncaught|unmet|conflict|crash(?:ed|loopbackoff)?|backoff|oomkilled|out of memory|killed|evicted|unhealthy|rejected|undefined reference|not ok|alert|crit(?:ical)?|emerg(?:ency)?|severe|abnormal(?:ly)?";
const PROBLEM = new RegExp(`${word(WORDS)}|^\\s*(?:✗|✘|✖|×|⨯|❌|FAIL\\b)`, "i");
const STATUS_OR_CODE =
  /\b[A-Z]\w*(?:Error|Exception|BackOff|Failed|Failure|Killed)\b|\bErr[A-Z]\w*|\bE\d{3,5}\b(?=[\]):]|\s+\S)/;
const SUCCESS =
  /^\s*(?:✓|✔|√|ok \d|PASS(?:ED)?\b|\[?\s*OK\s*\]?\s)|\bPASSED\b|\b(?:0|no) (?:errors?|warnings?|failures?|failed|problems?|vulnerabilities)\b(?![^,;]*\b[1-9]\d* (?:errors?|failed|failures?)\b)/;
const TALLIED = String.raw`\b(?:[Ee]rrors?|[Ff]ailures?|[Ff]ailed|[Ww]arnings?)\s*[:=]\s*`;
const CODE_FRAME = /^\s*>?\s*\d+(?:\s+\d+)?\s*[|│]|^\s+[|│]\s/;
function everyLine(line: string): boolean {
  const succeeded =
    SUCCESS.test(line) ||
    (new RegExp(`${TALLIED}0\\b`).test(line) && !new RegExp(`${TALLIED}[1-9]`).test(line));
  return (
    line.length <= 4000 &&
    (PROBLEM.test(line) || STATUS_OR_CODE.test(line)) &&
    !succeeded &&
    !CODE_FRAME.test(line)
  );
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const lines = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .flatMap((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("isProblem's gate before the status-or-code search", () => {
  it("answers as the search on every line for every line of the fixture outputs", () => {
    let statuses = 0;
    for (const line of lines) {
      expect(isProblem(line), line).toBe(everyLine(line));
      if (!PROBLEM.test(line) && STATUS_OR_CODE.test(line)) statuses++;
    }
    // Lines only the status-or-code search reads as problems: the gate is what decides them.
    expect(statuses).toBeGreaterThan(20);
  });
  it("answers so for each status, each code, and random lines of their pieces", () => {
    for (const status of ["Error", "Exception", "BackOff", "Failed", "Failure", "Killed"]) {
      expect(isProblem(`pod in Image${status} state`)).toBe(true);
      expect(isProblem(`pod in Image${status.toLowerCase()} state`)).toBe(false);
    }
    for (const line of ["ErrImagePull", "x: E0308 here", "[E501]", "E12345 y"])
      expect(isProblem(line)).toBe(true);
    for (const line of ["E12 x", "BIOS-e820", "Err", "Erra", "ExitCode"]) expect(isProblem(line)).toBe(false);
    const piece = fc.constantFrom(
      ...[
        "Type",
        "Image",
        "Pull",
        "Error",
        "Exception",
        "BackOff",
        "Failed",
        "Failure",
        "Killed",
        "Err",
        "E",
      ],
      ...["Ex", "Exc", "Fail", "Back", "Off", "Kill", "0308", "12", "9", "x", " ", "_", ":", "-", "e", "/"],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const line = pieces.join("");
        expect(isProblem(line), line).toBe(everyLine(line));
      }),
      { numRuns: 30_000 },
    );
  });
});
