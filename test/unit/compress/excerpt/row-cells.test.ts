import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RowCells } from "../../../../src/compress/excerpt/cells.ts";
import { barCells, rarity, splitBySpans, splitDelimited } from "../../../../src/compress/excerpt/rare.ts";
import { rootRows } from "../../../../src/compress/excerpt/root-rows.ts";
import { fixtureTexts } from "../corpus.ts";

// The table kind split every row into an array of cells (barCells, splitDelimited,
// splitBySpans) and its readers trimmed each cell they read; RowCells keeps where each
// cell lies instead, and must give each row the same cells.

type Mode = {
  readonly name: string;
  split(line: string): string[];
  into(line: string, rows: RowCells): void;
};

const SPANS: [number, number][] = [
  [0, 4],
  [6, 12],
  [14, 30],
];
const modes: Mode[] = [
  ...["|", "│"].map((bar) => ({
    name: `bar ${bar}`,
    split: (line: string) => barCells(line, bar),
    into: (line: string, rows: RowCells) => rows.addBarred(line, bar),
  })),
  ...[",", "\t", ";", "|"].map((d) => ({
    name: `delimiter ${JSON.stringify(d)}`,
    split: (line: string) => splitDelimited(line, d),
    into: (line: string, rows: RowCells) => rows.addDelimited(line, d, splitDelimited),
  })),
  {
    name: "spans",
    split: (line: string) => splitBySpans(line, SPANS),
    into: (line: string, rows: RowCells) => rows.addSpanned(line, SPANS),
  },
];

/** The rows' cells as the readers read the arrays: the row's width, each cell trimmed (one past its last: ""). */
function sameCells(lines: readonly string[], mode: Mode): void {
  const rows = new RowCells();
  for (const line of lines) mode.into(line, rows);
  expect(rows.length).toBe(lines.length);
  const got: string[][] = [];
  const want: string[][] = [];
  lines.forEach((line, r) => {
    const cells = mode.split(line);
    got.push([String(rows.widthOf(r))]);
    want.push([String(cells.length)]);
    for (let c = 0; c <= cells.length; c++) {
      got[r]!.push(rows.cell(r, c));
      want[r]!.push((cells[c] ?? "").trim());
    }
  });
  expect(got, mode.name).toEqual(want);
}

const lines = fixtureTexts().flatMap(({ text }) => text.split("\n"));

describe("RowCells", () => {
  it("gives every line of the fixture outputs the cells each splitter gives it", () => {
    expect(lines.length).toBeGreaterThan(10_000);
    for (const mode of modes) sameCells(lines, mode);
  });

  it("gives them for random rows of bars, delimiters, quotes and blanks of every kind trim takes off", () => {
    // \u180e is no blank to trim (Unicode 6.3 on): it stays in a cell.
    const unit = fc.constantFrom(
      "|",
      "│",
      ",",
      ";",
      "\t",
      " ",
      '"',
      "a",
      "bc",
      "\u00a0",
      "\u2028",
      "\ufeff",
      "\u180e",
      "\u3000",
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 40 }), { maxLength: 6 }), (rows) => {
        for (const mode of modes) sameCells(rows, mode);
      }),
      { numRuns: 5_000 },
    );
  });

  it("makes rarity and rootRows find what they find in the arrays, on the CSV and bar tables of the fixtures", () => {
    let tables = 0;
    for (const { file: f, text } of fixtureTexts()) {
      const rows = text.split("\n");
      for (const mode of modes) {
        const cells = new RowCells();
        for (const line of rows) mode.into(line, cells);
        const arrays = rows.map((l) => mode.split(l));
        const r = rarity(arrays);
        expect(rarity(cells), `${f} ${mode.name}`).toEqual(r);
        expect(rootRows(cells), `${f} ${mode.name}`).toEqual(rootRows(arrays));
        if (r.rare.length > 0) tables++;
      }
    }
    expect(tables).toBeGreaterThan(20);
  });
});
