/** vitest: the "Failed Tests" section (name, error, ❯ location) and the summary. */

import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { blockPicks, blocksOf, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const SUMMARY = /^\s*(?:Test Files|Tests)\s+\d+ (?:failed|passed|skipped)/;
const SUMMARY_MINOR = /^\s*(?:Start at|Duration|Errors)\s+\S/;
const FAIL_HEADER = /^\s*FAIL\s+\S/;
const SECTION = /^\s*⎯{2,}/;
const INLINE_FAIL = /^\s*[×✗]\s/;
const INLINE_MESSAGE = /^\s*→\s/;
const FILE_FAILED = /^\s*❯\s+\S+\s+\(\d+ tests? \|.*failed/;
const MESSAGE = /^\s*(?:[\w.$]*(?:Error|Exception)\b|AssertionError|Expected|expected |→)/;
const LOCATION = /❯\s+(?:\S+\s+)?\S+:\d+:\d+|\bat\s\S{0,300}:\d+:\d+/;

export function vitestExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks = summaryPicks(doc, SUMMARY, SUMMARY_MINOR);
  linePicks(doc, FILE_FAILED, P.inline, picks);
  const inline = linePicks(doc, INLINE_FAIL, P.inline, picks);
  linePicks(doc, INLINE_MESSAGE, P.inline - 1, picks);
  const blocks = blocksOf(doc, FAIL_HEADER, SECTION);
  for (const block of blocks) {
    blockPicks(doc, block, { message: MESSAGE, location: LOCATION, locations: 4 }, picks);
  }
  // Section titles ("Failed Tests 3", "Unhandled Errors") say what follows.
  for (let i = 0; i < doc.lines.length; i++) {
    if (SECTION.test(doc.lines[i]!) && /[A-Za-z]/.test(doc.lines[i]!)) {
      picks.push({ from: i, to: i, prio: P.inline });
    }
  }
  return testExcerpt("vitest", doc, budget, picks, Math.max(blocks.length, inline), blocks, hints);
}
