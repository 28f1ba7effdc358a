/**
 * A table's number printed with its thousands grouped by commas (`775,755`, as csvlook and
 * a locale's formatting print an amount): one number, where the engine's reading of a
 * field (fields.ts numberIn) takes a comma for the field's end and reads none. Then a
 * column of sizes so printed is one of amounts, its largest far above the rest, as the same
 * column printed plain (`775755`) is. Only whole groups of three after a first of one to
 * three digits: `1,2,3` and `12,34` are lists, not numbers.
 */
import type { Printed } from "./fields.ts";

const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.(\d+))?$/;

/** The number `v` is with its digits grouped by commas, NaN when it is not one; `printed` gets its decimals. */
export function groupedNumber(v: string, printed?: Printed): number {
  // Cheap first: a comma, which a number read otherwise has not.
  if (!v.includes(",")) return Number.NaN;
  const m = GROUPED.exec(v);
  if (!m) return Number.NaN;
  if (printed) printed.decimals = m[1]?.length ?? 0;
  return Number(v.replaceAll(",", ""));
}
