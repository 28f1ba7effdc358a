import { describe, expect, it } from "vitest";
import { minorityRows } from "../../../../src/compress/excerpt/minority-rows.ts";
import { capturedCase } from "../corpus.ts";

describe("rows of one line whose value in a field of few values is a minority's", () => {
  it("are each a fact, not the first and last of them (fresh27 Read of a sqlite3 dump)", async () => {
    // A real Read of a sqlite3 .dump (260 lines): 219 `INSERT INTO packages VALUES(…)`
    // rows, 190 of them 'optional'; the 6 'important' rows (and the 6 'standard') are the
    // ones the review asks about, and only the first and last of each showed.
    const { text, e } = await capturedCase("fresh27", "read-sql-dump-tail-offset-f27");
    const important = [
      "INSERT INTO packages VALUES(1,'adduser',1,686,'3.134','important');",
      "INSERT INTO packages VALUES(45,'debian-archive-keyring',5,293,'2023.3+deb12u2','important');",
      "INSERT INTO packages VALUES(184,'gpgv',9,918,'2.2.40-1.1+deb12u2','important');",
      "INSERT INTO packages VALUES(186,'groff-base',23,3673,'1.22.4-10','important');",
      "INSERT INTO packages VALUES(195,'iproute2',24,3516,'6.1.0-3','important');",
      "INSERT INTO packages VALUES(202,'less',23,313,'590-2.1~deb12u2','important');",
    ];
    const lines = text.split("\n");
    const rows = minorityRows(lines, () => false).map((i) => lines[i]);
    for (const row of important) expect(rows).toContain(row);
    // 'required' is held by 17 rows: too many to be each a fact.
    expect(rows.some((r) => r?.includes("'required'"))).toBe(false);
    for (const row of important) expect(e.text).toContain(row);
  });

  it("reads the rows of one lead together, and a field of many values not at all", () => {
    const rows = Array.from(
      { length: 20 },
      (_, k) => `INSERT INTO t VALUES(${k},'n${k}','${k === 7 ? "b" : "a"}');`,
    );
    const lines = ["BEGIN;", ...rows, "COMMIT;"];
    expect(minorityRows(lines, () => false)).toEqual([8]);
  });
});
