/**
 * A table's wide rows: where a row is cut, and which rows picked for a rare value are shown
 * whole. Pure; the table kind (excerpt.ts) hands them to the engine.
 */

import { sortedAt } from "../../excerpt/far-values.ts";

/** A row's first characters shown; the rest is cut (wideRows keeps some whole). */
export const MAX_LINE = 240;
/** Longest row kept whole for its rare value. */
const WHOLE_ROW = 1000;

/**
 * The rows shown whole past MAX_LINE: a row picked for its rare value that is also more than
 * twice as long as the table's typical row holds text the others do not (a Warning event's
 * message, where kubectl puts the cause at the end of 500 characters among rows of 150).
 * Where every row is wide, or where what is past the cut is one unbroken token (labels,
 * `k=v,k=v`, not a sentence), the first columns still tell a row. The part past MAX_LINE is
 * a suffix, which pack never cuts.
 */
export function wideRows(
  lines: readonly string[],
  whole: readonly number[],
): { display: Map<number, string>; suffix: Map<number, string> } {
  const display = new Map<number, string>();
  const suffix = new Map<number, string>();
  const wide = whole.filter((i) => {
    const line = lines[i]!;
    return (
      line.length > MAX_LINE &&
      line.length <= WHOLE_ROW &&
      (line.slice(MAX_LINE).trim().match(/\s+/g)?.length ?? 0) >= 3
    );
  });
  // The typical row's length is measured only when a row may be kept whole (a sort per table).
  if (wide.length === 0) return { display, suffix };
  const lengths = lines.filter((l) => l.trim() !== "").map((l) => l.length);
  const typical = lengths.length > 0 ? sortedAt(Float64Array.from(lengths), lengths.length >> 1) : 0;
  for (const i of wide) {
    const line = lines[i]!;
    if (line.length <= 2 * typical) continue;
    display.set(i, line.slice(0, MAX_LINE));
    suffix.set(i, line.slice(MAX_LINE));
  }
  return { display, suffix };
}
