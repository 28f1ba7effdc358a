/**
 * Lines of prose that each hold a comma (or a semicolon) are no delimited table: perlcritic's
 * `Config.pm: Subroutine prototypes used at line 26, column 1.  See page 194 of PBP.` splits
 * on its one comma as evenly as a CSV row, yet each part is a sentence. A table's row holds
 * at least one short cell (a number, an id, a code, a name); where in most rows every cell
 * runs to several words, the lines are sentences and the delimiter reads nothing. Pure.
 */

/** A cell of this many words or more is a phrase, not a value. */
const PHRASE_WORDS = 3;
/** Rows whose every cell is a phrase are this share of the rows at least. */
const MOST = 0.9;

const wordsIn = (cell: string) => cell.split(/\s+/).filter((w) => w !== "").length;

/** Whether `rows` split on `delimiter` are sentences rather than cells. */
export function proseCells(rows: readonly string[], delimiter: string): boolean {
  if (delimiter !== "," && delimiter !== ";") return false;
  let prose = 0;
  for (const row of rows) if (row.split(delimiter).every((c) => wordsIn(c) >= PHRASE_WORDS)) prose++;
  return rows.length > 0 && prose >= rows.length * MOST;
}
