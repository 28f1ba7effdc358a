/**
 * A kind of line told once a round, the same words but for a count that goes 1, 2, 3 …
 * (latexmk's `Run number 3 of rule 'pdflatex'`, a retry's `Attempt 2 of 5`, psql's expanded
 * `-[ RECORD 69 ]`): its last line
 * says how many rounds there were, which the first and a count of them do not (the
 * templates show a kind by its first line). Pure; the engine (structure.ts) makes them facts.
 */
import type { Templates } from "./templates.ts";

/**
 * A kind of more lines than this is not read (a bound on the work): rounds of a run, or
 * records numbered one after another ten lines apart or more (psql's `-[ RECORD 69 ]`, the
 * last of which says how many there are, as the last round says how many rounds ran).
 */
const MOST_ROUNDS = 1000;
/**
 * Rounds of a run are this many lines apart at least: lines numbered one under the other
 * (`h1` … `h6`, `$1` … `$9` in a declaration file) are a list of their own.
 */
const ROUND_APART = 10;

/** The numbers that stand as words (`Run number 3`), not inside a name (`h6`, `libcrypt2`). */
const numbersOf = (line: string) => line.match(/\b\d+\b/g) ?? [];

/**
 * A line's words with its numbers as 0 and a rule's run of one mark as three of it: a rule
 * drawn to the width of its number (psql's `-[ RECORD 9 ]-----+` over `-[ RECORD 10 ]----+`)
 * is the same line.
 */
const shapeOf = (line: string) => line.replace(/\b\d+\b/g, "0").replace(/([-=_*~.+])\1{2,}/g, "$1$1$1");

/** Whether the members of a kind differ only by one number counting 1, 2, 3 … in order. */
function counts(lines: readonly string[], members: readonly number[]): boolean {
  const first = numbersOf(lines[members[0]!]!);
  const second = numbersOf(lines[members[1]!]!);
  if (first.length !== second.length) return false;
  const at = first.findIndex((n, k) => n === "1" && second[k] === "2");
  if (at < 0) return false;
  const shape = shapeOf(lines[members[0]!]!);
  return members.every((i, k) => {
    const line = lines[i]!;
    const n = numbersOf(line);
    return (
      shapeOf(line) === shape &&
      n.length === first.length &&
      n.every((v, j) => (j === at ? v === String(k + 1) : v === first[j]))
    );
  });
}

/** The last line of each kind that counts its rounds (2 to MOST_ROUNDS of them). */
export function countedLast(lines: readonly string[], t: Templates): number[] {
  const out: number[] = [];
  for (const { members } of t.list) {
    if (members.length < 2 || members.length > MOST_ROUNDS) continue;
    if (members.some((i, k) => k > 0 && i - members[k - 1]! < ROUND_APART)) continue;
    // Most kinds hold no `1` in their first line: told without splitting it.
    if (!lines[members[0]!]!.includes("1")) continue;
    if (counts(lines, members)) out.push(members[members.length - 1]!);
  }
  return out;
}
