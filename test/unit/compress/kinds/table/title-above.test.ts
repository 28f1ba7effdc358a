import { describe, expect, it } from "vitest";
import { delimiterOf } from "../../../../../src/compress/kinds/table/detect.ts";
import { delimitedFrom } from "../../../../../src/compress/kinds/table/warning-above.ts";
import { capturedCase } from "../../corpus.ts";

describe("a title above a table", () => {
  // psql's `\dt+` of 80 relations (fresh12, 9 KB) under its centred `List of relations`:
  // the title hid the bars, the rows were cut where the rule's dashes run, and every column's
  // note held a bar and the blanks of its cells (`[Type        |: table             | ×79`).
  it("reads psql's bars under `List of relations`, its notes holding the cells alone (fresh12)", async () => {
    const { text, e } = await capturedCase("fresh12", "psql-list-tables-f12");
    expect(text.split("\n")[0]!.trim()).toBe("List of relations");
    expect(delimiterOf(text.split("\n"), true)).toBe("|");
    expect(e.compressor).toBe("table");
    expect(e.text).toContain("[Type: table ×79, partitioned table ×1]");
    expect(e.text).not.toMatch(/^\[[^\]]*\|/m);
  });

  it("skips a first line only where a rule stands under the line after it", () => {
    const rows = [" a | b ", " 1 | 2", " 3 | 4"];
    expect(delimitedFrom(["  Some title", ...rows], "|")).toBe(-1);
    expect(delimitedFrom(["  Some title", ...rows], "|", true)).toBe(1);
    expect(delimiterOf(["  Some title", " a | b ", "---+---", " 1 | 2", " 3 | 4", " 5 | 6"])).toBe("|");
    expect(delimiterOf(["  Some title", " a | b ", " 1 | 2", " 3 | 4", " 5 | 6"])).toBeUndefined();
  });
});
