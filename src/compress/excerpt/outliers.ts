/**
 * Lines of a frequent kind that stand out by a value: in a field of categories (a status,
 * a level, a state) the value few lines hold, in a field of numbers (a size, a duration)
 * the few far above the rest. Pure; the engine (engine.ts) makes them facts.
 */

import { tabOutliers } from "./columns.ts";
import { FEW_LINES, farAbove, largestAcrossOrders, onlyGrow, printedStep } from "./far-values.ts";
import { tally } from "./field-tally.ts";
import { fieldBounds, keyIn, MAX_FIELDS, named, wordsOf } from "./fields.ts";
import { namedOutliers } from "./named-values.ts";
import { insideOf } from "./nested.ts";
import type { Templates } from "./templates.ts";

/**
 * The leading columns of lines of different kinds that share them (a profiler's or a
 * table's columns of numbers): only numbers far above the rest are news there, as a day
 * that changes midway through a log is not.
 */
export interface Columns {
  readonly key: string;
  readonly upTo: number;
}

/**
 * A kind of this many lines or more may hold a rare value: one line of four whose word
 * differs (the parameter "rows" among three "path"), or whose number differs where the
 * three others hold one (the listening socket whose accept queue holds 6 among three at
 * 0: a shorter ss of the same server lists one listener fewer), two of eight or more.
 */
const FEWEST = 4;

/** Past the largest three of a field spanning orders of magnitude, this many more as room allows (largest first). */
const NEXT = 9;

/**
 * Lines of a frequent template whose value in some field is rare among its lines: the
 * field holds few values (a status, a level, a state) and one of them holds most lines.
 */
export function outliers(
  lines: readonly string[],
  tpl: { readonly members: readonly number[] },
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
  only?: Columns,
  next?: number[][],
): void {
  const add = (key: string, i: number) => {
    const list = out.get(key);
    if (list) list.push(i);
    else out.set(key, [i]);
  };
  const members = tpl.members;
  const n = members.length;
  if (n < FEWEST) return;
  const f = tally(lines, members, bodyAt, only?.upTo ?? MAX_FIELDS);
  // A value is rare when few lines hold it; a field whose other values are common is no category of exceptions.
  const rareAt = n < 8 ? 1 : Math.max(2, Math.floor(n * 0.05), fewLinesOf(n));
  const rareOf: (Set<string> | undefined)[] = [];
  // How each field's rare values are told (By): as they are, by their words, by their names.
  const readBy: By[] = [];
  const rareAmong = (c: readonly number[], values: readonly string[]): Set<string> | undefined => {
    if (c.length < 2) return undefined;
    let top = 0;
    for (const v of c) top = Math.max(top, v);
    if (top < n * 0.5 && !fewCommon(c, rareAt, n)) return undefined;
    const rare = new Set(values.filter((_, at) => c[at]! <= rareAt));
    // Among a few lines, only a word tells one apart: a number (a column) differs by chance,
    // unless every other line holds one number (six pods pulling `:3`, one `:4`).
    return rare.size === 0 || (n < 8 && top < n - 1 && [...rare].some((v) => /\d/.test(v)))
      ? undefined
      : rare;
  };
  for (let k = 0; k < f.width && !only; k++) {
    let by: By = f.categorical[k] ? By.Value : By.Shape;
    let rare = f.categorical[k]
      ? rareAmong(f.counts[k]!, f.values[k]!)
      : f.shaped[k] === 1
        ? rareAmong(f.shapeCounts[k]!, f.shapes[k]!)
        : undefined;
    // Values each of its own (a test's name) under a name the records share: a record
    // naming another field there is of another kind (a package's result among test events).
    if (!rare && !f.categorical[k] && f.keyed[k] === 1) {
      rare = rareAmong(f.keyCounts[k]!, f.keys[k]!);
      by = By.Key;
    }
    if (!rare) continue;
    rareOf[k] = rare;
    readBy[k] = by;
  }
  const held = rareOf.length > 0 ? rareHeld(lines, members, bodyAt, rareOf, readBy) : [];
  // A line far above the rest is keyed by its place after `#`, a rare value by itself after
  // `:`: a value written as a place (`5`) must not share the far line's list.
  const farKey = (k: number, j: number) => `${only?.key ?? members[0]}:${k}#${j}`;
  for (let k = 0; k < f.width; k++) {
    if (f.numeric[k] && !f.categorical[k]) {
      // A field of numbers (a size, a duration): the few far above the rest, or, where its
      // values span orders of magnitude (fast calls and slow ones), the largest.
      // Far above by a whole unit at least, unless every value is a fraction of one (a
      // profile's seconds, `0.277`): then by the step they are printed in.
      const unit = printedStep(f.decimals[k]!, f.below1[k] === 1);
      const far = farAbove(f.numbers[k]!, 3, unit, insideOf(lines, members, bodyAt, k));
      // Orders of magnitude are counted from the step the values are printed in, whatever
      // their unit: a slow log's seconds (`0.020035` to `5.555631`) span them though some pass 1.
      const across =
        far.length > 0 ? [] : largestAcrossOrders(f.numbers[k]!, 3 + NEXT, printedStep(f.decimals[k]!, true));
      for (const j of far.length > 0 ? far : across.slice(0, 3)) add(farKey(k, j), members[j]!);
      // The next largest are what the engineer reads on to (the slow log's next slowest): as room allows.
      if (across.length > 3 && next) next.push(across.slice(3).map((j) => members[j]!));
      continue;
    }
    // A field of few numbers (durations of 39 to 49 ms) is one of categories too, but a
    // number far above the rest there (108) is news whether or not another line holds it.
    if (f.numeric[k] && !onlyGrow(f.numbers[k]!))
      for (const j of farAbove(f.numbers[k]!)) add(farKey(k, j), members[j]!);
    const at = held[k];
    if (at)
      for (let j = 0; j < n; j++) if (at[j] !== undefined) add(`${members[0]}:${k}:${at[j]}`, members[j]!);
  }
}

/** How a field's rare values are read: as they are, by their words (wordsOf), by the name they are given under (keyIn). */
const By = { Value: 0, Shape: 1, Key: 2 } as const;
type By = (typeof By)[keyof typeof By];

/**
 * The rare value each line holds at each field that has some (`rareOf`, by field), read
 * again at those fields only (as `readBy` says): by field, by line, the value or undefined.
 */
function rareHeld(
  lines: readonly string[],
  members: readonly number[],
  bodyAt: (i: number) => number,
  rareOf: readonly (Set<string> | undefined)[],
  readBy: readonly By[],
): (string | undefined)[][] {
  const upTo = rareOf.length;
  const bounds = new Int32Array(2 * upTo);
  const held: (string | undefined)[][] = [];
  for (let k = 0; k < upTo; k++) if (rareOf[k]) held[k] = new Array<string | undefined>(members.length);
  for (let j = 0; j < members.length; j++) {
    const i = members[j]!;
    const line = lines[i]!;
    const count = fieldBounds(line, bodyAt(i), upTo, bounds);
    for (let k = 0; k < upTo; k++) {
      const rare = rareOf[k];
      if (!rare) continue;
      const from = k < count ? bounds[2 * k]! : 0;
      const to = k < count ? bounds[2 * k + 1]! : 0;
      const by = readBy[k];
      const v =
        by === By.Shape
          ? wordsOf(line, from, to)
          : by === By.Key
            ? keyIn(line, from, to)
              ? line.slice(named.from, named.to)
              : ""
            : line.slice(from, to);
      if (rare.has(v)) held[k]![j] = v;
    }
  }
  return held;
}

/** A field of categories held by this many common values at most may still have rare ones. */
const FEW_COMMON = 4;

/**
 * A few lines, however many the kind holds (up to a tenth of it): the lines of a rare value
 * are as many in the same tool's output half as long, where they are a larger share
 * (three `statusCode":500` completions among 39, as among 81).
 */
const fewLinesOf = (n: number) => Math.min(FEW_LINES, Math.floor(n * 0.1));

/**
 * Whether a field's lines are nearly all held by a few common values (an indent expected
 * of 10, 4 or 8): then one held by a line or two (expected 2) is as rare as among values
 * one of which holds most lines. Nearly all is 95%, or all but a few lines (yamllint's
 * three of rare values among 48 lines, 6%, as among 102).
 */
function fewCommon(counts: readonly number[], rareAt: number, n: number): boolean {
  let common = 0;
  let held = 0;
  for (const c of counts)
    if (c > rareAt) {
      common++;
      held += c;
    }
  return common <= FEW_COMMON && n - held <= Math.max(n * 0.05, fewLinesOf(n));
}

/** Lines looked at for a first field's rare values at least, and its values at most. */
const LEAD_LINES = 50;
const LEAD_VALUES = 20;

/**
 * The first field of every line, whatever its kind (git blame's commit, a log's level, a
 * listing's owner): where it holds a few values over many lines, the lines holding one
 * that only a line or two hold (the commit that touched one line, the one ERROR).
 */
export function leadOutliers(
  lines: readonly string[],
  at: readonly number[],
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
): void {
  if (at.length < LEAD_LINES) return;
  // The values first seen first and the lines of each, found by a look along the few (as tally's).
  const values: string[] = [];
  const held: number[][] = [];
  const bounds = new Int32Array(2);
  for (const i of at) {
    const line = lines[i]!;
    const v = fieldBounds(line, bodyAt(i), 1, bounds) > 0 ? line.slice(bounds[0], bounds[1]) : "";
    const k = values.indexOf(v);
    if (k >= 0) held[k]!.push(i);
    else if (values.length === LEAD_VALUES) return;
    else held[values.push(v) - 1] = [i];
  }
  if (values.length < 3) return;
  for (let k = 0; k < values.length; k++) if (held[k]!.length <= 2) out.set(`lead:${values[k]}`, held[k]!);
}

/**
 * Rare values in the fields of every line, whatever its kind: in the columns nearly every
 * line starts with (a profile sorted by time, `import time: self | cumulative | name`),
 * the numbers far above the rest; in the first field, a value a line or two hold (leadOutliers);
 * in a field nearly every line names (`Mac=MD5`), a value a line or two hold (namedOutliers).
 * `keep`: which lines with a template count (not noise).
 */
export function outputOutliers(
  lines: readonly string[],
  t: Templates,
  keep: (i: number) => boolean,
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
): void {
  const { header } = t;
  if (header.size > 0)
    outliers(lines, { members: header.lines }, out, bodyAt, { key: "header", upTo: header.size });
  const at: number[] = [];
  for (let i = 0; i < lines.length; i++) if (t.of[i]! >= 0 && keep(i)) at.push(i);
  leadOutliers(lines, at, out, bodyAt);
  tabOutliers(lines, at, out);
  namedOutliers(lines, at, out);
}
