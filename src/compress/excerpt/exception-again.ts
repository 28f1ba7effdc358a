/**
 * An exception line said again word for word: the same thrown again, which its first
 * telling says already. svelte-check's `Error: Could not find a declaration file for module
 * '@harbor/core'. …` (fresh28), under each of 20 files' paths, was told whole 20 times as
 * 20 exceptions, and the room went to it before the paths that say where each error is.
 * What tells one telling from another (its place, its frames) keeps its own rank; the line
 * again is room. Pure.
 */

/** Whether `line` was told before (in `told`); notes it as told. */
export function toldAgain(told: Set<string>, line: string): boolean {
  if (told.has(line)) return true;
  told.add(line);
  return false;
}
