/**
 * Alike problem lines that are one short list told again: Maven prints its compiler errors,
 * then the same list again under `Failed to execute goal`; a retry loop logs the same
 * failures each round. What they say is the list, however many times it is told. Pure.
 */

/**
 * A place in a file the line holds itself (`Dunning.java:[23,46]`, `fx.rs:5:9`,
 * `app.py(12)`): the same line twice is then the same finding, not one in another file
 * named by a line above it (cargo's `-->`, eslint's file header).
 */
const OWN_PLACE = /\.[A-Za-z]\w{0,7}(?::\[?|\[|\()\d/;

/**
 * The first telling of the list (of `members`) when their texts are a list of at most
 * `few` distinct lines, each holding its place, told whole two or more times over in the
 * same order; none otherwise.
 */
export function firstOfEachTold(lines: readonly string[], members: readonly number[], few: number): number[] {
  const first = new Set<string>();
  let k = 0;
  while (k < members.length && k <= few && !first.has(lines[members[k]!]!)) first.add(lines[members[k++]!]!);
  if (k > few || k === members.length || members.length % k !== 0) return [];
  for (const line of first) if (!OWN_PLACE.test(line)) return [];
  for (let j = k; j < members.length; j++) if (lines[members[j]!] !== lines[members[j % k]!]) return [];
  return members.slice(0, k);
}
