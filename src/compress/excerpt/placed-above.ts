/**
 * The line that places a rare line: where a line naming a place in code ends with a colon
 * and the lines under it are indented deeper, they are what it introduces, and a rare one
 * of them says nothing without it (pydocstyle's one `D412: No blank lines allowed …` under
 * `src/pygments/formatters/html.py:114 in public class `HtmlFormatter`:`, among 578
 * findings whose place lines are alike). Quoted code a tool indents under its place
 * without a colon (a traceback's `File "x.py", line 3, in f`) is not so introduced.
 * A finding whose words read as a summary (`D202: … (found 1)`) is placed so too.
 */
import { hasLocation, indentOf } from "./signals.ts";

/** Where rare line `i` is told from: the line introducing it (i - 1) when it is so, else `i`. */
export function placedAbove(lines: readonly string[], i: number): number {
  if (i === 0) return i;
  const line = lines[i]!;
  const above = lines[i - 1]!;
  const depth = indentOf(line);
  if (depth === 0 || indentOf(above) >= depth || !above.trimEnd().endsWith(":")) return i;
  return hasLocation(above) && !hasLocation(line) ? i - 1 : i;
}
