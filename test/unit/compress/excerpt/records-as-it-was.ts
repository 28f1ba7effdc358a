/** recordAround and recordOfPeriod as they were at 212c1f9 (before an output with no blank line, or no kind recurring at a period, was told so once): the reference records-gates-corpus.test.ts compares against. */

import type { Templates } from "../../../../src/compress/excerpt/templates.ts";

/** A record laid out one field a line has at most this many lines. */
const RECORD_LINES = 12;

/**
 * The block of lines between blank lines that holds line `i`, when it is a record (at
 * most RECORD_LINES lines, with blocks of the same size before or after it).
 */
export function recordAround(lines: readonly string[], i: number): [number, number] | undefined {
  const blank = (k: number) => k < 0 || k >= lines.length || lines[k]!.trim() === "";
  let a = i;
  while (!blank(a - 1) && i - a < RECORD_LINES) a--;
  let b = i;
  while (!blank(b + 1) && b - i < RECORD_LINES) b++;
  const size = b - a + 1;
  if (!blank(a - 1) || !blank(b + 1) || size < 2 || size > RECORD_LINES) return undefined;
  // Another block of the same size beside it: records, not a paragraph.
  const sameAt = (from: number, step: number) => {
    let k = from;
    while (!blank(k) && Math.abs(k - from) < size) k += step;
    return Math.abs(k - from) === size && blank(k);
  };
  return (b + 2 < lines.length && sameAt(b + 2, 1)) || (a - 2 >= 0 && sameAt(a - 2, -1)) ? [a, b] : undefined;
}
function periodOf(members: readonly number[]): number {
  if (members.length < 4) return 0;
  const period = members[1]! - members[0]!;
  if (period < 3 || period > RECORD_LINES + 1) return 0;
  for (let m = 2; m < members.length; m++) if (members[m]! - members[m - 1]! !== period) return 0;
  return period;
}

/**
 * The record holding line `i` in an output made of records of one layout, one field a
 * line, each opening with the same line (psql's expanded output): the block of `period`
 * lines from the first line of a record, where kinds of line recur at that period.
 * `periodAt(k)` gives the period of the kind of line `k` (periodOf, 0 for none);
 * `firstAt(period)` the first line of any kind recurring at `period` (where the first
 * record starts).
 */
function recordByPeriod(
  lines: readonly string[],
  i: number,
  periodAt: (k: number) => number,
  firstAt: (period: number) => number,
): [number, number] | undefined {
  for (let k = i - 1; k >= 0 && i - k <= RECORD_LINES; k--) {
    const period = periodAt(k);
    if (period === 0 || i - k >= period) continue;
    const first = firstAt(period);
    if (first > i) return undefined;
    const start = first + Math.floor((i - first) / period) * period;
    let end = Math.min(lines.length - 1, start + period - 1);
    while (end > i && lines[end]!.trim() === "") end--;
    return [start, end];
  }
  return undefined;
}
/** The record of one layout, one field a line, that holds line `i` (psql's expanded output). */
export function recordOfPeriod(
  t: Templates,
  lines: readonly string[],
  i: number,
): [number, number] | undefined {
  const p = periodsOf(t);
  return recordByPeriod(
    lines,
    i,
    (k) => (t.of[k]! >= 0 ? p.period[t.of[k]!]! : 0),
    (period) => p.first.get(period) ?? lines.length,
  );
}

interface Periods {
  /** Each template's period (periodOf) where records are laid out at it, else 0. */
  readonly period: Int32Array;
  /** The first line of any template recurring at each period. */
  readonly first: Map<number, number>;
}
const periods = new WeakMap<Templates, Periods>();
/** Records have at least this many fields recurring at their period (not a frame and its `at` line). */
const RECORD_FIELDS = 3;

/**
 * Once per output: each kind's period where at least RECORD_FIELDS kinds recur at it (the
 * fields of records of one layout, one a line), and where the first record of each starts.
 */
function periodsOf(t: Templates): Periods {
  const known = periods.get(t);
  if (known) return known;
  const p: Periods = { period: new Int32Array(t.list.length), first: new Map() };
  const kinds = new Map<number, number>();
  t.list.forEach((tpl, k) => {
    const period = periodOf(tpl.members);
    p.period[k] = period;
    if (period > 0) kinds.set(period, (kinds.get(period) ?? 0) + 1);
  });
  t.list.forEach((tpl, k) => {
    const period = p.period[k]!;
    if (period === 0) return;
    if (kinds.get(period)! < RECORD_FIELDS) p.period[k] = 0;
    else if (tpl.members[0]! < (p.first.get(period) ?? Number.POSITIVE_INFINITY))
      p.first.set(period, tpl.members[0]!);
  });
  periods.set(t, p);
  return p;
}
