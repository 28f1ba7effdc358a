/**
 * The fields of a line as outliers.ts reads them: its words (or a packed row's values),
 * where they lie, the number a field holds and the words a field of ids is told by. Pure.
 */

import { WORD } from "./mask-token.ts";

/** Fields looked at per line at most. */
export const MAX_FIELDS = 48;

/**
 * A line's fields: its words, and the values of a word that packs a row
 * (`VALUES(57,'cust-5080','SE','chargeback',3061);`, a `jq -c` record): one with two
 * commas or more inside it. A word with one comma is prose's (`‘f’,`, `a,b`).
 */
export function fieldsOf(line: string, max = MAX_FIELDS): string[] {
  const bounds = new Int32Array(2 * max);
  const n = fieldBounds(line, 0, max, bounds);
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(line.slice(bounds[2 * k], bounds[2 * k + 1]));
  return out;
}

/**
 * Where a line's fields (fieldsOf) lie, from `from` on: the start and end of field k at
 * `bounds[2k]` and `bounds[2k + 1]`; how many. Slices nothing: a caller reads only the
 * fields it still needs.
 */
export function fieldBounds(line: string, from: number, max: number, bounds: Int32Array): number {
  if (max === 1) return firstBounds(line, from, bounds);
  let count = 0;
  const n = line.length;
  // The first comma at or after the word read (-1: none left), found once for many words.
  let comma = line.indexOf(",", from);
  // Without a tab, a word ends at the next space, found natively.
  const tabs = line.indexOf("\t", from) >= 0;
  // Word by word, up to `max` fields: a caller that needs the first few reads no further.
  for (let i = from; i < n && count < max; ) {
    while (i < n && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    if (i >= n) break;
    let j = i + 1;
    if (tabs) while (j < n && line.charCodeAt(j) !== 32 && line.charCodeAt(j) !== 9) j++;
    else {
      j = line.indexOf(" ", j);
      if (j < 0) j = n;
    }
    if (comma >= 0 && comma < i) comma = line.indexOf(",", i);
    // Packed: a comma inside the word, not its last character, and a further one not right after it.
    let packed = false;
    if (comma >= 0 && comma < j - 1) {
      const next = line.indexOf(",", comma + 1);
      packed = next > comma + 1 && next < j;
    }
    if (!packed) {
      bounds[2 * count] = i;
      bounds[2 * count + 1] = j;
      count++;
    } else
      for (let s = i; ; ) {
        if (count === max) return count;
        let e = line.indexOf(",", s);
        if (e < 0 || e > j) e = j;
        bounds[2 * count] = s;
        bounds[2 * count + 1] = e;
        count++;
        if (e >= j) break;
        s = e + 1;
      }
    i = j;
  }
  return count;
}

/**
 * fieldBounds of the first field alone (leadOutliers reads no other): its word read up to
 * the blank that ends it, its commas with it, where looking for a tab and a comma along
 * the whole line read all of it. A word ends at its first blank, tab or space, whether or
 * not the line holds a tab (fieldBounds reads a word so either way); it is packed when a
 * comma inside it, not its last character, is followed by another not right after it.
 */
function firstBounds(line: string, from: number, bounds: Int32Array): number {
  const n = line.length;
  let i = from;
  while (i < n && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  if (i >= n) return 0;
  // The first two commas of the word, -1 where it holds fewer.
  let first = -1;
  let second = -1;
  let j = i;
  for (; j < n; j++) {
    const c = line.charCodeAt(j);
    if (j > i && (c === 32 || c === 9)) break;
    if (c === 44) {
      if (first < 0) first = j;
      else if (second < 0) second = j;
    }
  }
  bounds[0] = i;
  bounds[1] = first >= 0 && first < j - 1 && second > first + 1 ? first : j;
  return 1;
}

/**
 * A number with a unit or in brackets, or a named one: `123`, `12ms`, `1.5s`, `(30`,
 * `4.2KB,`, `took=12ms`, `"responseTime":784.2` (a JSON log's field, one of a packed row's):
 * `/^(?:"?[A-Za-z_][\w.-]*"?[:=])?[([]?(\d+(?:\.\d+)?)(?:[a-zA-Z%]{0,3})[)\],;:}]?$/`, its
 * group the number, in bytes where its unit is a size's (sizeUnit; outliers.test.ts holds
 * numberIn to it).
 */

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** How a number read by numberIn was printed: its digits after the point. */
export interface Printed {
  decimals: number;
}
/**
 * What a size's unit multiplies by (`852K`, `28M`, `1.2GiB`, `640kB`, as `du -h`, `ls -lh`
 * and `docker images` print them): a column of sizes in mixed units is compared in bytes.
 * Any other unit (`12ms`, `50%`) leaves the number as printed.
 */
const SIZE_UNIT = /^([KkMGTP])(?:i?B)?$/;
const SIZE_POWER: Record<string, number> = { K: 1, k: 1, M: 2, G: 3, T: 4, P: 5 };
function sizeUnit(unit: string): number {
  const m = SIZE_UNIT.exec(unit);
  return m ? 1024 ** SIZE_POWER[m[1]!]! : 1;
}

/**
 * A unit that starts with the micro sign (µ, or Greek mu): Go prints a duration under a
 * millisecond so (`took=40µs`, `took=132.986µs`), beside `1.2ms` in the same field. Read
 * in thousandths of the unit without it, so one field of `µs` and `ms` compares in one
 * unit, and a field of such durations is one of numbers, its slowest far above the rest.
 */
const MICRO = 0xb5;
const MU = 0x3bc;

/**
 * The number `s[from, to)` is as the expression above reads it (its group), NaN when it is none:
 * read in place, a field of numbers is neither sliced nor matched line after line. Each
 * part of it can match one way only (what follows a part never continues it), so one
 * pass reads what the expression would.
 */
export function numberIn(s: string, from: number, to: number, shape?: Printed): number {
  let i = from;
  let c = i < to ? s.charCodeAt(i) : -1;
  // A name before it (`took=`, `"responseTime":`): a number cannot start so.
  if (c === 34 || c === 95 || isLetter(c)) {
    if (c === 34) c = ++i < to ? s.charCodeAt(i) : -1;
    if (!(c === 95 || isLetter(c))) return Number.NaN;
    for (c = ++i < to ? s.charCodeAt(i) : -1; c === 95 || c === 46 || c === 45 || isLetter(c) || isDigit(c); )
      c = ++i < to ? s.charCodeAt(i) : -1;
    if (c === 34) c = ++i < to ? s.charCodeAt(i) : -1;
    if (c !== 58 && c !== 61) return Number.NaN;
    c = ++i < to ? s.charCodeAt(i) : -1;
  }
  if (c === 40 || c === 91) c = ++i < to ? s.charCodeAt(i) : -1;
  const start = i;
  let whole = 0;
  while (isDigit(c)) {
    whole = whole * 10 + (c - 48);
    c = ++i < to ? s.charCodeAt(i) : -1;
  }
  if (i === start) return Number.NaN;
  let end = i;
  const fraction = c === 46 && i + 1 < to && isDigit(s.charCodeAt(i + 1));
  if (fraction) {
    i += 2;
    while (i < to && isDigit(s.charCodeAt(i))) i++;
    c = i < to ? s.charCodeAt(i) : -1;
  }
  if (shape) shape.decimals = fraction ? i - end - 1 : 0;
  if (fraction) end = i;
  const unitAt = i;
  const micro = c === MICRO || c === MU;
  if (micro) c = ++i < to ? s.charCodeAt(i) : -1;
  for (let units = 0; units < 3 && (c === 37 || isLetter(c)); units++) c = ++i < to ? s.charCodeAt(i) : -1;
  const scale = micro ? 1e-3 : i > unitAt ? sizeUnit(s.slice(unitAt, i)) : 1;
  if (c === 41 || c === 93 || c === 44 || c === 59 || c === 58 || c === 125) i++;
  if (i !== to) return Number.NaN;
  // Whole numbers of up to 15 digits are exact as read; others as Number reads them.
  return (!fraction && end - start <= 15 ? whole : Number(s.slice(start, end))) * scale;
}

/**
 * A number as numberIn reads it, or below zero where a minus sign starts it (`-14`, a stock
 * count; `-0.25`): one reading of a field's number for every rule, outliers aside, which
 * leaves a field holding a signed number unread (its numbers are amounts above zero).
 */
export function signedNumberIn(s: string, from: number, to: number, shape?: Printed): number {
  if (from + 1 < to && s.charCodeAt(from) === 45 && isDigit(s.charCodeAt(from + 1)))
    return -numberIn(s, from + 1, to, shape);
  return numberIn(s, from, to, shape);
}

/**
 * The words of `s[from, to)`: its runs of letters and digits that are letters only, WORD
 * or more (a word as mask-token.ts reads one), not all hex (`Package` of
 * `Package_for_KB3139940~31bf3856ad364e35~amd64`), joined by a blank; "" when none (a
 * hash, a number, a time).
 */
export function wordsOf(s: string, from: number, to: number): string {
  let out = "";
  for (let i = from; i < to; ) {
    if (!isLetter(s.charCodeAt(i)) && !isDigit(s.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i;
    let digit = false;
    let hex = true;
    for (; j < to; j++) {
      const c = s.charCodeAt(j) | 32;
      if (isDigit(c)) digit = true;
      else if (c >= 97 && c <= 122) {
        if (c > 102) hex = false;
      } else break;
    }
    if (!digit && !hex && j - i >= WORD) out = out === "" ? s.slice(i, j) : `${out} ${s.slice(i, j)}`;
    i = j;
  }
  return out;
}

/** Where the name keyIn read last lies in its line. */
export const named = { from: 0, to: 0 };

/**
 * Whether the field `s[from, to)` is a value given under a name (`"Test":"TestFee"`,
 * `{"Time":…` opening a record, `took=12ms`), which then lies at `named`: records of one
 * kind name the same field at a place, and one that names another there (a package's
 * `"Elapsed"` where a test's event holds `"Test"`) is a record of another kind.
 */
export function keyIn(s: string, from: number, to: number): boolean {
  let i = from;
  let c = i < to ? s.charCodeAt(i) : -1;
  while (c === 123 || c === 91) c = ++i < to ? s.charCodeAt(i) : -1;
  const quoted = c === 34;
  if (quoted) c = ++i < to ? s.charCodeAt(i) : -1;
  if (!(c === 95 || isLetter(c))) return false;
  const start = i;
  for (c = ++i < to ? s.charCodeAt(i) : -1; c === 95 || c === 46 || c === 45 || isLetter(c) || isDigit(c); )
    c = ++i < to ? s.charCodeAt(i) : -1;
  const end = i;
  if (quoted) {
    if (c !== 34) return false;
    c = ++i < to ? s.charCodeAt(i) : -1;
  }
  if (c !== 58 && c !== 61) return false;
  named.from = start;
  named.to = end;
  return true;
}

/**
 * Counts a line whose name lies at `named` among the names `seen` (each held by `counts`
 * lines), compared in place: a name is sliced only the first time it is met. Its place
 * among them; -1 when it would be a name past `most`.
 */
function countName(seen: string[], counts: number[], line: string, most: number): number {
  const length = named.to - named.from;
  for (let x = 0; x < seen.length; x++)
    if (seen[x]!.length === length && line.startsWith(seen[x]!, named.from)) {
      counts[x]!++;
      return x;
    }
  if (seen.length === most) return -1;
  seen.push(line.slice(named.from, named.to));
  counts.push(1);
  return seen.length - 1;
}

/**
 * Counts the name the field `line[from, to)` is given under (keyIn) among `seen` (countName,
 * at most `most`); false where it has none or one past them. `nameOf`: the place of the
 * name of each of the field's values seen before (its place among them: `value`, -1 for
 * none), kept so a value met again (`method=POST` on most lines of a log) is counted under
 * its name without reading it: keyIn reads the field alone, so the same value has the same
 * name.
 */
export function countKey(
  seen: string[],
  counts: number[],
  most: number,
  nameOf: number[],
  value: number,
  line: string,
  from: number,
  to: number,
): boolean {
  const known = value >= 0 ? (nameOf[value] ?? -1) : -1;
  if (known >= 0) {
    counts[known]!++;
    return true;
  }
  const name = keyIn(line, from, to) ? countName(seen, counts, line, most) : -1;
  if (name >= 0 && value >= 0) nameOf[value] = name;
  return name >= 0;
}
