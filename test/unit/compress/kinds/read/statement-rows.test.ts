import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a file read whose statements are most of its lines (an SQL dump)", () => {
  it("is read as records: each kind once, the rare ones whole, a statement over two lines too (fresh27 Read of a sqlite3 dump)", async () => {
    // A real Read of a sqlite3 .dump: a row a line, so its statements outline nothing and
    // only the file's first and last lines showed, not the second table's schema.
    const { e } = await capturedCase("fresh27", "read-sql-dump-tail-offset-f27");
    expect(e.compressor).toBe("read");
    for (const fact of [
      "L1: PRAGMA foreign_keys=OFF;",
      "L3: CREATE TABLE sections (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);",
      "L40: CREATE TABLE packages (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, section_id INTEGER REFERENCES sections(id),",
      "L41:   installed_kb INTEGER, version TEXT NOT NULL, priority TEXT CHECK (priority IN ('required','important','standard','optional','extra')));",
    ])
      expect(e.text).toContain(fact);
  });
});
