/**
 * go test: "--- FAIL: Name" lines, the t.Errorf lines (file_test.go:N: message), panics
 * with the frames in the user's code, the race detector's reports (-race), the
 * per-package ok/FAIL lines, and -bench's result rows.
 */

import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { benchRowPicks } from "./go-bench.ts";
import { FOREIGN, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const PACKAGE = /^(?:FAIL|ok)\s+\S+\s+(?:[\d.]+s|\(cached\)|\[)/;
const FAIL_NAME = /^\s*--- FAIL: \S+/;
const REPORT = /^\s+\S+\.go:\d+: /;
const PANIC = /^\s*panic: /;
const FRAME_FILE = /^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;
const BUILD_ERROR = /^\S+\.go:\d+:\d+: /;
/** A race report and its two accesses: `Read at 0x… by goroutine 14:`, `Previous write at …`. */
const RACE =
  /^WARNING: DATA RACE$|^(?:Previous )?(?:[Rr]ead|[Ww]rite) at 0x[0-9a-f]+ by (?:goroutine \d+|main goroutine):$/;
/** Where a racing goroutine was started: its frames are context, the accesses' are the race. */
const CREATED = /^Goroutine \d+ \(.*\) created at:$/;

export function goTestExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks = summaryPicks(doc, PACKAGE);
  const failures = linePicks(doc, FAIL_NAME, P.name, picks);
  linePicks(doc, REPORT, P.message, picks);
  linePicks(doc, BUILD_ERROR, P.message, picks);
  linePicks(doc, RACE, P.message, picks);
  benchRowPicks(lines, picks);
  let created = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (CREATED.test(line) || RACE.test(line)) created = CREATED.test(line);
    if (PANIC.test(line)) {
      picks.push({ from: i, to: i, prio: P.message });
      picks.push({ from: i + 1, to: i + 24, prio: P.detail, split: "head" });
    } else if (FRAME_FILE.test(line) && !FOREIGN.test(line)) {
      // The function line above the file:line belongs with it.
      picks.push({ from: i - 1, to: i, prio: created ? P.detail : P.location, split: "none" });
    }
  }
  for (let i = 0; i < lines.length; i++)
    if (lines[i] === "FAIL") picks.push({ from: i, to: i, prio: P.inline });
  return testExcerpt("go-test", doc, budget, picks, failures, [], hints);
}
