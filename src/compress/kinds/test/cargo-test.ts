/** cargo test: each "---- name stdout ----" panic (location, message), the failures list, "test result:". */

import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { blockPicks, blocksOf, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const RESULT = /^test result: (?:ok|FAILED)\./;
const FAILED_LINE = /^test \S+ .*\.\.\. FAILED$/;
const BLOCK = /^---- \S+ stdout ----$/;
const STOP = /^failures:$|^test result:/;
const MESSAGE = /panicked at |^assertion |^\s*(?:left|right): |^called `|^thread '/;
const LOCATION = /\S+\.rs:\d+:\d+/;
const ERROR = /^error(?:\[E\d+\])?: /;

export function cargoTestExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks = summaryPicks(doc, RESULT);
  linePicks(doc, ERROR, P.extra, picks);
  const failed = linePicks(doc, FAILED_LINE, P.inline, picks);
  const blocks = blocksOf(doc, BLOCK, STOP);
  for (const block of blocks) {
    blockPicks(doc, block, { message: MESSAGE, location: LOCATION, messages: 4, locations: 1 }, picks);
  }
  return testExcerpt("cargo-test", doc, budget, picks, Math.max(failed, blocks.length), blocks, hints);
}
