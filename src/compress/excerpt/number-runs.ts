/**
 * Records laid out one field a line whose numbers come together: redis-cli's SLOWLOG GET
 * off a terminal prints each entry's id, unix time and microseconds a line each, then the
 * command's arguments, the client's address and name. The records differ in length (a
 * command of two arguments, one of a thousand), so no period lays them out (records.ts)
 * and every number line is one kind; but each record's leading numbers make a run of the
 * same length, and the k-th number of each run is one field. Its values far above the rest
 * (the 214,744 us SUNIONSTORE among 5 ms writes) are facts, with the run and the lines
 * that say what it was. Pure; the engine (engine.ts) ranks by it.
 */

import { farAbove } from "./far-values.ts";

/** A line that is one number and nothing else. */
const NUMBER = /^\s*-?\d+(?:\.\d+)?\s*$/;
/** Runs of this many numbers (two to six) are a record's leading fields. */
const SHORTEST = 2;
const LONGEST = 6;
/** Runs of one length make at least this share of all runs of two or more. */
const SHARE = 0.8;
/** At least this many runs: a field to read values of (farAbove reads eight or more). */
const RUNS = 8;
/** The values far above the rest that are facts, the largest first (farAbove). */
const MOST = 6;
/** After the run, the record's lines shown with its value (the command and its first argument). */
const AFTER = 2;

/** Each far value's line and the lines from its run's start that tell it. */
export interface RunOutlier {
  readonly line: number;
  readonly from: number;
  readonly to: number;
}

/** The lines of values far above the rest in some field of records led by a run of numbers. */
export function numberRunOutliers(lines: readonly string[]): RunOutlier[] {
  const runs: number[][] = [];
  for (let L = 0; L <= LONGEST; L++) runs.push([]);
  let longer = 0;
  let all = 0;
  for (let i = 0; i < lines.length; ) {
    if (!NUMBER.test(lines[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && NUMBER.test(lines[j]!)) j++;
    const length = j - i;
    if (length >= SHORTEST) {
      all++;
      if (length <= LONGEST) runs[length]!.push(i);
      else longer++;
    }
    i = j;
  }
  if (all < RUNS) return [];
  let best = SHORTEST;
  for (let L = SHORTEST; L <= LONGEST; L++) if (runs[L]!.length > runs[best]!.length) best = L;
  const starts = runs[best]!;
  if (starts.length < RUNS || starts.length < all * SHARE || longer > 0) return [];
  const out: RunOutlier[] = [];
  for (let field = 0; field < best; field++) {
    const values = starts.map((s) => Number(lines[s + field]!.trim()));
    // Values that only grow or only fall are places and times (ids, unix times), not amounts.
    if (monotone(values)) continue;
    for (const r of farAbove(values, MOST)) {
      const from = starts[r]!;
      const next = r + 1 < starts.length ? starts[r + 1]! : lines.length;
      let to = Math.min(next - 1, from + best - 1 + AFTER);
      while (to > from + best - 1 && lines[to]!.trim() === "") to--;
      out.push({ line: from + field, from, to });
    }
  }
  return out;
}

function monotone(values: readonly number[]): boolean {
  let up = true;
  let down = true;
  for (let k = 1; k < values.length; k++) {
    if (values[k]! < values[k - 1]!) up = false;
    if (values[k]! > values[k - 1]!) down = false;
  }
  return up || down;
}
