/**
 * An error that names nothing but its place (javadoc's `X.java:41: error: malformed HTML`,
 * no quoted name, no number), said again further down the same file: distinctPlaces takes
 * the same message again in a file for a cascade of one mistake (`cannot find symbol
 * 'foo'` wherever foo is used), but a message that names nothing has no one mistake to
 * cascade from: each place is its own to fix, and the build fails on each. Warnings so
 * said again (clang-tidy's `statement should be inside braces` 22 times in one file) are a
 * habit the first and last stand for: errors only (the caller's say).
 */

import { PLACE } from "./code-places.ts";

/** A quoted name or a number in a message: what makes the same message again one mistake's cascade. */
const NAMES = /‘[^’]*’|'[^']*'|"[^"]*"|`[^`]*`|\d/;

/** What the line says after its place is an error (`: error: `), not a note under one (g++'s `note: ... failed`). */
const ERROR = /^\W*(?:fatal )?error\b/i;

/**
 * The members, past those `kept` (distinctPlaces' answer: none when the kind names no
 * places), that name a place no member named before and say there only words; in order.
 * `bodyPlaces`: distinctPlaces' PLACE match of each member's body (PlacesRead.body), when it was asked for them.
 */
export function bareErrorsAgain(
  lines: readonly string[],
  members: readonly number[],
  kept: readonly (readonly [number, number])[],
  bodyAt?: (i: number) => number,
  bodyPlaces?: readonly (RegExpExecArray | null)[],
): number[] {
  if (kept.length === 0) return [];
  const have = new Set(kept.map(([i]) => i));
  const places = new Set<string>();
  const out: number[] = [];
  for (let t = 0; t < members.length; t++) {
    const i = members[t]!;
    // distinctPlaces read each member's place already (its `bodyPlaces`): not read twice.
    const found = bodyPlaces ? bodyPlaces[t]! : PLACE.exec(bodyOf(lines, i, bodyAt));
    if (found === null || places.has(found[0])) continue;
    places.add(found[0]);
    const body = bodyOf(lines, i, bodyAt);
    const says = body.slice(found.index + found[0].length);
    if (!have.has(i) && ERROR.test(says) && !NAMES.test(says)) out.push(i);
  }
  return out;
}

function bodyOf(lines: readonly string[], i: number, bodyAt?: (i: number) => number): string {
  return bodyAt ? lines[i]!.slice(bodyAt(i)) : lines[i]!;
}
