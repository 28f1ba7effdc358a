import { describe, expect, it } from "vitest";
import { entityRows } from "../../../../../src/compress/kinds/table/entity-rows.ts";
import { capturedCase } from "../../corpus.ts";

describe("a table of many rows about a few things", () => {
  it("keeps a row of each of the ten tracks among 97 plays (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "psql-explicit-plays-f21");
    for (const track of [
      "GBSMU2600138 | Track 138 | Nadine Shah",
      "GBKRA2600207 | Track 207 | Yard Act",
      "GBAYE2600184 | Track 184 | Kathryn Joseph",
      "GBSMU2600069 | Track 069 | Fontaines D.C.",
      "GBBBC2600023 | Track 023 | Kae Tempest",
      "GBAYE2600230 | Track 230 | The Orielles",
    ])
      expect(e.text).toContain(track);
  });

  it("reads the column whose value fixes another's of several values, the one naming most things", () => {
    const rows: string[][] = [];
    for (let i = 0; i < 40; i++) {
      const k = i % 5;
      rows.push([`${i}`, `id${k}`, `name ${k}`, i % 2 ? "a" : "b", `team ${k % 3}`]);
    }
    // id and name fix each other (five things); team is fixed but says three values only.
    expect(entityRows(rows)).toEqual([0, 1, 2, 3, 4]);
    // A column fixing only a flag of two values names nothing.
    const flags = rows.map((r) => [r[0]!, r[1]!, r[1] === "id0" ? "x" : "y"]);
    expect(entityRows(flags)).toEqual([]);
    // Too few rows.
    expect(entityRows(rows.slice(0, 10))).toEqual([]);
  });
});
