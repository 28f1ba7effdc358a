/**
 * Whether a run went on past a failure: a loop's failed item among alike ones (ansible's
 * `failed: (item=press-23)` between `changed: (item=press-22)` and `changed:
 * (item=press-24)`) either stopped the run or did not, and only the line after it tells
 * which. The lines before it (engine.ts's before-crash) say where it was. Pure.
 */

/**
 * The first line past the problem lines from `at` when it is of the kind of the last line
 * of a kind before `from` (where what locates that problem starts): the run going on
 * past the failure; -1 otherwise. `of` gives each line's kind (-1: none, a blank line).
 */
export function wentOnAfter(
  lines: readonly string[],
  of: Int32Array,
  problem: Uint8Array,
  at: number,
  from: number,
): number {
  let before = from - 1;
  while (before >= 0 && of[before]! < 0) before--;
  let next = at;
  while (next < lines.length && (problem[next] || of[next]! < 0)) next++;
  if (before < 0 || next >= lines.length || problem[before]) return -1;
  return of[next] === of[before] ? next : -1;
}
