/**
 * Lines of a frequent kind that stand out by a value: in a field of categories (a status,
 * a level, a state) the value few lines hold, in a field of numbers (a size, a duration)
 * the few far above the rest. Pure; the engine (engine.ts) makes them facts.
 */

import { farAbove } from "./signals.ts";
import type { Header } from "./templates.ts";

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
  if (n < 8) return;
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
        const number = numberIn(v);
        if (number !== undefined) numbers[k]!.push(number);
        else numeric[k] = 0;
      }
      if (categorical[k] || numeric[k]) live[kept++] = k;
    }
    alive = kept;
  }
  // A value is rare when few lines hold it; a field whose other values are common is no category of exceptions.
  const rareAt = Math.max(2, Math.floor(n * 0.05));
  for (let k = 0; k < width; k++) {
    if (numeric[k] && !categorical[k]) {
      // A field of numbers (a size, a duration): the few far above the rest.
      for (const j of farAbove(numbers[k]!)) add(`${only?.key ?? tpl.members[0]}:${k}:${j}`, tpl.members[j]!);
      continue;
    }
    const c = counts[k]!;
    if (only || !categorical[k] || c.length < 2) continue;
    let top = 0;
    for (const v of c) top = Math.max(top, v);
    if (top < n * 0.5) continue;
    const rare = new Set(values[k]!.filter((_, at) => c[at]! <= rareAt));
    if (rare.size === 0) continue;
    tpl.members.forEach((i, j) => {
      const v = fields[j]![k] ?? "";
      if (rare.has(v)) add(`${tpl.members[0]}:${k}:${v}`, i);
    });
  }
}

const isDigitAt = (s: string, i: number) => s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
const isUnitAt = (s: string, i: number) => {
  const c = s.charCodeAt(i) | 32;
  return (c >= 97 && c <= 122) || s.charCodeAt(i) === 37;
};

/**
 * The number a field holds, with a unit or in brackets: `123`, `12ms`, `1.5s`, `(30`,
 * `4.2KB,` (what `^[([]?(\d+(?:\.\d+)?)[a-zA-Z%]{0,3}[)\],;:]?$` matches, read without a
 * regex: it is asked of every field of every frequent line); undefined when it holds none.
 */
export function numberIn(v: string): number | undefined {
  const n = v.length;
  let i = v.charCodeAt(0) === 40 || v.charCodeAt(0) === 91 ? 1 : 0;
  const from = i;
  while (i < n && isDigitAt(v, i)) i++;
  if (i === from) return undefined;
  if (i + 1 < n && v.charCodeAt(i) === 46 && isDigitAt(v, i + 1)) {
    i += 2;
    while (i < n && isDigitAt(v, i)) i++;
  }
  const to = i;
  for (let units = 0; units < 3 && i < n && isUnitAt(v, i); units++) i++;
  if (i < n && ")],;:".includes(v[i]!)) i++;
  return i === n ? Number(v.slice(from, to)) : undefined;
}

/**
 * In the columns nearly every line starts with, whatever kind of line follows (a profile
 * sorted by time, `import time: self | cumulative | name`), the numbers far above the rest.
 */
export function headerOutliers(
  lines: readonly string[],
  header: Header,
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
): void {
  if (header.size > 0)
    outliers(lines, { members: header.lines }, out, bodyAt, { key: "header", upTo: header.size });
}
