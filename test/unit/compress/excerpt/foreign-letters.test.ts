import { describe, expect, it } from "vitest";
import { foreignLetters } from "../../../../src/compress/excerpt/foreign-letters.ts";
import { capturedCase } from "../corpus.ts";

describe("a few lines written in letters the rest never use", () => {
  it("keeps the two non-ASCII vendor names among 120 (fresh17 `mlr --barred … mam.csv`)", async () => {
    // A table of ASCII names but two; before, neither row showed (the table's rare values
    // are by column, and every name is its own value).
    const { e } = await capturedCase("fresh17", "mlr-mam-barred-f17");
    expect(e.text).toContain("| D8860B7    | Grünbeck Wasseraufbereitung GmbH");
    expect(e.text).toContain("| B4A2EBA    | Hengkang（Hangzhou）Co.,Ltd");
  });

  it("reads letters, not symbols, and only a few among many lines", () => {
    const ascii = Array.from({ length: 99 }, (_, k) => `row ${k} Acme Corp`);
    const at = (extra: string[]) => foreignLetters([...ascii, ...extra]);
    expect(at(["row x Grünbeck GmbH"])).toEqual([99]);
    expect(at(["row x 深圳 Ltd"])).toEqual([99]);
    // A tree's drawing, a check mark, an ellipsis, node's `ℹ`: no writing.
    expect(at(["├── a", "✓ passes", "cut here…", "ℹ tests 48"])).toEqual([]);
    // More than a few: the output is written so.
    expect(at(["é1", "é2", "é3"])).toEqual([]);
    expect(foreignLetters(["Grünbeck", ...ascii.slice(0, 10)])).toEqual([]);
  });
});
