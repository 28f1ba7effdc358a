/**
 * pandas's frames (a DataFrame printed): its titles (the columns' name, if any, first:
 * `day       11-01  11-02`); under them, where the index is named, the index's name alone
 * on its line (`store_id`, padded with blanks, nothing under the columns); then its rows, to a
 * blank line. A frame wider than the terminal is wrapped in column blocks: each block but the
 * last ends its titles with ` \`, and the next block, after a blank line, holds the same rows'
 * next columns under titles and an index name of its own: no rows of their own. Under the last
 * block pandas may count them, `[24 rows x 9 columns]`. A frame of the same titles said again
 * (`baskets:` over a second pivot of the same days) is another frame of the table: its rows
 * count with the first's. What stands outside the frames (a title line, a Series printed
 * after them) is no row of theirs.
 *
 * Read only where a mark of pandas's is (a block's ` \` with the next block under it, an
 * index's name line, the count): else undefined, and the table is read as before. Read
 * whole, the two pivots of fresh31 in two blocks each and a Series under them were one table
 * of 100 rows; they are two frames of 24 rows each. Pure; the table kind (excerpt.ts) counts
 * the rows by it and reads no cells outside them.
 */

import { wordsOf } from "./words.ts";

export interface Frames {
  /** The rows of every frame under the titles (pandas's own count where it gives one). */
  readonly rows: number;
  /** 1 on each line from the titles on that is no row: later blocks, index names, counts, what stands outside. */
  readonly notRow: Uint8Array;
  /** pandas's counts under the frames (`[24 rows x 9 columns]`), kept as psql's is. */
  readonly counts: readonly number[];
  /** The lines outside the frames that say something (a frame's title line, what follows the last). */
  readonly outside: readonly number[];
  /** The last row's line. */
  readonly lastRow: number;
}

/** The titles of a block that goes on in the next (pandas's wrap mark). */
const WRAPPED = /\s\\$/;
/** pandas's count under a frame. */
const COUNT = /^\[(\d+) rows? x \d+ columns?\]$/;

const blank = (line: string) => line.trim() === "";

/** Titles with pandas's wrap mark (` \\`, no title) taken off. */
export const unwrapped = (line: string) => line.trimEnd().replace(WRAPPED, "");

/** A line's words with pandas's wrap mark taken off. */
const titleWords = (line: string) => wordsOf(unwrapped(line));

/**
 * Whether a line is the index's name under titles: it opens at the first column, and stands
 * left of where the titles' columns begin (past the columns' own name, at the line's start).
 */
function indexName(line: string, titles: string): boolean {
  if (blank(line) || line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9) return false;
  const columns = /^\S*\s+/.exec(titles)?.[0].length ?? 0;
  return columns > 0 && line.trimEnd().length < columns;
}

/**
 * A block from its titles at `at`: the line after its index's name (or its titles) and the
 * blank line (or end) that ends its rows; `named` whether the index's name is there.
 */
function blockAt(lines: readonly string[], at: number): { first: number; end: number; named: boolean } {
  const named = at + 1 < lines.length && indexName(lines[at + 1]!, lines[at]!);
  const first = at + (named ? 2 : 1);
  let end = first;
  while (end < lines.length && !blank(lines[end]!) && !COUNT.test(lines[end]!.trim())) end++;
  return { first, end, named };
}

/** The frames under the titles at `titles`, or undefined where no mark of pandas's is. */
export function framesOf(lines: readonly string[], titles: number): Frames | undefined {
  if (titles >= lines.length) return undefined;
  const title = titleWords(lines[titles]!);
  if (!title.includes(" ")) return undefined;
  const notRow = new Uint8Array(lines.length).fill(1);
  const counts: number[] = [];
  const outside: number[] = [];
  let marks = 0;
  let rows = 0;
  let lastRow = -1;
  let i = titles;
  while (i < lines.length) {
    const line = lines[i]!;
    if (titleWords(line) !== title) {
      if (!blank(line)) outside.push(i);
      i++;
      continue;
    }
    const block = blockAt(lines, i);
    if (block.named) marks++;
    for (let r = block.first; r < block.end; r++) notRow[r] = 0;
    let frameRows = block.end - block.first;
    if (frameRows > 0) lastRow = block.end - 1;
    let at = i;
    let end = block.end;
    // Each later block holds as many lines as the first: the same rows' next columns.
    while (WRAPPED.test(lines[at]!.trimEnd())) {
      let next = end;
      while (next < lines.length && blank(lines[next]!)) next++;
      if (next >= lines.length) break;
      const more = blockAt(lines, next);
      if (more.end - more.first !== frameRows || more.named !== block.named) break;
      marks++;
      at = next;
      end = more.end;
    }
    let after = end;
    while (after < lines.length && blank(lines[after]!)) after++;
    const count = after < lines.length ? COUNT.exec(lines[after]!.trim()) : null;
    if (count) {
      marks++;
      frameRows = Number(count[1]);
      counts.push(after);
      end = after + 1;
    }
    rows += frameRows;
    i = end;
  }
  return marks > 0 ? { rows, notRow, counts, outside, lastRow } : undefined;
}
