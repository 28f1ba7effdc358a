import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../../bench/corpus/corpus.ts";
import { RowCells } from "../../../../../src/compress/excerpt/cells.ts";
import { ColumnScans } from "../../../../../src/compress/excerpt/column-scan.ts";
import { rarity, splitAligned, splitDelimited } from "../../../../../src/compress/excerpt/rare.ts";
import { entityRows } from "../../../../../src/compress/kinds/table/entity-rows.ts";
import { fixtureTexts } from "../../corpus.ts";
import { entityRows as entityRowsAsItWas } from "./entity-rows-as-it-was.ts";
import { rarity as rarityAsItWas } from "./rarity-as-it-was.ts";

// rarity and entityRows each read every column's values from the rows; they now read them
// from one reading of the columns (column-scan.ts), shared as the table kind shares it
// (rarity first, then entityRows). On real outputs read as tables of each kind, cut at
// several lengths, both must find what they found reading the columns themselves.

/** A table's rows as the table kind keeps them (RowCells), split each way it splits a row. */
function tables(lines: readonly string[]): RowCells[] {
  const kinds: ((line: string, rows: RowCells) => void)[] = [
    (l, rows) => rows.addBarred(l, "|"),
    (l, rows) => rows.addBarred(l, "│"),
    (l, rows) => rows.addDelimited(l, ",", splitDelimited),
    (l, rows) => rows.addDelimited(l, "\t", splitDelimited),
    (l, rows) => rows.add(splitAligned(l)),
  ];
  return kinds.map((into) => {
    const rows = new RowCells();
    for (const l of lines) if (l.trim() !== "") into(l, rows);
    return rows;
  });
}

/** Both readings of one table: each alone, and sharing the columns read as the table kind does. */
function same(rows: RowCells | string[][]): { rare: number; entities: number } {
  const wasRarity = rarityAsItWas(rows);
  const wasEntities = entityRowsAsItWas(rows);
  expect(rarity(rows)).toEqual(wasRarity);
  expect(entityRows(rows)).toEqual(wasEntities);
  const cells = Array.isArray(rows) ? undefined : rows;
  if (cells) {
    const scans = new ColumnScans(cells);
    expect(rarity(cells, scans)).toEqual(wasRarity);
    expect(entityRows(cells, scans)).toEqual(wasEntities);
  }
  return { rare: wasRarity.rare.length, entities: wasEntities.length };
}

const outputs = [
  ...loadCorpus().map((e) => modelView(e).split("\n")),
  ...fixtureTexts().map(({ text }) => text.split("\n")),
];

describe("a table's columns read once for rarity and entityRows", () => {
  it("finds the rows each found reading the columns itself, in every corpus and fixture output read as a table", () => {
    let tablesRead = 0;
    let rare = 0;
    let entities = 0;
    for (const lines of outputs)
      for (const n of [8, 19, 20, 60, 400, lines.length])
        if (n <= lines.length)
          for (const rows of tables(lines.slice(0, n))) {
            const found = same(rows);
            tablesRead++;
            if (found.rare > 0) rare++;
            if (found.entities > 0) entities++;
          }
    expect(tablesRead).toBeGreaterThan(2000);
    // Rare rows and things named were there to be found, not only their absence.
    expect(rare).toBeGreaterThan(100);
    expect(entities).toBeGreaterThan(5);
  });

  it("tells a cell is a value (Cells.holds) as cutting it out and comparing does, past a row's last cell too", () => {
    let told = 0;
    const wrong: string[] = [];
    for (const lines of outputs.slice(0, 80))
      for (const rows of tables(lines.slice(0, 60))) {
        const width = Math.max(0, ...Array.from({ length: rows.length }, (_, r) => rows.widthOf(r)));
        for (let r = 0; r < rows.length; r++)
          for (let c = 0; c <= width; c++) {
            const others = [rows.cell(r, c), rows.cell(Math.max(0, r - 1), c), "", rows.cell(r, c).slice(1)];
            for (const v of others) {
              if (rows.holds(r, c, v) !== (rows.cell(r, c) === v)) wrong.push(`${r} ${c} ${v}`);
              told++;
            }
          }
      }
    expect(wrong).toEqual([]);
    expect(told).toBeGreaterThan(10_000);
  });

  it("finds the same rows in random tables of few values, many, empty cells and numbers", () => {
    const value = fc.oneof(
      fc.constantFrom("", "ok", "failed", "a", "b", "c", "d", "e"),
      fc.integer({ min: 0, max: 30 }).map((k) => `v${k}`),
      fc.integer({ min: -3, max: 500 }).map(String),
    );
    const row = fc.array(value, { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 8, maxLength: 90 }), (rows) => {
        same(rows);
        const cells = new RowCells();
        for (const r of rows) cells.add(r);
        same(cells);
      }),
      { numRuns: 2_000 },
    );
  });
});
