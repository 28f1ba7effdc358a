/**
 * Source a tool quotes between a diagnostic and the caret under it, with no gutter to
 * mark it (RuboCop, Python 3.11's tracebacks, clang):
 *
 *     lib/net/http.rb:760:7: C: Layout/EmptyLineAfterGuardClause: Add empty line after guard clause.
 *           raise IOError, "ipaddr value changed, but session already started" if started?
 *           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
 *
 * Its words are the program's (`raise IOError`, `rescue => exception`), not a problem: read
 * as one, every quoted `raise` of net/http ranked as an error above the 31 warnings RuboCop
 * found in it. A gutter's frame is told by its gutter (signals.ts isCodeFrame).
 */
import { hasLocation, isCaret } from "./signals.ts";

/** Whether line `i` is source quoted under a line naming a place, with a caret under it pointing into it. */
export function isQuotedSource(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  const under = lines[i + 1];
  if (i === 0 || under === undefined || !isCaret(under) || hasLocation(line)) return false;
  // The caret points into the line (its first mark within the line's length).
  const mark = under.search(/[\^~]/);
  return mark < line.length && hasLocation(lines[i - 1]!);
}
