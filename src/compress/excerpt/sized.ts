/**
 * A size listing: lines that are each a number and a name (`du -a`'s `51M\tlib/src.zip`,
 * `du -h`'s folders, `wc -c`'s files). The one who ran it wants its largest entries, and
 * those rows are the answer wherever they stand: unsorted, as du prints a tree, its
 * largest file may be anywhere among hundreds of small ones, and far above the median or
 * not (a fourth-largest folder of 8.2M) it is what a sorted listing would have shown at
 * its top. So such a listing is read as a ranking in itself: its largest ten, as many as
 * a sorted one keeps (ranked.ts), are kept whole.
 */

import { largestLines, onlyGrow } from "./far-values.ts";
import { signedNumberIn } from "./fields.ts";
import { insideOfRows } from "./nested.ts";
import { MUST, type Pick } from "./pack.ts";
import { RANKED_ROWS, rankedEnd } from "./ranked.ts";

/** A number, blanks, then a name: one path or word run, no column after it (no tab, no double blank). */
const SIZED = /^\s*(\S+)[ \t]+(\S(?:.*\S)?)\s*$/;

/** The share of a listing's rows that must be sized lines: a total line or a warning aside. */
const SIZED_SHARE = 0.9;

/** The fewest rows a listing must have to be ranked so (as farAbove reads a column). */
const FEWEST = 8;

/**
 * Picks for the largest entries of a size listing (rows `start` to `end`), the largest
 * first, each a little below the one before; none when the rows are not such a listing,
 * when a numeric sort already put its largest at one end (ranked.ts keeps that end), or
 * when the numbers only grow row after row (line numbers of `cat -n`, not sizes).
 */
export function sizedPicks(
  lines: readonly string[],
  start: number,
  end: number,
  command: string | undefined,
): Pick[] {
  if (rankedEnd(command)) return [];
  const rows: string[][] = [];
  const at: number[] = [];
  const values: number[] = [];
  let others = 0;
  for (let i = start; i <= end; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const m = line.length <= 1000 ? SIZED.exec(line) : null;
    const size = m ? signedNumberIn(m[1]!, 0, m[1]!.length) : Number.NaN;
    if (!m || !(size >= 0) || /\t| {2}/.test(m[2]!)) {
      others++;
      // Too many other rows already, were every row left a sized one: no listing (most tables).
      const most = values.length + (end - i);
      if (most < (most + others) * SIZED_SHARE) return [];
      continue;
    }
    rows.push([m[1]!, m[2]!]);
    at.push(i);
    values.push(size);
  }
  if (values.length < FEWEST || values.length < (values.length + others) * SIZED_SHARE || onlyGrow(values))
    return [];
  const largest = largestLines(
    values,
    RANKED_ROWS,
    insideOfRows(
      rows,
      0,
      at.map((_, j) => j),
    ),
  );
  return largest.map((k, rank) => ({ from: at[k]!, to: at[k]!, prio: MUST + 2 - rank / largest.length }));
}
