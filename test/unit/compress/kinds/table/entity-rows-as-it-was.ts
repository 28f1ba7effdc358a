// entityRows as it was before column-scan.ts (fc813bf3): each column's first values read by entityRows itself.
/**
 * A table of many rows about a few things (97 plays of ten tracks: each row repeats its
 * track's ISRC, title and artist): a column of few values, each held by several rows, whose
 * value fixes the value of another column (the ISRC fixes the title and the artist) names
 * those things, and the first row of each of its values tells what each one is. The counts
 * of a column name its values alone (rare.ts), the first and last rows two of them; the
 * question asked of such a table is which things it holds. Where several columns name
 * things, the one naming most of them. Pure; the table kind (excerpt.ts) makes them facts.
 */

import { asCells, type Cells, type Table, widest } from "../../../../../src/compress/excerpt/cells.ts";

/** From this many rows on. */
const ROWS = 20;
/** A column naming things holds at least this many values, and at most ENTITIES. */
const FEWEST = 3;
const ENTITIES = 12;
/** Each of its values is held by this many rows at least on average (things, not ids). */
const PER_VALUE = 4;

/**
 * Whether column `c`'s value fixes column `d`'s in every row, and `d` holds FEWEST values
 * or more: what the things are called or by whom (a title, an artist), not a flag most of
 * them share (`<none>`, `Normal`, a package's `ii`).
 */
function fixes(cells: Cells, c: number, d: number): boolean {
  const seen = new Map<string, string>();
  let values = 0;
  const distinct = new Set<string>();
  for (let r = 0; r < cells.length; r++) {
    const key = cells.cell(r, c);
    // A row without a value here (a footer, a wrapped line) tells nothing of what fixes what.
    if (key === "") continue;
    const value = cells.cell(r, d);
    const had = seen.get(key);
    if (had === undefined) seen.set(key, value);
    else if (had !== value) return false;
    if (!distinct.has(value)) {
      distinct.add(value);
      values++;
    }
  }
  return values >= FEWEST;
}

/** The first row of each value of the column naming most things; [] when no column names things. */
export function entityRows(table: Table): number[] {
  const cells = asCells(table);
  const n = cells.length;
  if (n < ROWS) return [];
  const width = widest(cells);
  let best: number[] = [];
  for (let c = 0; c < width; c++) {
    const first = new Map<string, number>();
    for (let i = 0; i < n && first.size <= ENTITIES; i++) {
      const v = cells.cell(i, c);
      if (v !== "" && !first.has(v)) first.set(v, i);
    }
    const k = first.size;
    if (k < FEWEST || k > ENTITIES || k * PER_VALUE > n || k <= best.length) continue;
    let named = false;
    for (let d = 0; d < width && !named; d++) if (d !== c && fixes(cells, c, d)) named = true;
    if (named) best = [...first.values()];
  }
  return best;
}
