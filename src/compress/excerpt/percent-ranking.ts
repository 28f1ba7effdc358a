/**
 * A ranking by share, as a profiler prints it: lines led by a percentage (perf report's
 * `    42.73%  build-index-per  build-index-perf  [.] sqlite3VdbeExec`), or by a count and
 * its share (callgrind_annotate's, counted-share.ts), largest first,
 * each maybe with its call chains under it. The one who ran it wants the top of the
 * ranking, yet its lines share one form (the templates show the first and last of many)
 * and the call chains between them outnumber them. So where at least FEWEST lines in a row
 * of those that open, after blanks, with a percentage and a blank have shares that never
 * rise from one to the next, the first TOP of that run are facts (the first such run: what
 * follows a rise, a second report, is another ranking). Pure; the engine (structure.ts) makes them so.
 */

import { countedShare } from "./counted-share.ts";

/** At least this many lines led by a share. */
const FEWEST = 8;
/** The top of the ranking kept: as many as a sorted listing's (ranked.ts). */
const TOP = 10;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** The share a line opens with (`  42.73% x` reads 42.73), or NaN when it opens with none. */
export function leadingShare(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  const start = i;
  while (i < line.length && isDigit(line.charCodeAt(i))) i++;
  if (i === start) return Number.NaN;
  if (line.charCodeAt(i) === 46) {
    i++;
    const digits = i;
    while (i < line.length && isDigit(line.charCodeAt(i))) i++;
    if (i === digits) return Number.NaN;
  }
  if (line.charCodeAt(i) !== 37 || line.charCodeAt(i + 1) !== 32) return Number.NaN;
  return Number(line.slice(start, i));
}

/** The first TOP lines of the first falling ranking by share, or [] when the output holds none. */
export function percentRanking(lines: readonly string[]): number[] {
  const at: number[] = [];
  let last = Number.POSITIVE_INFINITY;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Cheap first: a line led by blanks and a digit, as a ranking's is.
    let j = 0;
    while (line.charCodeAt(j) === 32) j++;
    if (!isDigit(line.charCodeAt(j))) continue;
    // Its share alone, or after the count it is of (callgrind's `6,948,008 (30.03%)`).
    let share = leadingShare(line);
    if (Number.isNaN(share)) share = countedShare(line);
    if (Number.isNaN(share)) continue;
    // A rise ends the ranking: the first falling run of FEWEST lines or more is the one.
    if (share > last) {
      if (at.length >= FEWEST) break;
      at.length = 0;
    }
    last = share;
    at.push(i);
  }
  return at.length >= FEWEST ? at.slice(0, TOP) : [];
}
