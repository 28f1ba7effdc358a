import { describe, expect, it } from "vitest";
import { cutLine } from "../../../../../src/compress/excerpt/framing.ts";
import { delimiterOf } from "../../../../../src/compress/kinds/table/detect.ts";
import { groupsWithNestedRows } from "../../../../../src/compress/kinds/table/dir-rows.ts";
import { capturedCase } from "../../corpus.ts";

describe("a CSV whose quoted cells hold its delimiter (bandit -f csv)", () => {
  it("keeps each finding's cells up to its line number (fresh24)", async () => {
    const { e } = await capturedCase("fresh24", "bandit-csv-alembic-f24");
    // The one rare finding of its kind beside 21 asserts of the same file's neighbours.
    expect(e.text).toContain(
      "vendor/alembic/runtime/environment.py,hardcoded_password_default,B107,LOW,MEDIUM,Possible hardcoded password: 'upgrades',322",
    );
    // A row too wide is cut at the end of a cell, not at the last blank before its line number.
    expect(e.text).toContain(
      "vendor/alembic/util/editor.py,subprocess_without_shell_equals_true,B603,LOW,HIGH,subprocess call - check for execution of untrusted input.,36,[36] … [+",
    );
  });

  it("counts every row under a directory, and `exit code: 1` under none (fresh24)", async () => {
    const { e } = await capturedCase("fresh24", "bandit-csv-alembic-f24");
    // 13 rows in testing/ itself and 4 in testing/suite/: a reader takes the note for all 17.
    expect(e.text).toMatch(/^\[rows by directory:\]\n(?:vendor\/alembic\/\S+\/ {2}\d+ rows\n)+vendor\//m);
    expect(e.text).toContain("\nvendor/alembic/testing/  17 rows\n");
    const notes = [
      { at: 1, text: "a/  2 rows", prio: 80 },
      { at: 1, text: "a/b/  1 row", prio: 80 },
      { at: 1, text: "c/  1 row", prio: 80 },
    ];
    expect(groupsWithNestedRows(notes, ["a/x", "a/y", "a/b/z", "c/w"]).map((n) => n.text)).toEqual([
      "a/  3 rows",
      "a/b/  1 row",
      "c/  1 row",
    ]);
  });

  it("reads commas inside quotes as text, not as cell ends", () => {
    const rows = ["a,b,c", 'x,"[1, 2, 3]",z', "y,[4],w", 'v,"[5, 6]",u'];
    expect(delimiterOf(rows)).toBe(",");
  });

  it("cuts at a cell's end only where it is past the last blank", () => {
    const row = `${"word ".repeat(20)}x,12,${"u".repeat(200)}`;
    expect(cutLine(row, 150, undefined, ",")).toBe(`${"word ".repeat(20)}x,12 … [+201 chars]`);
    expect(cutLine(row, 150)).toBe(`${"word ".repeat(19)}word … [+206 chars]`);
  });
});
