/**
 * A warning printed above a table: csvkit's csvlook writes `RuntimeWarning: Error sniffing
 * CSV dialect: Could not determine delimiter` on stderr before its `| a | b |` rows, and
 * read as the table's first line it hid the delimiter (no `|` in it), so the rows were
 * split at runs of blanks, each cell keeping a bar, and no column read as numbers. The
 * delimiter is read from the line after such a warning; another first line without the
 * delimiter is no table's (psql's `-[ RECORD 1 ]` over its `key | value` lines).
 */

/** A line that warns. */
const WARNING = /warn/i;

/** Where a table delimited by `d` starts among `lines`: 0, 1 past a warning, or -1 when neither holds `d`. */
export function delimitedFrom(lines: readonly string[], d: string): number {
  if (lines[0]?.includes(d)) return 0;
  return WARNING.test(lines[0] ?? "") && lines[1]?.includes(d) ? 1 : -1;
}
