/**
 * Rare values in columns cut by tabs (`git log --format='%H%x09%an <%ae>%x09…'`, a TSV
 * export). Read by words, a column shifts by the words of a name before it (`Avi` and
 * `Nicolas Herment`), and a column of many values is no column of categories (outliers.ts):
 * yet where nearly every line holds a value other lines hold too (an author among the
 * regular ones), a line holding one of its own (the author named once) is news. Pure.
 */

/** Lines at least, and the share of them with the same number of tabs, for columns to be read. */
const MIN_LINES = 50;
const SAME_TABS = 0.9;
/** A value this many lines hold is a regular one; such lines make this share of a column at least. */
const REGULAR = 3;
const REGULAR_SHARE = 0.85;
/** Lines of a value of their own: this share of a column at most (or MIN_SINGLES). */
const SINGLES_SHARE = 0.05;
const MIN_SINGLES = 3;

/**
 * Into `out` (by `tab:column:value`), each line of `at` holding a value no other line
 * holds, in a column where nearly every line's value is a regular one.
 */
export function tabOutliers(
  lines: readonly string[],
  at: readonly number[],
  out: Map<string, number[]>,
): void {
  if (at.length < MIN_LINES) return;
  // Columns need a tab in SAME_TABS of the lines: most outputs hold none, and are left
  // once too many lines lack one, before any line is cut.
  let without = 0;
  for (const i of at) {
    const line = lines[i]!;
    if (line.length <= 2000 && line.includes("\t")) continue;
    if (at.length - ++without < at.length * SAME_TABS) return;
  }
  // Each line's cells counted by its tabs (0: none, or too long to be read): a line is cut
  // only once a width is held by SAME_TABS of them. Lines of code indented by tabs (a grep
  // of bundled JavaScript) have as many cells as depths: each was cut for no width.
  const tabs = new Map<number, number>();
  for (const i of at) {
    const cellCount = cellsOf(lines[i]!);
    tabs.set(cellCount, (tabs.get(cellCount) ?? 0) + 1);
  }
  let width = 0;
  for (const [w, n] of tabs) if (w > 1 && n >= at.length * SAME_TABS) width = w;
  if (width === 0) return;
  const cells = at.map((i) => (cellsOf(lines[i]!) > 0 ? lines[i]!.split("\t") : []));
  for (let c = 0; c < width; c++) {
    const held = new Map<string, number[]>();
    cells.forEach((row, k) => {
      if (row.length !== width) return;
      const v = row[c]!.trim();
      const list = held.get(v);
      if (list) list.push(at[k]!);
      else held.set(v, [at[k]!]);
    });
    if (held.size > at.length / 2) continue;
    let regular = 0;
    let singles = 0;
    for (const list of held.values()) {
      if (list.length >= REGULAR) regular += list.length;
      else if (list.length === 1) singles++;
    }
    if (singles === 0 || regular < at.length * REGULAR_SHARE) continue;
    if (singles > Math.max(MIN_SINGLES, at.length * SINGLES_SHARE)) continue;
    for (const [v, list] of held) if (list.length === 1 && v !== "") out.set(`tab:${c}:${v}`, list);
  }
}

/** How many cells a line's tabs cut it into: 0 where it holds none or is over 2,000 characters. */
function cellsOf(line: string): number {
  if (line.length > 2000) return 0;
  let n = 0;
  for (let k = line.indexOf("\t"); k >= 0; k = line.indexOf("\t", k + 1)) n++;
  return n > 0 ? n + 1 : 0;
}
