import { describe, expect, it } from "vitest";
import { delimiterOf } from "../../../../../src/compress/kinds/table/detect.ts";
import { delimitedFrom } from "../../../../../src/compress/kinds/table/warning-above.ts";
import { capturedCase } from "../../corpus.ts";

describe("a warning above a table", () => {
  it("reads csvlook's bars as the delimiter under csvkit's dialect warning (fresh19)", async () => {
    const { text } = await capturedCase("fresh19", "csvlook-packages-spilled-f19");
    expect(text.split("\n")[0]).toContain("RuntimeWarning");
    expect(delimiterOf(text.split("\n"), true)).toBe("|");
  });

  it("skips a first line that warns, and only such a line", () => {
    const rows = ["| a | b |", "| 1 | 2 |", "| 3 | 4 |"];
    expect(delimitedFrom(rows, "|")).toBe(0);
    expect(delimitedFrom(["x.py:74: RuntimeWarning: no dialect", ...rows], "|")).toBe(1);
    // psql's expanded record over its `key | value` lines is no table of bars.
    expect(delimitedFrom(["-[ RECORD 1 ]-+------", "id | 7", "total | 12"], "|")).toBe(-1);
  });
});
