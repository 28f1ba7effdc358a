/**
 * psql's footer under an aligned table, `(97 rows)` (`(1 row)`): the count of the rows
 * above it, not a row. Counted as one, the excerpt's `[98 rows]` stood over psql's own
 * `(97 rows)`; read as a row of cells, it put `(empty) ×1` in every column's note of values
 * (a row with empty cells that psql never printed). Pure; the table kind (excerpt.ts) leaves
 * it out of its rows, their count and their cells, and keeps the line itself.
 */

const FOOTER = /^\(\d+ rows?\)$/;

/** Whether a line is psql's count of the rows above it; one test of its first character first. */
export function isCountFooter(line: string): boolean {
  return line.charCodeAt(0) === 40 && FOOTER.test(line);
}
