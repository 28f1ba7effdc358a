/**
 * A share printed after the count it is of, in parentheses: callgrind_annotate ranks each
 * function by its instructions and their share of the program's (`6,948,008 (30.03%)
 * cjson/cJSON.c:parse_string`, `  880,968 ( 3.81%)  ./ctype/./ctype/ctype.c:tolower`),
 * where perf report leads with the share alone (percent-ranking.ts). Pure.
 */

/** A count (digits, maybe grouped by commas), a blank, the share in parentheses, a blank. */
const COUNTED = /^ *\d[\d,]* \( *(\d+(?:\.\d+)?)%\) /;

/** The share a line opens with after its count (`  880,968 ( 3.81%)  x` reads 3.81), or NaN. */
export function countedShare(line: string): number {
  const m = COUNTED.exec(line);
  return m ? Number(m[1]) : Number.NaN;
}
