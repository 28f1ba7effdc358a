/**
 * A kind of line told once a round, the same words but for a count that goes 1, 2, 3 …
 * (latexmk's `Run number 3 of rule 'pdflatex'`, a retry's `Attempt 2 of 5`): its last line
 * says how many rounds there were, which the first and a count of them do not (the
 * templates show a kind by its first line). Pure; the engine (structure.ts) makes them facts.
 */
import type { Templates } from "./templates.ts";

/** A kind of more lines than this is a listing's numbering, not rounds of a run. */
const MOST_ROUNDS = 50;
/**
 * Rounds of a run are this many lines apart at least: lines numbered one under the other
 * (`h1` … `h6`, `$1` … `$9` in a declaration file) are a list of their own.
 */
const ROUND_APART = 10;

/** The numbers that stand as words (`Run number 3`), not inside a name (`h6`, `libcrypt2`). */
const numbersOf = (line: string) => line.match(/\b\d+\b/g) ?? [];

/** Whether the members of a kind differ only by one number counting 1, 2, 3 … in order. */
function counts(lines: readonly string[], members: readonly number[]): boolean {
  const first = numbersOf(lines[members[0]!]!);
  const second = numbersOf(lines[members[1]!]!);
  if (first.length !== second.length) return false;
  const at = first.findIndex((n, k) => n === "1" && second[k] === "2");
  if (at < 0) return false;
  const shape = lines[members[0]!]!.replace(/\b\d+\b/g, "0");
  return members.every((i, k) => {
    const line = lines[i]!;
    const n = numbersOf(line);
    return (
      line.replace(/\b\d+\b/g, "0") === shape &&
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
