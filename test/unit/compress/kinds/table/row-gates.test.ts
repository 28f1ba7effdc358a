import { describe, expect, it } from "vitest";
import { docOf, SEVERE } from "../../../../../src/compress/excerpt/lines.ts";
import { BOX_RULE, RULE } from "../../../../../src/compress/kinds/table/detect.ts";
import { severeLines, startsWord } from "../../../../../src/compress/kinds/table/excerpt.ts";
import { loadCorpus, readText } from "../../corpus.ts";

/**
 * The table kind reads every row for trouble and for rules (kinds/table/excerpt.ts) by
 * cheaper means than a search of each row: one search along the text for SEVERE, one
 * character for a row that is no blank and no rule. Which rows they find must not change.
 */
describe("the table kind's row gates", () => {
  const docs = loadCorpus()
    .map((e) => ({ file: e.file, doc: docOf(readText(e)) }))
    .filter(({ doc }) => doc.source !== undefined);

  it("find SEVERE in the lines a search of each line finds it in, in every captured output", () => {
    let marked = 0;
    for (const { file, doc } of docs) {
      const at = severeLines(doc)!;
      const each = doc.lines.map((l) => (SEVERE.test(l) ? 1 : 0));
      expect([...at], file).toEqual(each);
      marked += each.filter((x) => x === 1).length;
    }
    expect(docs.length).toBeGreaterThan(50);
    expect(marked).toBeGreaterThan(100);
  });

  it("mark a line of two matches once, and lines that end or start the text", () => {
    const doc = docOf("fatal error here\nok\nrow two\nunable");
    expect([...severeLines(doc)!]).toEqual([1, 0, 0, 1]);
  });

  it("pass by a row starting with a letter or digit only when it is no blank and no rule", () => {
    let rows = 0;
    for (const { doc } of docs)
      for (const line of doc.lines) {
        if (!startsWord(line)) continue;
        rows++;
        expect(line.trim() === "" || RULE.test(line) || BOX_RULE.test(line), line).toBe(false);
      }
    expect(rows).toBeGreaterThan(10_000);
  });
});
