/** cargo test: each "---- name stdout ----" panic (location, message), the failures list, "test result:". */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf } from "../../excerpt/lines.ts";
import type { Pick } from "../../excerpt/pack.ts";
import { FOREIGN, RUST_AT } from "../../excerpt/traces.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { verdictPicks } from "./cargo-verdict.ts";
import { type Block, blockPicks, blocksOf, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const RESULT = /^test result: (?:ok|FAILED)\./;
const FAILED_LINE = /^test \S+ .*\.\.\. FAILED$/;
const BLOCK = /^---- \S+ stdout ----$/;
const STOP = /^failures:$|^test result:/;
const MESSAGE = /panicked at |^assertion |^\s*(?:left|right): |^called `|^thread '/;
const LOCATION = /\S+\.rs:\d+:\d+/;
const ERROR = /^error(?:\[E\d+\])?: /;
/** A test binary's own count: `test result: FAILED. 109 passed; 4 failed; …`. */
const RESULT_FAILED = /^test result: \w+\. \d+ passed; (\d+) failed/;

/**
 * How many tests failed: the test binaries' own counts where they printed them; else the
 * `... FAILED` lines and the panics shown. With --nocapture a test's output stands between
 * its name and its `FAILED`, and of 4 failed tests one read as failing.
 */
function failingTests(doc: Doc, failedLines: number, blocks: number): number {
  let counted = 0;
  let said = false;
  for (const line of doc.lines) {
    const m = RESULT_FAILED.exec(line);
    if (m) {
      counted += Number(m[1]);
      said = true;
    }
  }
  return said ? counted : Math.max(failedLines, blocks);
}

export function cargoTestExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks = summaryPicks(doc, RESULT);
  linePicks(doc, ERROR, P.extra, picks);
  const failed = linePicks(doc, FAILED_LINE, P.inline, picks);
  const blocks = blocksOf(doc, BLOCK, STOP);
  for (const block of blocks) {
    blockPicks(doc, block, { message: MESSAGE, location: LOCATION, messages: 4, locations: 1 }, picks);
    userFramePicks(doc, block, picks);
    verdictPicks(doc, block, picks);
  }
  return testExcerpt(
    "cargo-test",
    doc,
    budget,
    picks,
    failingTests(doc, failed, blocks.length),
    blocks,
    hints,
  );
}

/**
 * A panic's backtrace (RUST_BACKTRACE on) is std's frames around the crate's own: each frame
 * is its function (`  6: settle::split`) over its place (`at ./src/lib.rs:8:6`). The
 * frames whose place is the user's say where it failed and which test called it: each is
 * kept whole, as a location, before std's frames (the block's detail, from its head).
 */
function userFramePicks(doc: Doc, block: Block, out: Pick[]): void {
  for (let i = block.start + 2; i <= block.end; i++) {
    const line = doc.lines[i]!;
    if (RUST_AT.test(line) && !FOREIGN.test(line))
      out.push({ from: i - 1, to: i, prio: P.location - 1, split: "none" });
  }
}
