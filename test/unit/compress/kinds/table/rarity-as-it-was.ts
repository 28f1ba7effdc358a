// rarity as it was before column-scan.ts (fc813bf3): each column's values read by rarity itself.
/**
 * The rows of a table that are the answer: a row whose value in some column is rare
 * (held by under 5% of the rows: a declined charge among 300 that succeeded) is
 * substance; the common rows are repetition. Only columns of categories (at most 20
 * distinct values; for numbers, also at most a third of the rows, and some value held by
 * far fewer rows than an even share: a status code, not a line number or an amount)
 * count: a column of ids, amounts or line numbers says nothing by its rarity. In a column
 * of numbers (a weight, a size, a duration) a row whose number stands far above the rest
 * (farAbove, as the engine reads a field of numbers) is rare too: a 1,840 kg parcel among
 * ones under 40; so is one at or below zero among positive ones (a stock count of -14). Pure.
 */

import { asCells, type Cells, type Table, widest } from "../../../../../src/compress/excerpt/cells.ts";
import {
  FEW_LINES,
  farEitherSide,
  onlyGrow,
  printedStep,
} from "../../../../../src/compress/excerpt/far-values.ts";
import { type Printed, signedNumberIn } from "../../../../../src/compress/excerpt/fields.ts";
import { groupedNumber } from "../../../../../src/compress/excerpt/grouped-number.ts";
import { insideOfCells } from "../../../../../src/compress/excerpt/nested.ts";

export interface ColumnValues {
  /** Column index. */
  readonly column: number;
  /** Each value with how many rows hold it, most common first. */
  readonly counts: readonly (readonly [string, number])[];
}

export interface Rarity {
  /** Indexes (into the rows given) of the rows holding a rare value, in order. */
  readonly rare: number[];
  /** The categorical columns that have a rare value, with their value counts. */
  readonly columns: ColumnValues[];
  /** The columns of numbers where some row's number stands far above the rest. */
  readonly far: number[];
}

/** A value held by fewer than this share of the rows is rare: those rows are the point. */
const RARE_SHARE = 0.05;
/**
 * Where one value holds this share of the rows (Running), a value held by a few rows
 * (FEW_LINES) is an exception too, though over RARE_SHARE of a small table: three pods
 * Unknown among 31.
 */
const MOST = 2 / 3;

/** Whether one value is the rule: held by MOST of the `n` rows, given each value's count. */
function oneRules(counts: Map<string, number>, n: number): boolean {
  return Math.max(...counts.values()) >= n * MOST;
}

/** Whether one of these values is the rule (held by MOST of them). */
export function isRule(values: readonly string[]): boolean {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return oneRules(counts, values.length);
}
/** A column of categories has at most this many distinct values. */
const CATEGORIES = 20;

/** The rows holding rare values of `table`'s rows (arrays of cells, or Cells: each cell read only where needed). */
export function rarity(table: Table): Rarity {
  const rows = asCells(table);
  const n = rows.length;
  if (n < 8) return { rare: [], columns: [], far: [] };
  const width = widest(rows);
  const rare = new Set<number>();
  const columns: ColumnValues[] = [];
  const fewNumbers = Math.min(CATEGORIES, Math.max(2, Math.floor(n / 3)));
  const far: number[] = [];
  // Each row's value's place among the column's values.
  const placeOf = new Int32Array(n);
  for (let c = 0; c < width; c++) {
    // A column's values, first seen first, and how many rows hold each: a column of
    // categories holds few, found by a look along them (no cell is hashed).
    const values: string[] = [];
    const held: number[] = [];
    for (let i = 0; i < n && values.length <= CATEGORIES; i++) {
      const v = rows.cell(i, c);
      const at = values.indexOf(v);
      if (at >= 0) held[at]!++;
      else {
        values.push(v);
        held.push(1);
      }
      placeOf[i] = at >= 0 ? at : values.length - 1;
    }
    if (values.length < 2) continue;
    if (
      values.length > CATEGORIES ||
      ((values.length > fewNumbers || evenlyHeld(held, n)) && values.every(isNumber))
    ) {
      const above = farRows(rows, c);
      for (const i of above) rare.add(i);
      if (above.length > 0) far.push(c);
      continue;
    }
    const counts = values.map((v, at) => [v, held[at]!] as const);
    const few = Math.max(...held) >= n * MOST ? FEW_LINES : 0;
    const isRare = held.map((k) => k < n * RARE_SHARE || k <= few);
    if (!isRare.includes(true)) continue;
    for (let i = 0; i < n; i++) if (isRare[placeOf[i]!]) rare.add(i);
    columns.push({ column: c, counts: counts.sort((a, b) => b[1] - a[1]) });
  }
  return { rare: [...rare].sort((a, b) => a - b), columns, far };
}

/**
 * Whether every value is held by at least half an even share of the `n` rows (n / values):
 * numbers spread so evenly over their values (fines of 25 to 975 cents, 9 to 15 rows each
 * among 258) are amounts, where one held by a few rows fewer than the others is chance, not
 * an exception. Numbers read as categories (a status code, an attempt count) hold one value
 * far more rarely than an even share: 502 once among 190 webhook calls. Judged on the
 * values, not their count, so one more row (psql's `(258 rows)` read as a 21st value) does
 * not turn a column of amounts into one of categories.
 */
function evenlyHeld(held: readonly number[], n: number): boolean {
  const half = n / held.length / 2;
  for (const k of held) if (k < half) return false;
  return true;
}

/**
 * Whether a cell is a number as farRows reads it (signedNumberIn, the one reading of a
 * field's number): a column of them with more values than categories has (`852K`, `28M`
 * of `du -h`) is one of amounts, read by farRows, not one of categories.
 */
const isNumber = (v: string) => !Number.isNaN(cellNumber(v));

/** A cell's number: as the engine reads a field's, or with its thousands grouped by commas (grouped-number.ts). */
function cellNumber(v: string, shape?: Printed): number {
  const x = signedNumberIn(v, 0, v.length, shape);
  return Number.isNaN(x) ? groupedNumber(v, shape) : x;
}

/**
 * The values far from the rest a table's column shows at most (rows tied on one count as
 * one): five, more than the three a line's field shows (outliers.ts). A table's row is a
 * record named by its own cells, read as a sorted table's top is (`sort -k4 -n | tail`,
 * ten rows: RANKED_ROWS), and the largest packages of a csvlook export were five: ghc
 * and google-cloud-cli above 500 MB, kubectl, golang, chromium near 300 among 298 rows,
 * of which the three largest alone left two out. Half a ranking's ten, as the table
 * keeps its rare values, first and last rows beside them.
 */
const FAR_ROWS = 5;

/** How farRows' last number was printed. */
const printed: Printed = { decimals: 0 };

/**
 * The rows whose number in column `c` stands far above the rest, when every row holds a
 * number there (an empty cell aside: a row without one), read as the engine reads a field's
 * (signedNumberIn: `96M` of `du -h` in bytes, above `852K`); none otherwise. Far above
 * by a whole unit at least, or, where every number is a fraction of one, by the step they
 * are printed in (as the engine reads a field of numbers); none where they only grow.
 */
function farRows(rows: Cells, c: number): number[] {
  const at: number[] = [];
  const values: number[] = [];
  let decimals = 0;
  let below1 = true;
  for (let i = 0; i < rows.length; i++) {
    const v = rows.cell(i, c);
    if (v === "") continue;
    const x = cellNumber(v, printed);
    if (Number.isNaN(x)) return [];
    at.push(i);
    values.push(x);
    decimals = Math.max(decimals, printed.decimals);
    if (Math.abs(x) >= 1) below1 = false;
  }
  // Numbers that only grow row after row count places (ids, line numbers), not amounts.
  if (values.length < rows.length * 0.9 || onlyGrow(values)) return [];
  const unit = printedStep(decimals, below1);
  const far = farEitherSide(values, FAR_ROWS, unit, insideOfCells(rows, c, at));
  return [...far, ...notAbove0(values).filter((k) => !far.includes(k))].map((k) => at[k]!);
}

/**
 * The few numbers at or below zero where every other is above it: a stock count of -14 or
 * a unit cost of 0.00 among hundreds of positive ones is the row to look at, though no
 * further from the median than the smallest. Few: as many rows as a rare value may hold.
 */
function notAbove0(values: readonly number[]): number[] {
  const at: number[] = [];
  for (let k = 0; k < values.length; k++) if (values[k]! <= 0) at.push(k);
  return at.length > 0 && (at.length < values.length * RARE_SHARE || at.length <= FEW_LINES) ? at : [];
}
