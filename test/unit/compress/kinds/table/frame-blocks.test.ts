import { describe, expect, it } from "vitest";
import { docOf } from "../../../../../src/compress/excerpt/lines.ts";
import { amongRows } from "../../../../../src/compress/kinds/table/among-rows.ts";
import { tablePicks } from "../../../../../src/compress/kinds/table/excerpt.ts";
import { framesOf } from "../../../../../src/compress/kinds/table/frame-blocks.ts";
import { capturedCase } from "../../corpus.ts";

describe("pandas's frames, in column blocks, read as a table", () => {
  it("are two pivots of 24 stores each, not one table of 100 rows (fresh31)", async () => {
    const { text, e } = await capturedCase("fresh31", "pandas-pivot-wide-f31");
    const lines = text.split("\n");
    const frames = framesOf(lines, 0)!;
    expect(frames.rows).toBe(48);
    // The rows are S001..S024 of each frame's first block; every other line is none.
    const rows = lines.filter((_, i) => frames.notRow[i] === 0);
    expect(rows).toHaveLength(48);
    expect(rows.every((l) => /^S0\d\d /.test(l))).toBe(true);
    expect(lines[frames.lastRow]).toMatch(/^S024 /);
    expect(e.kept).toMatch(/^header, 48 rows: /);
    expect(e.text).toContain("\n[48 rows]\n");
    // The wrap mark ` \` is no title: no column note named by it.
    expect(e.text).not.toMatch(/^\[\\:/m);
    for (const small of [1200, 1500])
      expect(tablePicks(docOf(text), { tool: "Bash" }, small).kept).toMatch(/^header, 48 rows: /);
  });

  it("read the index's name, later blocks and pandas's own count", () => {
    const lines = [
      "          alpha  beta  \\",
      "name                   ",
      "a             1     2  ",
      "b             3     4  ",
      "",
      "          gamma  ",
      "name             ",
      "a             5  ",
      "b             6  ",
      "",
      "[2 rows x 3 columns]",
    ];
    const frames = framesOf(lines, 0)!;
    expect(frames.rows).toBe(2);
    expect([...frames.notRow].flatMap((n, i) => (n === 0 ? [i] : []))).toEqual([2, 3]);
    expect(frames.counts).toEqual([10]);
  });

  it("are not read where no mark of pandas's is (a table of aligned columns)", () => {
    expect(framesOf(["NAME   READY  STATUS", "web-1  1/1    Running", "web-2  0/1    Pending"], 0)).toBe(
      undefined,
    );
  });
});

describe("a line fitting a header's pattern between two rows like it", () => {
  it("is a row: pandas's S009 with its four NaN was read as the header (fresh31)", async () => {
    const { text } = await capturedCase("fresh31", "pandas-pivot-wide-f31");
    const lines = text.split("\n");
    expect(lines[10]).toMatch(/^S009 .* NaN {4}NaN/);
    expect(amongRows(lines, 10)).toBe(true);
    // The titles stand over the rows, under nothing.
    expect(amongRows(lines, 0)).toBe(false);
    expect(amongRows(["a note", "NAME  READY  STATUS", "web-1  1/1  Running"], 1)).toBe(false);
  });
});
