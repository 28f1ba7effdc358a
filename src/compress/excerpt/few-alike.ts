/**
 * A kind of line a few lines hold, where every line of a rare kind is a fact (grep's
 * matches, a linter's `path:12: finding` lines read as them: engine.ts rankFrequent):
 * vulture's four `unused import 'X' (90% confidence)` among 132 findings of kinds said
 * again and again. A kind of one or two is rare and each of its lines is a fact; the first
 * line of a kind of a few more, with its count, says only that it came again, not where
 * nor what, while each of its lines names a name to act on. Lines of the kind that say the
 * same words (a bundled copy's `hooks.lang = deprecate(` in three copies of moment) differ
 * only by where they stand: their first with the count tells them all. Pure.
 */

/** A kind of at most this many lines is few (or twice the rare limit, in a longer output). */
const FEW_ALIKE = 4;

/**
 * Whether a kind (its lines, `members`) is few enough to keep whole, where a kind of `rare`
 * lines or fewer is rare (work.ts rareLimit): few lines, each saying words of its own past
 * where it stands (`bodyAt`).
 */
export function fewAlike(
  lines: readonly string[],
  members: readonly number[],
  rare: number,
  bodyAt: (i: number) => number = () => 0,
): boolean {
  if (members.length > Math.max(FEW_ALIKE, 2 * rare)) return false;
  // Pair by pair, nothing sliced: a kind of this size holds a few lines (six pairs for four).
  for (let a = 1; a < members.length; a++)
    for (let b = 0; b < a; b++) if (sameWords(lines, members[a]!, members[b]!, bodyAt)) return false;
  return true;
}

/** The bounds of line `i`'s words past `bodyAt`, blanks at either end left out. */
function wordsOf(line: string, from: number): [number, number] {
  let s = from;
  let e = line.length;
  while (s < e && line.charCodeAt(s) <= 32) s++;
  while (e > s && line.charCodeAt(e - 1) <= 32) e--;
  return [s, e];
}

/** Whether lines `a` and `b` say the same words past where each stands. */
function sameWords(lines: readonly string[], a: number, b: number, bodyAt: (i: number) => number): boolean {
  const x = lines[a]!;
  const y = lines[b]!;
  const [xs, xe] = wordsOf(x, bodyAt(a));
  const [ys, ye] = wordsOf(y, bodyAt(b));
  if (xe - xs !== ye - ys) return false;
  for (let k = 0; k < xe - xs; k++) if (x.charCodeAt(xs + k) !== y.charCodeAt(ys + k)) return false;
  return true;
}
