/**
 * Lines under a header candidate that split into columns and still are no rows of it (what
 * detect.ts's rowsStandUnder leaves out of the lines it counts as rows). MariaDB's slow log
 * opens with `Time  Id  Command  Argument` and goes on with its entries: `# explain:` lines
 * of a dozen tab-parted cells, and lines of fields, `# Thread_id: 4  Schema: boxoffice
 * QC_hit: No`. Counted as lines split into columns, they made the entries look like rows
 * under that line, and the log, shifted or grown, was read as a table of 804 (3,007) rows
 * that has none. Pure.
 */

/**
 * Whether a line splits (at runs of two blanks or more, or tabs) into more than twice as many
 * cells as the header has titles: a row holds a cell per title, give or take a value with
 * blanks of its own.
 */
export function widerThanTitles(line: string, titles: number): boolean {
  return line.trim().split(/\s{2,}|\t/).length > 2 * titles;
}

/**
 * Whether a line's first cell names itself, `name: value` (`# Thread_id: 4`, `# Time: 261201`):
 * a line of fields, each with its name; a table's row leaves the names to its header.
 */
export function namedFields(line: string): boolean {
  return /^[\s#]*[A-Za-z_][\w@.-]*: \S/.test(line);
}
