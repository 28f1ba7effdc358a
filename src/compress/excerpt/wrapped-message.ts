/**
 * A diagnostic wrapped at the terminal's width (mypy --pretty wraps at 80 columns): its
 * message goes on below at the problem line's own margin, down to the line that ends in
 * the code the tool closes each message with (`module named "UserDict"  [import]`). Those
 * lines are the message's, read with it (problem-context.ts attachedAfter), not lines of
 * their own: cut there, the problem says `Cannot find implementation or library stub for`
 * and not what it could not find.
 */
import { hasLocation, indentOf, isProblem } from "./signals.ts";

/** A message's closing code in brackets after a blank: `[import]`, `[attr-defined]`. */
const CODE_END = /\s\[[\w-]+\]$/;
/** A message wraps over this many lines below its first at most. */
const MOST = 4;

/**
 * The last line of problem line `i`'s message wrapped below it, or `i` when it is not
 * wrapped. The problem names its place (`file:line:`); a line below that is a problem or a
 * place of its own is not its message (a test's `--- FAIL` over its `panic: … [recovered]`).
 * Most problems are not wrapped: the closing line is looked for first, by its last character.
 */
export function wrappedEnd(lines: readonly string[], i: number): number {
  const head = lines[i]!;
  if (endsInBracket(head)) return i;
  let close = -1;
  for (let k = i + 1; k < lines.length && k - i <= MOST && close < 0; k++)
    if (endsInBracket(lines[k]!)) close = k;
  if (close < 0 || !CODE_END.test(lines[close]!) || !hasLocation(head)) return i;
  const margin = indentOf(head);
  for (let k = i + 1; k <= close; k++) {
    const line = lines[k]!;
    if (line.trim() === "" || indentOf(line) !== margin || hasLocation(line) || isProblem(line)) return i;
  }
  return close;
}

const endsInBracket = (line: string) => line.charCodeAt(line.length - 1) === 93;
