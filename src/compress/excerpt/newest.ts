/**
 * The newest lines of an output whose lines each carry a date and time but are not in
 * time order (git blame, a listing with modification times): who or what changed last is
 * news there, as the end is in a log written in time order (the engine keeps that end).
 */

/** A date and a time of day, as most tools write them (`2025-10-28 08:09:20`, `2025-10-28T08:09`). */
const STAMP = /\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?/;
/** Share of lines that must carry one, and of neighbours in time order that makes it a log. */
const DATED = 0.8;
const IN_ORDER = 0.9;
/** The newest this many times, at most PER_STAMP lines of each. */
const STAMPS = 4;
const PER_STAMP = 3;
/** Lines looked at, from the start, to tell whether the output is dated. */
const SAMPLE = 200;

export function newestLines(lines: readonly string[]): number[] {
  // Each line's stamp as a number that sorts as its text `date time` does (stampAt); NaN: none.
  const stamps = new Float64Array(lines.length).fill(Number.NaN);
  let seen = 0;
  let dated = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!NOT_BLANK.test(line)) continue;
    const at = line.length <= 2000 ? line.search(STAMP) : -1;
    if (at >= 0) {
      stamps[i] = stampAt(line, at);
      if (seen < SAMPLE) dated++;
    }
    if (seen < SAMPLE) seen++;
    // The sample decides whether the output is dated: an undated one is not read further.
    else if (dated < seen * DATED) return [];
  }
  if (seen < 10 || dated < seen * DATED) return [];
  let pairs = 0;
  let ordered = 0;
  let last = Number.NaN;
  for (const s of stamps) {
    if (Number.isNaN(s)) continue;
    if (!Number.isNaN(last)) {
      pairs++;
      if (s >= last) ordered++;
    }
    last = s;
  }
  if (ordered >= pairs * IN_ORDER) return [];
  // The newest STAMPS distinct stamps, oldest first, found in one pass (sorting every stamp
  // of a long output cost more than the rest of this together).
  const newest: number[] = [];
  for (const s of stamps) {
    if (Number.isNaN(s) || newest.includes(s)) continue;
    if (newest.length < STAMPS) newest.push(s);
    else if (s > newest[0]!) newest[0] = s;
    else continue;
    newest.sort((a, b) => a - b);
  }
  const out: number[] = [];
  for (const stamp of newest) {
    let taken = 0;
    for (let i = 0; i < lines.length && taken < PER_STAMP; i++)
      if (stamps[i] === stamp) {
        out.push(i);
        taken++;
      }
  }
  return out.sort((a, b) => a - b);
}

/** Not blank: what trim() would not leave empty. */
const NOT_BLANK = /\S/;

/**
 * The stamp STAMP found at `at` as a number that sorts as its text (`2025-10-28 08:09`,
 * then `:20` when the seconds are written) does: its digits in order, then the seconds
 * plus one (0 when not written, as the shorter text sorts first). No string is made.
 */
function stampAt(line: string, at: number): number {
  const two = (k: number) => (line.charCodeAt(k) - 48) * 10 + line.charCodeAt(k + 1) - 48;
  const minutes =
    ((((two(at) * 100 + two(at + 2)) * 100 + two(at + 5)) * 100 + two(at + 8)) * 100 + two(at + 11)) * 100 +
    two(at + 14);
  const seconds =
    line.charCodeAt(at + 16) === 58 && isDigit(line.charCodeAt(at + 17)) && isDigit(line.charCodeAt(at + 18))
      ? two(at + 17) + 1
      : 0;
  return minutes * 101 + seconds;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
