/**
 * The values of a template's fields, tallied line by line for outliers.ts: each field's
 * values and how many lines hold each while they are few (a field of categories), its
 * numbers while every line holds one, the words and names its values are given under.
 * Pure but for the bounds array it reads each line's fields into, its own.
 */

import { countKey, fieldBounds, MAX_FIELDS, numberIn, type Printed, wordsOf } from "./fields.ts";

/**
 * Each field's values, first seen first, and how many lines hold each: a field of
 * categories holds few, found by a look along them (no string is hashed). A field a line
 * lacks holds "" there. Where every line holds a number, `numbers` has them in order.
 */
export interface Tally {
  readonly width: number;
  readonly values: string[][];
  readonly counts: number[][];
  readonly numbers: number[][];
  readonly categorical: number[];
  readonly numeric: number[];
  /**
   * A field of too many values to be one of categories whose words (wordsOf) are few (ids
   * of one family, `Package_for_KB3139940~…`, and a couple of another): those words, first
   * seen first, how many lines hold each, and whether they are still few (1: yes).
   */
  readonly shapes: string[][];
  readonly shapeCounts: number[][];
  readonly shaped: number[];
  /**
   * A field whose every value is given under a name (keyIn) since the first line, its
   * names few: those names, first seen first, how many lines hold each, whether still so (1).
   */
  readonly keys: string[][];
  readonly keyCounts: number[][];
  readonly keyed: number[];
  /** The most decimals a field's numbers are printed with, and whether all are below 1 (1: yes). */
  readonly decimals: number[];
  readonly below1: number[];
}

/** How tally's last numberIn read a number was printed. */
const printed: Printed = { decimals: 0 };

/** Lines a field of too many values is read by its words before it is left, when none has any. */
const SHAPE_LOOK = 32;

/** A field of categories holds this many values at most. */
const CATEGORIES = 12;

/**
 * Where a line's fields lie (fieldBounds), for tally: made once, as each value is written
 * before it is read and tally never runs within itself. A typed array this large is
 * memory outside the heap: one a call cost more than a short template's tally.
 */
const BOUNDS = new Int32Array(2 * MAX_FIELDS);

/** Room for the bounds of `max` fields: BOUNDS, unless more are asked. */
const boundsFor = (max: number) => (max <= MAX_FIELDS ? BOUNDS : new Int32Array(2 * max));

/** A tally of no field yet, one literal returned as it is by tally: a spread copies an object for each one. */
function emptyTally(): { -readonly [K in keyof Tally]: Tally[K] } {
  return {
    width: 0,
    values: [],
    counts: [],
    numbers: [],
    categorical: [],
    numeric: [],
    shapes: [],
    shapeCounts: [],
    shaped: [],
    decimals: [],
    below1: [],
    keys: [],
    keyCounts: [],
    keyed: [],
  };
}

/** The values of the fields (up to `max`) of a template's lines (outliers.ts). */
export function tally(
  lines: readonly string[],
  members: readonly number[],
  bodyAt: (i: number) => number,
  max: number,
): Tally {
  const bounds = boundsFor(max);
  const fields = emptyTally();
  const { values, counts, numbers, categorical, numeric, shaped, decimals, below1 } = fields;
  // The fields still of categories or numbers: a field of free text drops out after a few
  // lines, and the rest of the lines are read only at the fields left (sliced only there).
  const live: number[] = [];
  // Per field, the place of each value's name among the field's names (countKey).
  const names: number[][] = [];
  let liveCount = 0;
  let width = 0;
  // Fields read of a line: all up to `max` while a line may yet bring a new one, then only
  // up to the last live one.
  let upTo = max;
  for (let j = 0; j < members.length; j++) {
    const i = members[j]!;
    const line = lines[i]!;
    const count = upTo > 0 ? fieldBounds(line, bodyAt(i), upTo, bounds) : 0;
    // A field first met on a later line held "" on every line before: no number.
    for (; width < count; width++) {
      values.push(j > 0 ? [""] : []);
      counts.push(j > 0 ? [j] : []);
      numbers.push([]);
      categorical.push(1);
      numeric.push(j > 0 ? 0 : 1);
      fields.shapes.push([]);
      fields.shapeCounts.push([]);
      shaped.push(1);
      decimals.push(0);
      below1.push(1);
      fields.keys.push([]);
      fields.keyCounts.push([]);
      fields.keyed.push(j > 0 ? 0 : 1);
      names.push([]);
      live[liveCount++] = width;
    }
    let kept = 0;
    for (let x = 0; x < liveCount; x++) {
      const k = live[x]!;
      const from = k < count ? bounds[2 * k]! : 0;
      const to = k < count ? bounds[2 * k + 1]! : 0;
      // The place of the line's value among the field's, while one of categories.
      let at = -1;
      if (categorical[k]) {
        const v = line.slice(from, to);
        const seen = values[k]!;
        at = seen.indexOf(v);
        if (at >= 0) counts[k]![at]!++;
        else {
          at = seen.length;
          seen.push(v);
          counts[k]!.push(1);
          if (seen.length > CATEGORIES) {
            categorical[k] = 0;
            // Its values so far, by their words: the field may yet be one of few families.
            for (let x = 0; x < seen.length && shaped[k]; x++)
              countShape(fields, k, wordsOf(seen[x]!, 0, seen[x]!.length), counts[k]![x]!);
          }
        }
      } else if (shaped[k]) {
        countShape(fields, k, wordsOf(line, from, to), 1);
        // Values without words (times, hashes, numbers) make no families: read no further.
        if (j >= SHAPE_LOOK && fields.shapes[k]!.length === 1 && fields.shapes[k]![0] === "") shaped[k] = 0;
      }
      if (numeric[k]) {
        const x = numberIn(line, from, to, printed);
        if (!Number.isNaN(x)) {
          numbers[k]!.push(x);
          if (x >= 1) below1[k] = 0;
          if (printed.decimals > decimals[k]!) decimals[k] = printed.decimals;
        } else numeric[k] = 0;
      }
      // A line too short to hold the field (cut off) tells nothing of its name.
      if (fields.keyed[k] && k < count)
        if (!countKey(fields.keys[k]!, fields.keyCounts[k]!, CATEGORIES, names[k]!, at, line, from, to))
          fields.keyed[k] = 0;
      if (categorical[k] || numeric[k] || shaped[k] || fields.keyed[k]) live[kept++] = k;
    }
    liveCount = kept;
    if (width === max) upTo = kept > 0 ? live[kept - 1]! + 1 : 0;
  }
  fields.width = width;
  return fields;
}

/** Counts `by` lines of field k holding the words `shape`; past CATEGORIES of them, the field is shaped no more. */
function countShape(f: Tally, k: number, shape: string, by: number): void {
  const seen = f.shapes[k]!;
  const at = seen.indexOf(shape);
  if (at >= 0) f.shapeCounts[k]![at]! += by;
  else if (seen.length === CATEGORIES) f.shaped[k] = 0;
  else {
    seen.push(shape);
    f.shapeCounts[k]!.push(by);
  }
}
