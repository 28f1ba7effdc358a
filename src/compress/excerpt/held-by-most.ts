/**
 * The line most of a kind's members say word for word (engine.ts: a kind told by that
 * line, not only by its first). Pure.
 */

/**
 * The first of the members whose line two thirds of them say word for word, or -1. Only
 * a line said by more than half of them can be, and a majority vote (Boyer-Moore) over
 * the members finds it, to be counted once more: a table of every line (most differ)
 * cost more than the rest of the search.
 */
export function heldByMost(lines: readonly string[], members: readonly number[]): number {
  if (members.length < 3) return -1;
  let candidate: string | undefined;
  let lead = 0;
  for (const k of members) {
    const line = lines[k]!;
    if (lead === 0) {
      candidate = line;
      lead = 1;
    } else if (line === candidate) lead++;
    else lead--;
  }
  // The vote's count of the candidate bounds how many say it: each time it fell to 0, a
  // stretch of members ended in which no line was said by more than half, and the last
  // stretch holds the candidate (lead + its length) / 2 times, so it is said (n + lead) / 2
  // times at most, short of two thirds where lead < n / 3 (lines alike but each its own).
  if (3 * lead < members.length) return -1;
  let count = 0;
  let first = -1;
  for (const k of members)
    if (lines[k] === candidate) {
      count++;
      if (first < 0) first = k;
    }
  return count * 3 >= members.length * 2 ? first : -1;
}
