import { describe, expect, it } from "vitest";
import { tables } from "../../../../../src/compress/kinds/table/detect.ts";
import { proseCells } from "../../../../../src/compress/kinds/table/prose-cells.ts";
import { capturedCase } from "../../corpus.ts";

describe("lines of prose holding a comma are no delimited table", () => {
  it("reads perlcritic's findings as lines, not CSV (fresh15 `perlcritic --severity 3`)", async () => {
    // `Config.pm: Subroutine prototypes used at line 26, column 1.  See page 194 of PBP.`
    // split on its one comma into two sentences: the table kind took the output and kept
    // its first rows, summarising "columns" of sentences.
    const { text, hints } = await capturedCase("fresh15", "perlcritic-severity3-debconf-spilled-f15");
    expect(tables.detect(text, hints)).toBe(0);
  });

  it("reads xmllint's schema errors as lines (fresh12 `xmllint --schema`)", async () => {
    const { text, hints } = await capturedCase("fresh12", "xmllint-schema-marc-import-f12");
    expect(tables.detect(text, hints)).toBe(0);
  });

  it("keeps a CSV whose rows hold a short cell, even with a column of free text", () => {
    const rows = [
      "id,station,note",
      "17,harbour-01,dock 4 jammed after the storm",
      "18,market-03,ok",
      "19,uni-02,screen cracked near the card reader",
    ];
    expect(proseCells(rows, ",")).toBe(false);
    expect(proseCells(["Debconf/A.pm: Hard tabs used at line 3, column 9.  See page 20 of PBP."], ",")).toBe(
      true,
    );
    // Tabs and bars are not read so: a cell between them may be a phrase.
    expect(proseCells(["a b c\td e f"], "\t")).toBe(false);
  });
});
