/**
 * Each failure's lines in turn: where several failures each explain themselves in many
 * lines of one sort (pytest's `E` lines) and all of them are facts, the room facts may
 * take runs out before the last failures are reached when the lines rank alike and go in
 * line order. Ranked by their place within their failure instead, the first line of every
 * failure goes before the second of any, then the second of each, and so on: each failing
 * test keeps the start of what it says (hypothesis's falsifying example after an assertion
 * and its `where` lines) rather than the first failures keeping all of theirs.
 */

import type { Doc } from "../../excerpt/doc.ts";
import type { Pick } from "../../excerpt/pack.ts";
import type { Block } from "./shared.ts";

/** How much each later line of a failure ranks below the one before it. */
const STEP = 0.01;
/** Lines this far into a failure and past rank alike (the last of them still over `prio - 1`). */
const DEPTH = 90;

/** Every line of `blocks` matching `re`, at `prio` less a step per matching line before it in its block. */
export function inTurnPicks(doc: Doc, re: RegExp, prio: number, blocks: readonly Block[], out: Pick[]): void {
  for (const block of blocks) {
    let k = 0;
    for (let i = block.start; i <= block.end; i++)
      if (re.test(doc.lines[i]!)) out.push({ from: i, to: i, prio: prio - Math.min(k++, DEPTH) * STEP });
  }
}
