/** jest: each "● suite › test" block (message, code frame, first user frame), FAIL files, summary. */

import { docOf } from "../common.ts";
import type { Pick } from "../pack.ts";
import type { Compressor, Excerpt, Hints } from "../types.ts";
import { blockPicks, blocksOf, Failures, linePicks, P, testExcerpt } from "./shared.ts";

const SUMMARY = /^(?:Test Suites|Tests):\s+\d+/;
const SUMMARY_MINOR = /^(?:Snapshots|Time):\s+\S|^Ran all test suites/;
const FAIL_FILE = /^FAIL\s+\S/;
const BLOCK = /^\s+●\s\S/;
const STOP = /^(?:FAIL|PASS)\s+\S|^(?:Test Suites|Tests):/;
const INLINE_FAIL = /^\s+✕\s/;
const MESSAGE = /^\s+(?:expect\(|[\w.$]*(?:Error|Exception)\b|Expected|Received|Cannot find module)/;
const LOCATION = /^\s+at .{0,300}?\(?[^\s()]+:\d+:\d+\)?$/;
const POINTER = /^\s+>\s*\d+\s*\|/;

export const jest: Compressor = {
  name: "jest",
  detect(text: string, hints: Hints): number {
    if (!text.includes("Tests:") && !text.includes("●") && !(hints.command && /\bjest\b/.test(hints.command)))
      return 0;
    let score = 0;
    if (/^Tests:\s+(?:\d+ failed, )?\d+ (?:passed|failed|total)/m.test(text)) score += 0.6;
    if (/^Test Suites:\s+\d+/m.test(text)) score += 0.2;
    if (/^(?:PASS|FAIL) \S+\.(?:test|spec)\.[cm]?[jt]sx?/m.test(text) || /^\s+● .+ › /m.test(text))
      score += 0.2;
    if (hints.command && /\bjest\b/.test(hints.command)) score += 0.3;
    return Math.min(1, score);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const picks: Pick[] = [];
    linePicks(doc, SUMMARY, P.summary, picks);
    linePicks(doc, SUMMARY_MINOR, P.tail, picks);
    linePicks(doc, FAIL_FILE, P.extra, picks);
    linePicks(doc, INLINE_FAIL, P.name - 3, picks);
    const failures = new Failures();
    const blocks = blocksOf(doc, BLOCK, STOP);
    for (const block of blocks) {
      blockPicks(
        doc,
        block,
        { message: MESSAGE, location: LOCATION, messages: 3, locations: 2 },
        picks,
        failures,
      );
      linePicks(doc, POINTER, P.inline, picks, block.start, block.end);
    }
    return testExcerpt("jest", doc, budget, picks, blocks.length, failures.display);
  },
};
