import { describe, expect, it } from "vitest";
import { foreignLetters } from "../../../../src/compress/excerpt/foreign-letters.ts";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { capturedCase, loadCorpus, readText } from "../corpus.ts";

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

  it("finds the same lines searched in the Doc's source as in its lines joined, in every captured output", () => {
    let read = 0;
    let found = 0;
    for (const e of loadCorpus()) {
      const doc = docOf(readText(e));
      if (doc.source === undefined) continue;
      read++;
      const joined = foreignLetters(doc.lines);
      found += joined.length;
      expect(foreignLetters(doc.lines, doc.source), e.file).toEqual(joined);
      // Lines with one letter of another script among them, placed by the source's newlines.
      if (doc.lines.length < 100) continue;
      const lines = doc.lines.slice();
      lines[lines.length >> 1] = `${lines[lines.length >> 1]} Grünbeck`;
      const source = lines.join("\n");
      expect(foreignLetters(lines, source), e.file).toEqual(foreignLetters(lines));
      // A source that is not the lines joined (another output's) is not read.
      expect(foreignLetters(lines, `Grünbeck\n${source}`), e.file).toEqual(foreignLetters(lines));
    }
    expect(read).toBeGreaterThan(50);
    expect(found).toBeGreaterThan(0);
  });
});
