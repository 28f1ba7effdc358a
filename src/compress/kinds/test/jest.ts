/** jest: each "● suite › test" block (message, code frame, first user frame), FAIL files, summary. */

import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { blockPicks, blocksOf, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const SUMMARY = /^(?:Test Suites|Tests):\s+\d+/;
const SUMMARY_MINOR = /^(?:Snapshots|Time):\s+\S|^Ran all test suites/;
const FAIL_FILE = /^FAIL\s+\S/;
const BLOCK = /^\s+●\s\S/;
const STOP = /^(?:FAIL|PASS)\s+\S|^(?:Test Suites|Tests):/;
const INLINE_FAIL = /^\s+✕\s/;
const MESSAGE = /^\s+(?:expect\(|[\w.$]*(?:Error|Exception)\b|Expected|Received|Cannot find module)/;
const LOCATION = /^\s+at .{0,300}?\(?[^\s()]+:\d+:\d+\)?$/;
const POINTER = /^\s+>\s*\d+\s*\|/;
/** A suite that did not run (a syntax error, a missing module): no test of it failed. */
const SUITE_FAILED = /^\s+●\sTest suite failed to run\s*$/;
/** Where jest lists again every failure it printed (more than one file failed). */
const SUMMARY_OF_ALL = /^Summary of all failing tests\s*$/;

/**
 * How many tests failed: the `●` blocks up to jest's summary of all failing tests, which
 * prints each of them again (`80 failing tests` stood over jest's own `Tests: 40 failed`),
 * and none of a suite that failed to run.
 */
function failingTests(doc: { lines: readonly string[] }, blocks: readonly { start: number }[]): number {
  const again = doc.lines.findIndex((l) => SUMMARY_OF_ALL.test(l));
  return blocks.filter((b) => (again < 0 || b.start < again) && !SUITE_FAILED.test(doc.lines[b.start]!))
    .length;
}

export function jestExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks = summaryPicks(doc, SUMMARY, SUMMARY_MINOR);
  linePicks(doc, FAIL_FILE, P.extra, picks);
  linePicks(doc, INLINE_FAIL, P.name - 3, picks);
  const blocks = blocksOf(doc, BLOCK, STOP);
  for (const block of blocks) {
    blockPicks(doc, block, { message: MESSAGE, location: LOCATION, messages: 3, locations: 2 }, picks);
    linePicks(doc, POINTER, P.inline, picks, block.start, block.end);
  }
  return testExcerpt("jest", doc, budget, picks, failingTests(doc, blocks), blocks, hints);
}
