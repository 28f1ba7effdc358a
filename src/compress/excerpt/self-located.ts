/**
 * An output whose every line names its own place in code (perlcritic's `Config.pm: … at
 * line 26, column 1.`, a linter's `file:12:5: msg` format, `grep -n`): no line locates
 * another there. A problem line's locators are looked for above it (the `file:line` over
 * a compiler's message, g++'s `required from here` chain); read so here, each of a hundred
 * findings pulled up to five other findings above it in as facts, and the excerpt filled
 * with the first findings of each file. Pure; cached per output, as every problem asks.
 */
import { hasLocation } from "./signals.ts";

/** This share of the non-blank lines name a place, at least. */
const MOST = 0.9;
/** An output of fewer lines is not read so (a diagnostic's few lines may all name places). */
const FEWEST = 20;

const cache = new WeakMap<readonly string[], boolean>();

/** Whether nearly every non-blank line of `lines` names its own place. */
export function selfLocated(lines: readonly string[]): boolean {
  const known = cache.get(lines);
  if (known !== undefined) return known;
  let nonBlank = 0;
  let placed = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    nonBlank++;
    if (hasLocation(line)) placed++;
  }
  const is = nonBlank >= FEWEST && placed >= nonBlank * MOST;
  cache.set(lines, is);
  return is;
}
