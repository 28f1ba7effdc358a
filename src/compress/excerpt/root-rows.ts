/**
 * A table laid out from a tree: one column names each row's parent by a name the first
 * column holds (`npm outdated --all`'s `Depended by`: `debug … body-parser`, and
 * body-parser is a row of its own). The parent no row is named by, that the most rows hang
 * from, is the tree's root (the project itself), and the rows hanging from it are its top
 * level: the direct dependencies a reader acts on, among hundreds of transitive rows whose
 * values (a version a major behind) are the same kind of news and no rarer. Pure; the
 * table kind (kinds/table/excerpt.ts) keeps these rows as facts.
 */

import { asCells, type Cells, type Table, widest } from "./cells.ts";

/** A parent column names at least this many distinct parents. */
const PARENTS = 3;
/**
 * At least this share of its distinct names are names of rows: it points into the table. Half,
 * not more: a table that lists only some of a tree's nodes (npm outdated lists the packages
 * behind, a shorter run fewer of them) names parents it holds no row of.
 */
const POINTS_IN = 0.5;
/** The root's rows are at most this share of the table, and at most TOP rows: a top level, not the table. */
const SHARE = 0.25;
const TOP = 40;
/** The rows whose parents are read before a column that names no rows is left. */
const LOOK = 32;
/** The root heads at least this many rows, and more than any other parent naming no row. */
const LEAST = 2;

/** At most this share of the rows hold no name in the parent column. */
const NAMELESS = 0.05;

/** A cell that names something: letters in it, not a number or a size. */
const NAME = /^(?=.*[A-Za-z])[^\s]+$/;

/**
 * The indexes (into `rows`) of the rows hanging from the tree's root, when a column names
 * each row's parent; [] otherwise. `rows` are split cells, the first the row's name.
 */
export function rootRows(table: Table): number[] {
  const rows = asCells(table);
  if (rows.length < 8) return [];
  const width = widest(rows);
  const names = new Names(rows, width);
  for (let c = 1; c < width; c++) {
    const parents = parentsIn(rows, c, names);
    if (!parents) continue;
    let inTable = 0;
    for (const p of parents.keys()) if (names.all().has(p)) inTable++;
    if (parents.size < PARENTS || inTable < parents.size * POINTS_IN) continue;
    const root = rootOf(parents, names.all());
    if (root === undefined) continue;
    const at: number[] = [];
    for (let i = 0; i < rows.length; i++) if (rows.cell(i, c) === root) at.push(i);
    if (at.length <= Math.min(TOP, rows.length * SHARE)) return at;
  }
  return [];
}

/**
 * How many rows name each parent in column `c`, when nearly every row's cell there is a
 * name (a line after the table, `exit code: 1`, is no row of it) and most name rows of the
 * table (the column is read no further once its first rows show it does not point into it);
 * else undefined.
 */
function parentsIn(rows: Cells, c: number, names: Names): Map<string, number> | undefined {
  const counts = new Map<string, number>();
  let other = 0;
  let inTable = 0;
  for (let r = 0; r < rows.length; r++) {
    const v = rows.cell(r, c);
    if (!NAME.test(v)) {
      if (++other > rows.length * NAMELESS) return undefined;
      continue;
    }
    if (names.has(v, r)) inTable++;
    // A column of other values (a version, a path, a description) shows it in its first rows.
    if (r === LOOK && inTable < LOOK * POINTS_IN) return undefined;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return counts;
}

/**
 * Which values name a row (its first cell). Asked of the first rows' values (up to LOOK, where
 * a column that does not point into the table shows it), they are told by one look along
 * the first column for those values alone, its cells of other lengths not even cut out;
 * the names of all rows are gathered only for a column that gets past its first rows.
 */
class Names {
  /** The values of the first rows that name a row. */
  private readonly early = new Set<string>();
  private names: Set<string> | undefined;
  private readonly rows: Cells;

  constructor(rows: Cells, width: number) {
    this.rows = rows;
    const asked = new Set<string>();
    const lengths = new Set<number>();
    for (let r = 0; r <= LOOK && r < rows.length; r++)
      for (let c = 1; c < width; c++) {
        const v = rows.cell(r, c);
        if (NAME.test(v)) {
          asked.add(v);
          lengths.add(v.length);
        }
      }
    if (asked.size === 0) return;
    for (let r = 0; r < rows.length; r++) {
      if (!lengths.has(rows.lengthOf(r, 0))) continue;
      const name = rows.cell(r, 0);
      if (asked.has(name)) this.early.add(name);
    }
  }

  /** Whether `v`, row r's value in some column, names a row. */
  has(v: string, r: number): boolean {
    return r <= LOOK ? this.early.has(v) : this.all().has(v);
  }

  /** The names of all rows. */
  all(): Set<string> {
    if (this.names === undefined) {
      this.names = new Set<string>();
      for (let r = 0; r < this.rows.length; r++) {
        const name = this.rows.cell(r, 0);
        if (name !== "") this.names.add(name);
      }
    }
    return this.names;
  }
}

/** The parent naming no row that the most rows hang from, when it is alone in that and heads LEAST rows. */
function rootOf(parents: ReadonlyMap<string, number>, names: ReadonlySet<string>): string | undefined {
  let root: string | undefined;
  let most = 0;
  let second = 0;
  for (const [p, k] of parents) {
    if (names.has(p)) continue;
    if (k > most) {
      second = most;
      most = k;
      root = p;
    } else if (k > second) second = k;
  }
  return most >= LEAST && most > second ? root : undefined;
}
