/**
 * A table's cells as its readers (rarity, rootRows, insideOfCells) take them: row by row,
 * each cell trimmed. A table's rows are kept as where their cells lie in each line
 * (RowCells), and a cell is cut out only when a reader asks for it: a column of ids is
 * left after its first rows, and cutting every cell of every row into arrays first made
 * most of them only to be thrown away. Pure.
 */

import { isSpace } from "./named-values.ts";

/** Rows of cells; a cell past a row's last is "". */
export interface Cells {
  /** How many rows. */
  readonly length: number;
  /** How many cells row `r` holds. */
  widthOf(r: number): number;
  /** Row `r`'s cell `c`, trimmed (as `(row[c] ?? "").trim()` of the row's array). */
  cell(r: number, c: number): string;
  /** The length of row `r`'s cell `c` (trimmed), told without cutting it out where it can be. */
  lengthOf(r: number, c: number): number;
  /** Whether row `r`'s cell `c` (trimmed) is `value`, told without cutting it out where it can be. */
  holds(r: number, c: number, value: string): boolean;
}

/** The cells of rows already split into arrays. */
export function cellsOf(rows: readonly (readonly string[])[]): Cells {
  const cell = (r: number, c: number) => (rows[r]![c] ?? "").trim();
  return {
    length: rows.length,
    widthOf: (r) => rows[r]!.length,
    cell,
    lengthOf: (r, c) => cell(r, c).length,
    holds: (r, c, value) => cell(r, c) === value,
  };
}

/** A table as Cells, whether given as arrays of cells (json, sized, tests) or as Cells already. */
export type Table = readonly (readonly string[])[] | Cells;

/** `table` as Cells: arrays are read through cellsOf. */
export function asCells(table: Table): Cells {
  return Array.isArray(table) ? cellsOf(table) : (table as Cells);
}

/**
 * How many cells the widest row holds, by a loop: spreading an array of every row's width
 * into Math.max took longer than reading the rows' cells.
 */
export function widest(rows: Cells): number {
  let width = 0;
  for (let r = 0; r < rows.length; r++) if (rows.widthOf(r) > width) width = rows.widthOf(r);
  return width;
}

/**
 * A table's rows by where each cell lies in its line (trimmed), or, for a row whose cells are
 * not its line's characters as they stand (a quoted CSV field, `""` read as `"`), its cells.
 */
export class RowCells implements Cells {
  length = 0;
  private readonly lines: string[] = [];
  /** Where row r's first cell's bounds start in `bounds` (two numbers a cell). */
  private readonly first: number[] = [];
  private readonly width: number[] = [];
  /** The cells of the rows given as arrays (add), undefined for the others. */
  private readonly own: (readonly string[] | undefined)[] = [];
  private bounds = new Int32Array(1024);
  private used = 0;

  widthOf(r: number): number {
    return this.width[r]!;
  }

  cell(r: number, c: number): string {
    const own = this.own[r];
    if (own !== undefined) return (own[c] ?? "").trim();
    if (c >= this.width[r]!) return "";
    const at = this.first[r]! + 2 * c;
    return this.lines[r]!.slice(this.bounds[at], this.bounds[at + 1]);
  }

  lengthOf(r: number, c: number): number {
    if (this.own[r] !== undefined) return this.cell(r, c).length;
    if (c >= this.width[r]!) return 0;
    const at = this.first[r]! + 2 * c;
    return this.bounds[at + 1]! - this.bounds[at]!;
  }

  holds(r: number, c: number, value: string): boolean {
    if (this.own[r] !== undefined) return this.cell(r, c) === value;
    if (c >= this.width[r]!) return value === "";
    const at = this.first[r]! + 2 * c;
    const from = this.bounds[at]!;
    return this.bounds[at + 1]! - from === value.length && this.lines[r]!.startsWith(value, from);
  }

  /** A row given as its cells. */
  add(cells: readonly string[]): void {
    this.lines.push("");
    this.first.push(this.used);
    this.width.push(cells.length);
    this.own.push(cells);
    this.length++;
  }

  /** Takes the last row added back (a line among the rows that is none of them). */
  dropLast(): void {
    const r = --this.length;
    if (this.own[r] === undefined) this.used = this.first[r]!;
    this.lines.pop();
    this.first.pop();
    this.width.pop();
    this.own.pop();
  }

  /** Opens a row of `line`'s cells, each then given by where it lies (cut). */
  private open(line: string): void {
    this.lines.push(line);
    this.first.push(this.used);
    this.own.push(undefined);
  }

  /** Row cell `line[from, to)`, trimmed. */
  private cut(line: string, from: number, to: number): void {
    while (from < to && isSpace(line.charCodeAt(from))) from++;
    while (to > from && isSpace(line.charCodeAt(to - 1))) to--;
    if (this.used + 2 > this.bounds.length) {
      const more = new Int32Array(this.bounds.length * 2);
      more.set(this.bounds);
      this.bounds = more;
    }
    this.bounds[this.used++] = from;
    this.bounds[this.used++] = to;
  }

  private close(): void {
    const r = this.length++;
    this.width.push((this.used - this.first[r]!) / 2);
  }

  /** A row between bars: the cells barCells (rare.ts) gives, the empty ones before its first bar and after its last dropped. */
  addBarred(line: string, bar: string): void {
    this.open(line);
    for (let from = 0; ; ) {
      const at = line.indexOf(bar, from);
      this.cut(line, from, at < 0 ? line.length : at);
      if (at < 0) break;
      from = at + bar.length;
    }
    const start = this.first[this.length]!;
    // An empty last cell goes, then an empty first one (of what is left).
    if (this.used > start && this.bounds[this.used - 1] === this.bounds[this.used - 2]) this.used -= 2;
    if (this.used > start && this.bounds[start] === this.bounds[start + 1])
      this.first[this.length] = start + 2;
    this.close();
  }

  /** A row of cells between `delimiter`s (`line.split(delimiter)`; splitDelimited's where a quote stands). */
  addDelimited(line: string, delimiter: string, quoted: (line: string, delimiter: string) => string[]): void {
    if (line.includes('"')) {
      this.add(quoted(line, delimiter));
      return;
    }
    this.open(line);
    for (let from = 0; ; ) {
      const at = line.indexOf(delimiter, from);
      this.cut(line, from, at < 0 ? line.length : at);
      if (at < 0) break;
      from = at + delimiter.length;
    }
    this.close();
  }

  /** A row cut at the column spans of its table's rule (splitBySpans): the last cell takes the rest. */
  addSpanned(line: string, spans: readonly [number, number][]): void {
    this.open(line);
    for (let k = 0; k < spans.length; k++) {
      const from = Math.min(spans[k]![0], line.length);
      const to = k + 1 < spans.length ? Math.min(spans[k + 1]![0], line.length) : line.length;
      this.cut(line, from, Math.max(from, to));
    }
    this.close();
  }
}
