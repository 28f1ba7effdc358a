/**
 * A table's columns read once for the readers of its categories (rarity, rare.ts; entityRows,
 * kinds/table/entity-rows.ts): each column's values, first seen first, how many rows hold
 * each and the first row holding each, read down the rows until the column shows more
 * values than a column of categories holds (a column of ids stops after a few rows). Each
 * reader took the column's cells again from the rows (every cell of a column of categories
 * cut out and compared twice); now the table's rows are read once a column, when a reader
 * first asks for it. Pure but for what it keeps of the columns read.
 */

import type { Cells } from "./cells.ts";

/** Past this many values a column is one of no categories: it is read no further. */
export const CATEGORIES = 20;

/** A column's values as its rows gave them. */
export interface ColumnScan {
  /** The values, first seen first (at most CATEGORIES + 1: then `whole` is false). */
  readonly values: readonly string[];
  /** How many of the rows read hold each value. */
  readonly held: readonly number[];
  /** The first row holding each value. */
  readonly first: readonly number[];
  /** Whether every row was read (the column holds CATEGORIES values at most). */
  readonly whole: boolean;
  /** Each row's value's place among `values`, where `whole`. */
  readonly placeOf: Uint8Array | undefined;
}

/** The columns of one table's cells, each read when first asked for. */
export class ColumnScans {
  private readonly read: (ColumnScan | undefined)[] = [];
  /** Each row's place, written while a column is read, kept only for a column read whole. */
  private scratch: Uint8Array | undefined;

  private readonly cells: Cells;

  constructor(cells: Cells) {
    this.cells = cells;
  }

  /** Column `c`'s values. */
  of(c: number): ColumnScan {
    const had = this.read[c];
    if (had) return had;
    const scan = this.scan(c);
    this.read[c] = scan;
    return scan;
  }

  private scan(c: number): ColumnScan {
    const { cells } = this;
    const n = cells.length;
    this.scratch ??= new Uint8Array(n);
    const placeOf = this.scratch;
    // A column of categories holds few values, found by a look along them (no cell is hashed),
    // each compared where it stands in its row (Cells.holds).
    const values: string[] = [];
    const held: number[] = [];
    const first: number[] = [];
    for (let i = 0; i < n && values.length <= CATEGORIES; i++) {
      // A cell is cut out only when it is a new value.
      let at = 0;
      while (at < values.length && !cells.holds(i, c, values[at]!)) at++;
      if (at < values.length) held[at]!++;
      else {
        values.push(cells.cell(i, c));
        held.push(1);
        first.push(i);
      }
      placeOf[i] = at;
    }
    const whole = values.length <= CATEGORIES;
    return { values, held, first, whole, placeOf: whole ? placeOf.slice(0, n) : undefined };
  }
}
