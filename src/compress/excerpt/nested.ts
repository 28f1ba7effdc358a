/**
 * Lines that name a thing inside what another names: `du -a` prints a folder's size and
 * each of its files' and subfolders', so a folder repeats the size of what makes most of
 * it (`97M\tcache/mobile/artifacts`, `96M\tcache/mobile/artifacts/b02/part-0.bin`). Read
 * by a line's text but its number: the one's, then `/`, begins the other's. Pure.
 */

import { type Cells, cellsOf } from "./cells.ts";
import type { Inside } from "./far-values.ts";
import { fieldBounds } from "./fields.ts";

/** Inside, of the names `nameOf` reads (each once, as asked): "" names nothing. */
function insideBy(nameOf: (j: number) => string): Inside {
  const named = new Map<number, string>();
  const name = (j: number): string => {
    let v = named.get(j);
    if (v === undefined) {
      v = nameOf(j);
      named.set(j, v);
    }
    return v;
  };
  return (outer, inner) => {
    const folder = name(outer);
    if (folder === "") return false;
    const thing = name(inner);
    return thing.startsWith(folder) && (folder.endsWith("/") || thing.charCodeAt(folder.length) === 47);
  };
}

/** Of a template's lines (by their indexes into `members`), each read but for its field `k`. */
export function insideOf(
  lines: readonly string[],
  members: readonly number[],
  bodyAt: (i: number) => number,
  k: number,
): Inside {
  const bounds = new Int32Array(2 * (k + 1));
  return insideBy((j) => {
    const line = lines[members[j]!]!;
    const from = bodyAt(members[j]!);
    if (fieldBounds(line, from, k + 1, bounds) <= k) return "";
    return `${line.slice(from, bounds[2 * k]).trim()} ${line.slice(bounds[2 * k + 1]).trim()}`.trim();
  });
}

/** Of a table's rows (`at[j]` the row of the j-th number), each read but for its cell `c`. */
export function insideOfRows(rows: readonly (readonly string[])[], c: number, at: readonly number[]): Inside {
  return insideOfCells(cellsOf(rows), c, at);
}

/** The same of a table's Cells: a row's other cells, trimmed, the empty ones left out, joined by a blank. */
export function insideOfCells(rows: Cells, c: number, at: readonly number[]): Inside {
  return insideBy((j) => {
    const r = at[j]!;
    let name = "";
    let any = false;
    for (let x = 0; x < rows.widthOf(r); x++) {
      if (x === c) continue;
      const cell = rows.cell(r, x);
      if (cell === "") continue;
      name = any ? `${name} ${cell}` : cell;
      any = true;
    }
    return name;
  });
}
