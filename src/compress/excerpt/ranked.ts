/**
 * A ranking: output piped through a numeric sort (`du -h | sort -h`, `sort -rn`), or sorted by
 * size by its own tool (`nm --size-sort -r`, own-sort.ts), is read
 * from its sorted end, where the largest values are: the biggest folders, the costliest
 * packages. Those rows are the answer however alike they look, and a number that only grows
 * row after row is no id there (rare.ts skips such a column as places, not amounts).
 */
import { ownSortEnd } from "./own-sort.ts";
import { MUST, type Pick } from "./pack.ts";

/** The rows at the sorted end kept whole: a ranking's top ten, as `sort | tail` is read. */
export const RANKED_ROWS = 10;

/**
 * Which end of the output holds the largest values: "tail" after an ascending numeric sort,
 * "head" after a reversed one; undefined when the command's output is not such a ranking
 * (no sort, a sort of words, or one whose order a later stage changes).
 */
export function rankedEnd(command: string | undefined): "head" | "tail" | undefined {
  if (!command?.includes("sort")) return undefined;
  let end: "head" | "tail" | undefined;
  for (const stage of command.split(/(?<!\|)\|(?!\|)/)) {
    const words = stage.trim().split(/\s+/);
    const own = ownSortEnd(words);
    if (words[0] === "sort") end = numericSortEnd(words.slice(1));
    else if (own) end = own;
    // head and tail keep the order; anything else reorders or reshapes the rows.
    else if (end && words[0] !== "head" && words[0] !== "tail") end = undefined;
  }
  return end;
}

/** The end an ascending or reversed numeric sort puts the largest values at, or undefined for another sort. */
function numericSortEnd(options: readonly string[]): "head" | "tail" | undefined {
  let numeric = false;
  let reverse = false;
  for (const word of options) {
    // A list or subshell ends the sort's words: `sort -h; echo "exit code: $?"`, `sort -n)`.
    const o = word.replace(/[;)]+$/, "");
    if (o === "&&" || o === "||" || o === "") break;
    if (/^--(?:numeric|human-numeric|general-numeric)-sort$/.test(o)) numeric = true;
    else if (o === "--reverse") reverse = true;
    else if (/^-[a-zA-Z]+$/.test(o)) {
      if (/[nhg]/.test(o)) numeric = true;
      if (o.includes("r")) reverse = true;
    } else if (/^-k\S*[nhg]/.test(o) || /^\d+(?:\.\d+)?(?:,\d+(?:\.\d+)?)?[nhg]/.test(o)) numeric = true;
    if (o !== word) break;
  }
  if (!numeric) return undefined;
  return reverse ? "head" : "tail";
}

/**
 * Picks for the rows at a ranking's sorted end (rows `start` to `end`, blank and overlong lines aside):
 * the outermost first, each a little below the one before, so a tight budget keeps the top.
 */
export function rankedPicks(
  lines: readonly string[],
  start: number,
  end: number,
  command: string | undefined,
): Pick[] {
  const side = rankedEnd(command);
  if (!side) return [];
  const picks: Pick[] = [];
  const step = side === "tail" ? -1 : 1;
  for (
    let i = side === "tail" ? end : start;
    i >= start && i <= end && picks.length < RANKED_ROWS;
    i += step
  ) {
    // A row too long to be a ranking's line (a wrapped record) is left to the other rules.
    if (lines[i]!.trim() === "" || lines[i]!.length > 1000) continue;
    picks.push({ from: i, to: i, prio: MUST + 2 - picks.length / RANKED_ROWS });
  }
  return picks;
}
