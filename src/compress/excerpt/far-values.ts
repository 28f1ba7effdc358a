/**
 * Which numbers stand far from the rest of theirs (the entry chunk among small ones, a 30 s
 * call among 50 ms ones, a battery at 7 among 60 to 100), the largest of them, and how
 * they are read: their median without a sort, whether they only grow (places, not
 * amounts), the step they are printed in. Pure; the rules reading rows (rare.ts), fields
 * (outliers.ts) and listings (sized.ts, the kinds') take them.
 */

/** Values that only grow line after line count places (a line number, a time), not amounts. */
export function onlyGrow(values: readonly number[]): boolean {
  for (let k = 1; k < values.length; k++) if (values[k]! < values[k - 1]!) return false;
  return true;
}

/**
 * The unit farAbove takes for numbers printed with at most `decimals` digits after the
 * point: 1, or, where every one is a fraction of one (`below1`), the step they are
 * printed in (0.001 for a profile's seconds).
 */
export function printedStep(decimals: number, below1: boolean): number {
  return below1 ? 10 ** -decimals : 1;
}

/**
 * "A few" lines or rows: a value this few hold is rare whatever share of a small output
 * they make (three pods Unknown among 31; three `statusCode":500` completions among 39,
 * as among 81), where the rules reading rows (rare.ts) and fields (outliers.ts) allow it.
 */
export const FEW_LINES = 3;

/**
 * Which of some values stand far above the rest (the entry chunk among small ones, a 30 s
 * call among 50 ms ones): above the median by six times the median distance from it, and
 * at least twice the median; the lines of the largest three values at most (three of each).
 * Indexes into `values`. `unit`: the smallest step the values are printed in (1 for whole
 * numbers, 0.001 for a profile's seconds), the least the median distance is taken to be.
 */
export function farAbove(values: readonly number[], most = 3, unit = 1, inside?: Inside): number[] {
  if (values.length < 8) return [];
  // None above twice the median (most fields of numbers): none past the bar, however far
  // the median distance would have set it; that distance, a second selection, is not read.
  const median = middleOf(Float64Array.from(values));
  if (largestOf(values) <= median * 2) return [];
  return above(values, centreOf(values, median), most, unit, inside);
}

/**
 * Whether the line of value `inner` names a thing inside what the line of value `outer`
 * names (du's file in its folder), by their indexes into the values; see nested.ts.
 */
export type Inside = (outer: number, inner: number) => boolean;

/**
 * The lines of the `most` largest values, the largest first, with no bar to pass: a
 * listing that ranks its lines by their number whatever their order (sized.ts). Ties and
 * lines inside a taken one count as extremes counts them.
 */
export function largestLines(values: readonly number[], most: number, inside?: Inside): number[] {
  return extremes(values, () => true, -1, most, inside);
}

/** farAbove, then the values far below the rest (below), of one column: its centre is read once for both sides. */
export function farEitherSide(values: readonly number[], most = 3, unit = 1, inside?: Inside): number[] {
  if (values.length < 8) return [];
  const centre = centreOf(values);
  return [...above(values, centre, most, unit, inside), ...below(values, centre, most, unit)];
}

function above(
  values: readonly number[],
  { median, spread }: Centre,
  most: number,
  unit: number,
  inside?: Inside,
): number[] {
  const bar = Math.max(median * 2, median + 6 * Math.max(spread, unit));
  if (largestOf(values) <= bar) return [];
  return extremes(values, (v) => v > bar, -1, most, inside);
}

/**
 * Which of some positive values stand far below the rest (a moisture of 3.2 among 28 to
 * 41, a battery at 7 among 60 to 100), as farAbove reads the other side: below the median
 * by six times the median distance from it, and at most half the median; the smallest
 * three values at most. None where any value is at or below zero (a column of signed
 * numbers has no floor to stand far above).
 */
function below(values: readonly number[], { median, spread }: Centre, most: number, unit: number): number[] {
  for (let i = 0; i < values.length; i++) if (!(values[i]! > 0)) return [];
  const bar = Math.min(median / 2, median - 6 * Math.max(spread, unit));
  if (bar <= 0) return [];
  return extremes(values, (v) => v < bar, 1, most);
}

interface Centre {
  readonly median: number;
  readonly spread: number;
}

/** The median of some values and their median distance from it. */
function centreOf(values: readonly number[], median = middleOf(Float64Array.from(values))): Centre {
  const n = values.length;
  const distances = new Float64Array(n);
  for (let i = 0; i < n; i++) distances[i] = Math.abs(values[i]! - median);
  return { median, spread: middleOf(distances) };
}

/**
 * The indexes of the values past a bar (`past`), the furthest first (`order` -1: largest,
 * 1: smallest): the `most` furthest values, not lines: lines that tie on one (du's folder
 * and its only subfolder, both 32M) are one value and leave room for the next; each by
 * `most` lines at most (a status that hundreds of lines hold). So is, where `inside` tells
 * it, a line inside the one before it: a folder's size is its largest child's and then
 * some (du -a's 98M folder, its 97M subfolder, the 96M file in it are one large file),
 * and a listing whose folders led would have them take every place of the largest.
 */
function extremes(
  values: readonly number[],
  past: (v: number) => boolean,
  order: number,
  most: number,
  inside?: Inside,
): number[] {
  const beyond = values
    .map((v, i) => ({ v, i }))
    .filter((e) => past(e.v))
    .sort((a, b) => order * (a.v - b.v) || a.i - b.i);
  const at: number[] = [];
  let distinct = 0;
  let ties = 0;
  for (let k = 0; k < beyond.length; k++) {
    const same = k > 0 && beyond[k]!.v === beyond[k - 1]!.v;
    ties = same ? ties + 1 : 1;
    const within = !same && k > 0 && inside !== undefined && partOfTaken(values, at, beyond, k, inside);
    if (!same && !within && ++distinct > most) break;
    if (ties <= most) at.push(beyond[k]!.i);
  }
  return at;
}

/**
 * Whether the k-th furthest value is one large thing with a line already taken: inside the
 * line just before it (a folder, then its only large subfolder), or inside a taken line it
 * makes more than half of (du -a's 123M `lib/modules` under its JDK's 184M `lib`, though
 * another JDK's 140M modules came between them). A thing inside a taken line but a small
 * part of it (a JDK in a folder of two) is a place of its own.
 */
function partOfTaken(
  values: readonly number[],
  taken: readonly number[],
  beyond: readonly { v: number; i: number }[],
  k: number,
  inside: Inside,
): boolean {
  const { v, i } = beyond[k]!;
  if (inside(beyond[k - 1]!.i, i)) return true;
  for (const t of taken) if (2 * v > values[t]! && inside(t, i)) return true;
  return false;
}

/** The last of some values as sorted: the largest, or NaN if one is (a sort puts it after every number). */
export function largestOf(values: readonly number[]): number {
  let largest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > largest || Number.isNaN(v)) largest = v;
  }
  return largest;
}

/** The value in the middle of `a`, as sorted (sortedAt). */
const middleOf = (a: Float64Array): number => sortedAt(a, a.length >> 1);

/**
 * What `a.sort()[k]` is, found by partitioning `a` in place around pivots (Hoare's
 * selection) instead of sorting it all (a NaN, which has no place among numbers but the
 * one a sort gives it, is sorted).
 */
export function sortedAt(a: Float64Array, k: number): number {
  for (let i = 0; i < a.length; i++) if (Number.isNaN(a[i])) return a.sort()[k]!;
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** A field of numbers whose largest is this many times its low end spans orders of magnitude. */
const ORDERS = 100;

/**
 * The largest three of a field of numbers whose values span orders of magnitude (a
 * duration where most calls take a millisecond and some take seconds): where the slow
 * ones are many, none stands far above the rest, yet the slowest are what was asked.
 * Not where values only grow (line numbers): those are places.
 */
export function largestAcrossOrders(values: readonly number[], most = 3, unit = 1): number[] {
  if (values.length < 8 || onlyGrow(values)) return [];
  // The tenth from the bottom as sorted, and the largest (NaN, a sort's last, is no number).
  const low = Math.max(unit, sortedAt(Float64Array.from(values), Math.floor(values.length / 10)));
  if (largestOf(values) < low * ORDERS) return [];
  return values
    .map((v, i) => ({ v, i }))
    .sort((a, b) => b.v - a.v)
    .slice(0, most)
    .map((e) => e.i);
}
