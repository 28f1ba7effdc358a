/**
 * Places a script's errors name by line alone (sqlite3's `Runtime error near line 42: …`,
 * mysql's `ERROR 1062 (23000) at line 3: …`): a tool running one input names no file, only
 * the line of its statement, so each such error is a statement of its own to fix, not one
 * mistake said again. Pure; the problem ranking (rank-problems.ts) reads them where the
 * members of a kind of error name no place in code (code-places.ts distinctPlaces).
 */

/** `line 42` (`near line 42`, `at line 42`, `line 42:`), not `line 42 of file.c` nor a file's `:42`. */
const LINE_N = /\bline (\d+)\b(?! of )/i;

/**
 * The members of a kind of error that each name a line no other member named before, when
 * most of them name one (else the line numbers are the odd few, not the kind's place).
 */
export function linePlaces(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  let named = 0;
  for (let t = 0; t < members.length; t++) {
    // Too few members left for most of them to name a line: none.
    if ((named + members.length - t) * 2 < members.length) return [];
    const i = members[t]!;
    const body = bodyAt ? lines[i]!.slice(bodyAt(i)) : lines[i]!;
    const n = LINE_N.exec(body)?.[1];
    if (n === undefined) continue;
    named++;
    if (seen.has(n)) continue;
    seen.add(n);
    out.push(i);
  }
  return named * 2 >= members.length ? out : [];
}
