import { describe, expect, it } from "vitest";
import { loadCorpus as benchCorpus, modelView } from "../../../../../bench/corpus/corpus.ts";
import { wordsAre, wordsOf } from "../../../../../src/compress/kinds/table/words.ts";
import { loadCorpus, readText } from "../../corpus.ts";

// wordsAre reads a line along where the table kind compared wordsOf(line) with its titles'
// words: on every line of the real outputs (the bench's corpus and the tests'), against
// each output's first lines' words and the line's own, it must answer as the comparison did.
describe("wordsAre", () => {
  const outputs = [...benchCorpus().map((e) => modelView(e)), ...loadCorpus().map((e) => readText(e))];

  it("answers as wordsOf(line) === words on every line of the corpora", () => {
    let lines = 0;
    let same = 0;
    const differ: string[] = [];
    for (const text of outputs) {
      const all = text.split("\n");
      const titles = all.slice(0, 4).map(wordsOf);
      for (const line of all) {
        lines++;
        const words = wordsOf(line);
        if (!wordsAre(line, words)) differ.push(line);
        for (const t of titles) {
          const was = words === t;
          if (was) same++;
          if (wordsAre(line, t) !== was) differ.push(line);
        }
      }
    }
    expect(differ).toEqual([]);
    expect(lines).toBeGreaterThan(100_000);
    expect(same).toBeGreaterThan(1000);
  });

  it("reads every blank trim() and \\s read as one", () => {
    const differ: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const line of [`${ch}a${ch}${ch}b${ch}`, `a${ch}b`, ch, `${ch}a`])
        for (const words of ["a b", "a", "", `a${ch}b`, wordsOf(line)])
          if (wordsAre(line, words) !== (wordsOf(line) === words)) differ.push(JSON.stringify([line, words]));
    }
    expect(differ).toEqual([]);
  });

  it("tells a line longer or shorter than the words", () => {
    expect(wordsAre("  id   amount ", "id amount")).toBe(true);
    expect(wordsAre("id amount x", "id amount")).toBe(false);
    expect(wordsAre("id", "id amount")).toBe(false);
    expect(wordsAre("id amount", "id amount ")).toBe(false);
    expect(wordsAre("", "")).toBe(true);
    expect(wordsAre("   ", "")).toBe(true);
  });
});
