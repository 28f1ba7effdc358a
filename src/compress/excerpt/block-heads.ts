/**
 * An output made of blocks set apart by blank lines, each opened by a line or two at column 0
 * with an indented tree under it (npm explain: one block per installed copy, its
 * `name@version` and `node_modules/…` path over the chain of dependents that pulls it in,
 * nested deeper at each step). The opening lines name the blocks and are what tells them
 * apart: the trees under them repeat one another (the same dependents, the same root), and
 * the templates see the openings as a few kinds of many alike (`ansi-regex@N dev` ×6), of
 * which only the first and last would show. Where the blocks are few, every opening line
 * is a fact. Pure; the engine (engine.ts) makes them facts.
 *
 * Only an output wholly of such blocks: a line at column 0 after an indented one in the
 * same block (a traceback's exception line, a describe's next key) or a block of column-0
 * lines alone before the last (a build's `Compiling` line) makes it something else; and
 * the trees are deep (a diagnostic's one indented place under its message is no tree).
 */

import { indentOf } from "./signals.ts";

/** At least this many blocks, and at most MOST_BLOCKS: past that, the openings are a list of their own. */
const FEWEST_BLOCKS = 2;
const MOST_BLOCKS = 24;
/** At most this many opening lines at column 0 in a block. */
const OPENING_MOST = 2;
/** The trees under the openings are at least this many levels deep, the opening's included. */
const DEPTHS = 3;
/** An indentation step is this many columns at least (one space is alignment). */
const STEP = 2;
/** The openings are at most this share of the non-blank lines. */
const SHARE = 0.2;

/** The opening lines of each block, when the output is made of blocks of indented trees; [] otherwise. */
export function blockHeads(lines: readonly string[]): number[] {
  const heads: number[] = [];
  const depths = new Set<number>();
  let blocks = 0;
  let nonBlank = 0;
  let inBlock = false;
  let body = false;
  let opening = 0;
  let bodyless = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") {
      if (inBlock && !body) bodyless = true;
      inBlock = false;
      continue;
    }
    nonBlank++;
    const at = indentOf(line);
    if (!inBlock) {
      // A block opens at column 0; one with nothing under it may only be the last.
      if (at !== 0 || bodyless) return [];
      inBlock = true;
      body = false;
      opening = 0;
      blocks++;
      if (blocks > MOST_BLOCKS) return [];
    }
    if (at === 0) {
      if (body || ++opening > OPENING_MOST) return [];
      heads.push(i);
      continue;
    }
    if (at < STEP) return [];
    body = true;
    depths.add(at);
  }
  if (blocks < FEWEST_BLOCKS || depths.size + 1 < DEPTHS) return [];
  if (heads.length > nonBlank * SHARE) return [];
  return heads;
}
