/**
 * A problem line naming no place, whose place is the line right above it: svelte-check
 * prints `/…/src/lib/PilotQueue.svelte:16:6`, then `Error: Mixing old (on:click) and new
 * syntaxes …` under it, and so for each file. The four places of that error (its kind told
 * by its first and last) were where to fix it, and the middle two were cut, in svelte-check
 * alone and under turbo's `@harbor/admin:typecheck: ` (fresh28). Read as the arrow line
 * under rustc's header is (code-places.ts): the member's place. Pure.
 */

import { isProblem } from "./signals.ts";

/** A place ending its line (`…/PilotQueue.svelte:16:6`, `App.cs(12,5)`): the file, then its line and column. */
const PLACE_AT_END =
  /(?<![\w.@~+/-])([\w.@~+/-]*\.[A-Za-z]\w{0,7})(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\))(?=\s*$)/;
/** Before its place, a line that is only a place holds at most a prefix (`@harbor/admin:typecheck:`). */
const PREFIX = /^\s*(?:\S+\s+)?$/;

/**
 * The place the line above member `i` names when that line is only a place (past a
 * prefix) and no problem of its own, as PLACE would match it; null otherwise.
 */
export function placeAbove(lines: readonly string[], i: number): RegExpExecArray | null {
  if (i === 0) return null;
  const above = lines[i - 1]!;
  if (above.length > 400) return null;
  const found = PLACE_AT_END.exec(above);
  if (found === null || !PREFIX.test(above.slice(0, found.index)) || isProblem(above)) return null;
  return found;
}
