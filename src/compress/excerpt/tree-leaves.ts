/**
 * Where the chains of a "why" tree end: npm explain's blocks each hang a chain of
 * dependents under an installed copy, and every chain ends at a root dependency (`dev
 * mocha@"6.2.0" from the root project`, `dev nodemon@"2.0.4" from the root project`), said
 * again at the end of each. The few texts the leaves say are what pulls the package in;
 * the templates see them as one kind of many alike, its first and last both mocha's. Read
 * only in an output of blocks of indented trees (block-heads.ts), and only where the
 * leaves say a few texts. Pure.
 */

import { indentOf } from "./signals.ts";

/** The leaves say at most this many texts. */
const FEW_TEXTS = 3;

/** The first leaf line of each text the leaves say, given the blocks' opening lines (blockHeads). */
export function leafTexts(lines: readonly string[], heads: readonly number[]): number[] {
  if (heads.length === 0) return [];
  const first = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const at = indentOf(lines[i]!);
    if (at === 0 || lines[i]!.trim() === "") continue;
    const next = lines[i + 1];
    // Where a branch ends: the next line is blank or shallower (one at the same depth goes
    // on with the same item, npm's `node_modules/…` path under its `name@range from …`).
    if (next !== undefined && next.trim() !== "" && indentOf(next) >= at) continue;
    const text = lines[i]!.trim();
    if (!first.has(text)) first.set(text, i);
    if (first.size > FEW_TEXTS) return [];
  }
  return [...first.values()];
}
