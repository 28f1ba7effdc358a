import { describe, expect, it } from "vitest";
import { OWN_LINES, ownLines } from "../../../../../src/compress/kinds/table/own-lines.ts";
import { capturedCase } from "../../corpus.ts";

describe("the lines of a table's output that are no rows", () => {
  it("are kept over 114 rows marked ✗: the parse warnings above, each unit's verdict (fresh25)", async () => {
    const { text, e } = await capturedCase("fresh25", "systemd-analyze-security-offline-f25");
    const shown = e.text.split("\n");
    const lines = text.split("\n");
    // The three warnings above the header, the header, and the verdict under each unit's table.
    const own = [...lines.slice(0, 4), ...lines.filter((l) => l.startsWith("→ Overall exposure level for "))];
    expect(own).toHaveLength(6);
    for (const line of own) expect(shown, line).toContain(line);
  });

  it("are the lines above the titles that say something, and the ends handed, in order", () => {
    const lines = ["warning: a", "", "-----", "NAME  VALUE", "x     1", "verdict", "y     2"];
    expect(ownLines(lines, 3, [5])).toEqual([0, 5]);
  });

  it("are none where there are more than a few (a preamble that is a log)", () => {
    const lines = [...Array.from({ length: OWN_LINES + 1 }, (_, i) => `note ${i}`), "NAME  VALUE", "x     1"];
    expect(ownLines(lines, OWN_LINES + 1, [])).toEqual([]);
    expect(ownLines(lines.slice(1), OWN_LINES, [])).toHaveLength(OWN_LINES);
  });
});
