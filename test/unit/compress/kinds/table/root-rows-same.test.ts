import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RowCells } from "../../../../../src/compress/excerpt/cells.ts";
import { barCells, splitDelimited } from "../../../../../src/compress/excerpt/rare.ts";
import { rootRows } from "../../../../../src/compress/excerpt/root-rows.ts";
import { fixtureTexts } from "../../corpus.ts";

// rootRows gathered the name of every row into a set before reading a column; it now tells
// the first rows' values from one look along the first column for those values alone, and
// gathers every name only for a column that gets past its first rows. It must find the rows
// it found: the reference below is rootRows as it was (2b4c58b).
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
function rootRowsAsItWas(rows: readonly (readonly string[])[]): number[] {
  if (rows.length < 8) return [];
  const names = new Set<string>();
  for (const row of rows) {
    const name = (row[0] ?? "").trim();
    if (name !== "") names.add(name);
  }
  // The widest row, by a loop: spreading an array of every row's width into Math.max took
  // longer than reading the rows' cells.
  let width = 0;
  for (const r of rows) if (r.length > width) width = r.length;
  for (let c = 1; c < width; c++) {
    const parents = parentsIn(rows, c, names);
    if (!parents) continue;
    let inTable = 0;
    for (const p of parents.keys()) if (names.has(p)) inTable++;
    if (parents.size < PARENTS || inTable < parents.size * POINTS_IN) continue;
    const root = rootOf(parents, names);
    if (root === undefined) continue;
    const at: number[] = [];
    rows.forEach((row, i) => {
      if ((row[c] ?? "").trim() === root) at.push(i);
    });
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
function parentsIn(
  rows: readonly (readonly string[])[],
  c: number,
  names: ReadonlySet<string>,
): Map<string, number> | undefined {
  const counts = new Map<string, number>();
  let other = 0;
  let inTable = 0;
  for (let r = 0; r < rows.length; r++) {
    const v = (rows[r]![c] ?? "").trim();
    if (!NAME.test(v)) {
      if (++other > rows.length * NAMELESS) return undefined;
      continue;
    }
    if (names.has(v)) inTable++;
    // A column of other values (a version, a path, a description) shows it in its first rows.
    if (r === LOOK && inTable < LOOK * POINTS_IN) return undefined;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return counts;
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

/** Both readings of rows split into arrays, and the new one of them kept as RowCells. */
function same(rows: readonly (readonly string[])[]): void {
  const want = rootRowsAsItWas(rows);
  expect(rootRows(rows)).toEqual(want);
  const cells = new RowCells();
  for (const row of rows) cells.add(row);
  expect(rootRows(cells)).toEqual(want);
}

const outputs = fixtureTexts().map(({ text }) => text.split("\n"));

describe("rootRows as it was", () => {
  it("finds the same rows in every fixture output read as a table of each kind, and past its first lines", () => {
    for (const lines of outputs)
      for (const from of [0, 40])
        for (const split of [
          (l: string) => barCells(l, "|"),
          (l: string) => barCells(l, "│"),
          (l: string) => splitDelimited(l, ","),
          (l: string) => splitDelimited(l, "\t"),
          (l: string) => l.trim().split(/\s{2,}/),
        ])
          same(lines.slice(from).map(split));
  });

  it("counts the value of the last of the first rows a column is judged by (row 32) among those naming rows", () => {
    // 15 rows under n1, 17 under zz (no row's name), row 32 under n5, the rest under n2: the
    // column points into the table by 16 of its first 33 rows, row 32's among them.
    const parentOf = (i: number) => (i < 15 ? "n1" : i < 32 ? "zz" : i === 32 ? "n5" : "n2");
    const rows = Array.from({ length: 120 }, (_, i) => [`n${i}`, parentOf(i), `${i}`]);
    expect(rootRowsAsItWas(rows).length).toBe(17);
    same(rows);
  });

  it("finds the same rows in random tables of trees: names, parents named by rows or not, numbers and blanks", () => {
    const name = fc.constantFrom("app", "lib-a", "lib-b", "lib-c", "web", "root", "x", "y", "z1", "q");
    const cell = fc.oneof(name, fc.constantFrom("", "1", "2.0", "a b", "-", "n/a"));
    const row = fc.tuple(name, cell, fc.oneof(name, cell), cell);
    fc.assert(
      fc.property(fc.array(row, { minLength: 8, maxLength: 80 }), (rows) => same(rows)),
      { numRuns: 3_000 },
    );
  });

  it("finds the same rows in random trees of 8 to 120 packages, some rows of other kinds among them", () => {
    let found = 0;
    const tree = fc.record({
      size: fc.integer({ min: 8, max: 120 }),
      // Per row: under the root (15 in 100), under an earlier row, or (2 in 100) a number or a blank where the parent stands.
      kinds: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 120, maxLength: 120 }),
      picks: fc.array(fc.nat(), { minLength: 120, maxLength: 120 }),
      column: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(tree, ({ size, kinds, picks, column }) => {
        const rows = Array.from({ length: size }, (_, i) => {
          const kind = i === 0 ? 0 : kinds[i]!;
          const parent =
            kind < 15 ? "portal" : kind < 98 ? `pkg-${picks[i]! % i}` : ["", "12", "a b"][picks[i]! % 3]!;
          const row = [`pkg-${i}`, `${i % 7}.0.1`, `${picks[i]! % 5}.1.0`, "x"];
          row[column] = parent;
          return row;
        });
        same(rows);
        if (rootRowsAsItWas(rows).length > 0) found++;
      }),
      { numRuns: 2_000 },
    );
    // Drawn: about 417 of 2,000 trees have root rows (binomial sd about 18): 100 is 17 deviations down.
    expect(found).toBeGreaterThan(100);
  });
});
