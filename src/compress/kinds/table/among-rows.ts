/**
 * Whether a line a header's pattern fits (words opening with capitals, blanks between) is one
 * of the rows it stands among: the lines just above and below it split at runs of blanks into
 * as many cells as it does (two or more). A header stands over its rows, not between two of
 * them: what is above it is a title, a warning, a rule or nothing. In fresh31's pandas pivot
 * the row of store S009, `S009  117  20 … NaN  NaN  NaN  NaN  148 …`, fits the pattern (a word
 * may hold blanks before what is no capital, and each NaN opens with one), and was read as the
 * header: the nine stores above it as lines over the table. Pure; the table kind's headerEnd
 * (excerpt.ts) asks it of the line alignedHeader finds.
 */

import { splitAligned } from "../../excerpt/rare.ts";

export function amongRows(lines: readonly string[], at: number): boolean {
  if (at < 1 || at + 1 >= lines.length) return false;
  const width = splitAligned(lines[at]!).length;
  return (
    width >= 2 &&
    lines[at - 1]!.trim() !== "" &&
    splitAligned(lines[at - 1]!).length === width &&
    splitAligned(lines[at + 1]!).length === width
  );
}
