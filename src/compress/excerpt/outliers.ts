/**
 * Lines of a frequent kind that stand out by a value: in a field of categories (a status,
 * a level, a state) the value few lines hold, in a field of numbers (a size, a duration)
 * the few far above the rest. Pure; the engine (engine.ts) makes them facts.
 */

import { farAbove } from "./signals.ts";
import type { Templates } from "./templates.ts";

/** Fields looked at per line at most. */
const MAX_FIELDS = 48;

/**
 * A line's fields: its words, and the values of a word that packs a row
 * (`VALUES(57,'cust-5080','SE','chargeback',3061);`, a `jq -c` record): one with two
 * commas or more inside it. A word with one comma is prose's (`‘f’,`, `a,b`).
 */
export function fieldsOf(line: string, max = MAX_FIELDS): string[] {
  const out: string[] = [];
  const n = line.length;
  // Word by word, up to `max` fields: a caller that needs the first few reads no further.
  for (let i = 0; i < n && out.length < max; ) {
    while (i < n && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    if (i >= n) break;
    let j = i + 1;
    while (j < n && line.charCodeAt(j) !== 32 && line.charCodeAt(j) !== 9) j++;
    const word = line.slice(i, j);
    i = j;
    const comma = word.indexOf(",");
    const packed = comma >= 0 && comma < word.length - 1 && word.indexOf(",", comma + 1) > comma + 1;
    if (!packed) out.push(word);
    else
      for (const field of word.split(",")) {
        if (out.length === max) return out;
        out.push(field);
      }
  }
  return out;
}

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
 * A kind of this many lines or more may hold a rare value: one line of six whose word
 * differs (the parameter "rows" among five "path"), two of eight or more.
 */
const FEWEST = 6;

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
): void {
  const add = (key: string, i: number) => {
    const list = out.get(key);
    if (list) list.push(i);
    else out.set(key, [i]);
  };
  const n = tpl.members.length;
  if (n < FEWEST) return;
  const fields = tpl.members.map((i) => fieldsOf(lines[i]!.slice(bodyAt(i)), only?.upTo));
  let width = 0;
  for (const f of fields) width = Math.max(width, f.length);
  if (only) width = Math.min(width, only.upTo);
  // Each field's values, first seen first, and how many lines hold each: a field of
  // categories holds few, found by a look along them (no string is hashed).
  const values: string[][] = [];
  const counts: number[][] = [];
  const numbers: number[][] = [];
  for (let k = 0; k < width; k++) {
    values.push([]);
    counts.push([]);
    numbers.push([]);
  }
  const categorical = new Uint8Array(width).fill(1);
  const numeric = new Uint8Array(width).fill(1);
  // The fields still of categories or numbers: a field of free text drops out after a few
  // lines, and the rest of the lines are read only at the fields left.
  const live = new Int32Array(width);
  for (let k = 0; k < width; k++) live[k] = k;
  let alive = width;
  for (const tokens of fields) {
    let kept = 0;
    for (let x = 0; x < alive; x++) {
      const k = live[x]!;
      const v = tokens[k] ?? "";
      if (categorical[k]) {
        const seen = values[k]!;
        const at = seen.indexOf(v);
        if (at >= 0) counts[k]![at]!++;
        else {
          seen.push(v);
          counts[k]!.push(1);
          if (seen.length > 12) categorical[k] = 0;
        }
      }
      if (numeric[k]) {
        const m = NUMBER.exec(v);
        if (m) numbers[k]!.push(Number(m[1]));
        else numeric[k] = 0;
      }
      if (categorical[k] || numeric[k]) live[kept++] = k;
    }
    alive = kept;
  }
  // A value is rare when few lines hold it; a field whose other values are common is no category of exceptions.
  const rareAt = n < 8 ? 1 : Math.max(2, Math.floor(n * 0.05));
  for (let k = 0; k < width; k++) {
    if (numeric[k] && !categorical[k]) {
      // A field of numbers (a size, a duration): the few far above the rest, or, where its
      // values span orders of magnitude (fast calls and slow ones), the largest.
      const far = farAbove(numbers[k]!);
      for (const j of far.length > 0 ? far : largestAcrossOrders(numbers[k]!))
        add(`${only?.key ?? tpl.members[0]}:${k}:${j}`, tpl.members[j]!);
      continue;
    }
    const c = counts[k]!;
    if (only || !categorical[k] || c.length < 2) continue;
    let top = 0;
    for (const v of c) top = Math.max(top, v);
    if (top < n * 0.5 && !fewCommon(c, rareAt, n)) continue;
    const rare = new Set(values[k]!.filter((_, at) => c[at]! <= rareAt));
    // Among a few lines, only a word tells one apart: a number (a column) differs by chance.
    if (rare.size === 0 || (n < 8 && [...rare].some((v) => /\d/.test(v)))) continue;
    tpl.members.forEach((i, j) => {
      const v = fields[j]![k] ?? "";
      if (rare.has(v)) add(`${tpl.members[0]}:${k}:${v}`, i);
    });
  }
}

/** A field of categories held by this many common values at most may still have rare ones. */
const FEW_COMMON = 4;

/**
 * Whether a field's lines are nearly all (95%) held by a few common values (an indent
 * expected of 10, 4 or 8): then one held by a line or two (expected 2) is as rare as
 * among values one of which holds most lines.
 */
function fewCommon(counts: readonly number[], rareAt: number, n: number): boolean {
  let common = 0;
  let held = 0;
  for (const c of counts)
    if (c > rareAt) {
      common++;
      held += c;
    }
  return common <= FEW_COMMON && held >= n * 0.95;
}

/**
 * A number with a unit or in brackets, or a named one: `123`, `12ms`, `1.5s`, `(30`,
 * `4.2KB,`, `took=12ms`, `"responseTime":784.2` (a JSON log's field, one of a packed row's).
 */
const NUMBER = /^(?:"?[A-Za-z_][\w.-]*"?[:=])?[([]?(\d+(?:\.\d+)?)(?:[a-zA-Z%]{0,3})[)\],;:}]?$/;

/** A field of numbers whose largest is this many times its low end spans orders of magnitude. */
const ORDERS = 100;

/**
 * The largest three of a field of numbers whose values span orders of magnitude (a
 * duration where most calls take a millisecond and some take seconds): where the slow
 * ones are many, none stands far above the rest, yet the slowest are what was asked.
 * Not where values only grow (line numbers): those are places.
 */
function largestAcrossOrders(values: readonly number[], most = 3): number[] {
  if (values.length < 8) return [];
  // Values that only grow line after line count places (a line number, a time), not amounts.
  let grows = true;
  for (let k = 1; k < values.length && grows; k++) grows = values[k]! >= values[k - 1]!;
  if (grows) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const low = Math.max(1, sorted[Math.floor(sorted.length / 10)]!);
  if (sorted[sorted.length - 1]! < low * ORDERS) return [];
  return values
    .map((v, i) => ({ v, i }))
    .sort((a, b) => b.v - a.v)
    .slice(0, most)
    .map((e) => e.i);
}

/** Lines looked at for a first field's rare values at least, and its values at most. */
const LEAD_LINES = 50;
const LEAD_VALUES = 20;

/**
 * The first field of every line, whatever its kind (git blame's commit, a log's level, a
 * listing's owner): where it holds a few values over many lines, the lines holding one
 * that only a line or two hold (the commit that touched one line, the one ERROR).
 */
function leadOutliers(
  lines: readonly string[],
  at: readonly number[],
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
): void {
  if (at.length < LEAD_LINES) return;
  const held = new Map<string, number[]>();
  for (const i of at) {
    const v = fieldsOf(lines[i]!.slice(bodyAt(i)), 1)[0] ?? "";
    const list = held.get(v);
    if (list) list.push(i);
    else if (held.size === LEAD_VALUES) return;
    else held.set(v, [i]);
  }
  if (held.size < 3) return;
  for (const [v, list] of held) if (list.length <= 2) out.set(`lead:${v}`, list);
}

/**
 * Rare values in the fields of every line, whatever its kind: in the columns nearly every
 * line starts with (a profile sorted by time, `import time: self | cumulative | name`),
 * the numbers far above the rest; in the first field, a value a line or two hold (leadOutliers).
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
}
