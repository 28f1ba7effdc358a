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
  return testExcerpt("jest", doc, budget, picks, blocks.length, blocks, hints);
}
