/**
 * Playwright Test's list, line and dot reporters: each numbered failure (`  3) [desktop] ›
 * tests/checkout.spec.js:14:3 › checkout › payment form … ───`), its error and what the
 * assertion compared (`Locator: getByLabel('Validade')`, `Received: "desde 25,00 €"`), the
 * line of the test that failed (`> 12 |`) and where it stands; then the totals.
 */

import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { blockPicks, blocksOf, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

/** A failure's heading: its number, its project in brackets, its place and its titles, then a rule. */
export const FAILURE = /^\s+\d+\) (?:\[[^\]]+\] › )?\S+:\d+:\d+ › .*─{3,}\s*$/;
/** The totals: `20 failed`, `8 passed (2.3m)`, `1 flaky`, `2 skipped`, `3 did not run`. */
const SUMMARY = /^\s+\d+ (?:failed|passed|flaky|skipped|interrupted|did not run)\b/;
const FAILED = /^\s+(\d+) failed\s*$/;
const MESSAGE =
  /^\s+(?:Error:|[\w.$]*(?:Error|Exception)\b|Test timeout of|Locator:|Expected(?: pattern| string)?:|Received(?: string)?:)/;
const LOCATION = /^\s+at .{0,300}?\(?[^\s()]+:\d+:\d+\)?$/;
/** The line of the test a code frame points at. */
const POINTER = /^\s+>\s*\d+\s*\|/;

export function playwrightExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks = summaryPicks(doc, SUMMARY);
  const blocks = blocksOf(doc, FAILURE, SUMMARY);
  for (const block of blocks) {
    blockPicks(doc, block, { message: MESSAGE, location: LOCATION, messages: 3 }, picks);
    linePicks(doc, POINTER, P.message - 3, picks, block.start, block.end);
  }
  // Its own count of failed tests where it prints one (flaky tests are numbered too).
  const said = doc.lines.map((l) => FAILED.exec(l)).find((m) => m !== null);
  const failures = said ? Number(said[1]) : blocks.length;
  return testExcerpt("playwright", doc, budget, picks, failures, blocks, hints, false);
}
