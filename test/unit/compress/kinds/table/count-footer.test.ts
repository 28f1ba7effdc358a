import { describe, expect, it } from "vitest";
import { barCells, rarity } from "../../../../../src/compress/excerpt/rare.ts";
import { isCountFooter } from "../../../../../src/compress/kinds/table/count-footer.ts";
import { capturedCase } from "../../corpus.ts";

describe("psql's count of rows under a table", () => {
  it("is not counted as a row: the excerpt says 97 rows where psql does (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "psql-explicit-plays-f21");
    expect(e.text).toContain("[97 rows]");
    expect(e.text).not.toContain("[98 rows]");
  });

  it("is no row with empty cells in the notes of values either, and is still kept", async () => {
    for (const [set, name] of [
      ["fresh21", "psql-explicit-plays-f21"],
      ["fresh3", "psql-job-runs-aligned"],
      ["fresh5", "psql-aligned-orders-join"],
      ["fresh6", "psql-audit-log-aligned"],
      ["fresh7", "psql-aligned-recent-shipments"],
      ["fresh11", "psql-sailing-manifest-f11"],
      ["fresh12", "psql-overdue-northgate-f12"],
      ["fresh12", "psql-list-tables-f12"],
    ] as const) {
      const { text, e } = await capturedCase(set, name);
      const footer = text.split("\n").find(isCountFooter)!;
      // Each column's values are counted over the rows alone: their counts add up to the rows'.
      const rows = Number(/^\[(\d+) rows\]$/m.exec(e.text)![1]);
      for (const note of e.text.match(/^\[[^\]]*: [^\]]* ×\d+\]$/gm) ?? []) {
        if (note.includes(" more values")) continue;
        const counts = [...note.matchAll(/ ×(\d+)/g)].map((m) => Number(m[1]));
        expect(
          counts.reduce((a, b) => a + b, 0),
          `${name}: ${note}`,
        ).toBe(rows);
      }
      expect(e.text.split("\n"), name).toContain(footer);
    }
  });

  it("reads psql's footer only", () => {
    expect(isCountFooter("(97 rows)")).toBe(true);
    expect(isCountFooter("(1 row)")).toBe(true);
    expect(isCountFooter("(97 rows) later")).toBe(false);
    expect(isCountFooter(" 97 | rows")).toBe(false);
  });
});

describe("a column of numbers held evenly by its values", () => {
  it("is one of amounts, not categories, with or without the footer as a 21st value (fresh12)", async () => {
    const { text, e, must } = await capturedCase("fresh12", "psql-overdue-northgate-f12");
    const lines = text.split("\n");
    const rows = lines.slice(2).filter((l) => l.includes("|"));
    const table = rows.map((l) => barCells(l, "|"));
    const fines = 7;
    // 258 loans, fines of 25 to 975 cents, 20 values each held by 9 to 15 rows: no fine is
    // rare; read as categories, about half of them held by under 5% of the rows were.
    expect(new Set(table.map((r) => r[fines])).size).toBe(20);
    expect(rarity(table).columns.map((c) => c.column)).not.toContain(fines);
    expect(rarity([...table, [lines.find(isCountFooter)!]]).columns.map((c) => c.column)).not.toContain(
      fines,
    );
    // The three lost items are the rare rows; the excerpt stays small.
    for (const fact of must) expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(4000);
  });
});
