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

/**
 * Lines of `marked` whose text stands word for word elsewhere as quoted source (above):
 * the same line of the program, quoted again without its caret (a report's source line
 * cut from the diagnostic and caret it was quoted with, as where a run of findings is
 * printed again), is the program's words there too, not a problem. `marked` holds the
 * lines read as problems; `quoted` the texts of those found quoted, which need no caret.
 */
export function quotedAgain(
  lines: readonly string[],
  marked: readonly number[],
  quoted: ReadonlySet<string>,
): number[] {
  if (quoted.size === 0) return [];
  return marked.filter((i) => quoted.has(lines[i]!));
}
