/**
 * Rows of one line each, a tuple of values after one lead (`INSERT INTO packages
 * VALUES(1,'adduser',1,686,'3.134','important');` in an SQL dump), whose value in a field
 * of few values is held by a minority of the rows (6 `'important'` among 219, 190 of them
 * `'optional'`): too many for each row to be kept whole as a rare value's is (engine.ts
 * rankOutliers keeps the first and last of more), yet each one is the news. The rows are
 * joined by their lead, whatever their words (templates part them by their values). The
 * one-line twin of minority-records.ts, with its bounds. Pure; the engine makes them facts.
 */

import { minorityOfField } from "./minority-records.ts";

/** A lead, then a tuple in parentheses closing the line (`;` or `,` after it at most). */
const ROW = /^(\S[^(]*\()(.*)\)[;,]?\s*$/;
/** A kind is read for minority values from this many rows on, and up to this many. */
const FEWEST = 8;
const MOST_ROWS = 20_000;
/** A minority value is held by at most this share of the rows (a quarter), of at most MOST. */
const SHARE = 0.25;
const MOST = 16;
/** A field of categories holds at most this many values. */
const VALUES = 4;

/** Whether a line ends with `)`, `);` or `),` (blanks after): read before ROW, most lines do not. */
function closesTuple(line: string): boolean {
  let k = line.length - 1;
  while (k >= 0 && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9 || line.charCodeAt(k) === 13)) k--;
  const c = line.charCodeAt(k);
  if (c === 59 || c === 44) k--;
  return line.charCodeAt(k) === 41;
}

/** A tuple's fields, split at the commas outside quotes. */
function fieldsOf(tuple: string): string[] {
  const out: string[] = [];
  let quote = "";
  let from = 0;
  for (let k = 0; k < tuple.length; k++) {
    const c = tuple[k]!;
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ",") {
      out.push(tuple.slice(from, k).trim());
      from = k + 1;
    }
  }
  out.push(tuple.slice(from).trim());
  return out;
}

/** The rows (line indexes) holding a minority value of a field of few values, by lead. */
export function minorityRows(lines: readonly string[], noise: (i: number) => boolean): number[] {
  const groups = new Map<string, { at: number[]; fields: string[][] }>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || !closesTuple(line)) continue;
    const m = ROW.exec(line);
    if (!m || noise(i)) continue;
    const fields = fieldsOf(m[2]!);
    if (fields.length < 2) continue;
    const key = `${m[1]!}\u0000${fields.length}`;
    const group = groups.get(key) ?? { at: [], fields: [] };
    if (group.at.length === 0) groups.set(key, group);
    if (group.at.length > MOST_ROWS) continue;
    group.at.push(i);
    group.fields.push(fields);
  }
  const out: number[] = [];
  for (const { at, fields } of groups.values()) {
    const n = at.length;
    if (n < FEWEST || n > MOST_ROWS) continue;
    const most = Math.min(MOST, Math.floor(n * SHARE));
    const picked = new Set<number>();
    for (let k = 0; k < fields[0]!.length; k++) {
      const held = new Map<string, number[]>();
      for (let j = 0; j < n && held.size <= VALUES; j++) {
        const v = fields[j]![k]!;
        const js = held.get(v);
        if (js) js.push(j);
        else held.set(v, [j]);
      }
      minorityOfField(held, n, most, picked);
    }
    if (picked.size === 0 || picked.size > most) continue;
    for (const j of [...picked].sort((x, y) => x - y)) out.push(at[j]!);
  }
  return out;
}
