/**
 * Lines behind one lead, not a table's rows: when most delimited lines split into two
 * cells (the caller's count) and the first cell is the same on every one of them, that
 * cell is a prefix the tool writes before each line (LD_DEBUG's `     29622:` pid before a
 * tab; ldd's empty one, a tab's indent), not a column under a title. Read as a table, the
 * first line was taken for its header and every line below it, the loader's closing error
 * and `exit code: 127` with them, counted as `[135 rows]`. Wider tables keep a constant
 * column: there it is a column among others.
 */
export function oneLeadOfTwoCells(lines: readonly string[], d: string): boolean {
  let lead: string | undefined;
  let read = 0;
  for (const line of lines) {
    const at = line.indexOf(d);
    if (at < 0) continue;
    const first = line.slice(0, at);
    if (lead === undefined) lead = first;
    else if (first !== lead) return false;
    read++;
  }
  return read >= 3;
}
