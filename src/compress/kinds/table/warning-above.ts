/**
 * A line above a table's delimited rows. A warning: csvkit's csvlook writes
 * `RuntimeWarning: Error sniffing CSV dialect: Could not determine delimiter` on stderr
 * before its `| a | b |` rows, and read as the table's first line it hid the delimiter (no
 * `|` in it), so the rows were split at runs of blanks, each cell keeping a bar, and no
 * column read as numbers. A title: psql centres `List of relations` or `Table
 * "public.bookings"` over its header and the rule under it; read as the first line it hid
 * the bars the same way, and the columns' notes held them (`[Type        |: table  | ×79]`).
 * The delimiter is read from the line after either; another first line without the
 * delimiter is no table's (psql's `-[ RECORD 1 ]` over its `key | value` lines).
 */

/** A line that warns. */
const WARNING = /warn/i;

/**
 * Where a table delimited by `d` starts among `lines`: 0, 1 past a warning or a title
 * (`titled`: the line after next is a rule, as under a header), or -1 when neither holds `d`.
 */
export function delimitedFrom(lines: readonly string[], d: string, titled = false): number {
  if (lines[0]?.includes(d)) return 0;
  return (titled || WARNING.test(lines[0] ?? "")) && lines[1]?.includes(d) ? 1 : -1;
}
