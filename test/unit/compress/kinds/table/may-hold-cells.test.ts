import { describe, expect, it } from "vitest";
import { loadCorpus as loadBench, modelView } from "../../../../../bench/corpus/corpus.ts";
import { mayHoldCells } from "../../../../../src/compress/kinds/table/detect.ts";
import { loadCorpus, readText } from "../../corpus.ts";

// The table detector's first question, asked by native searches before its regex: it must
// answer as the regex it stood for did.
const CELLS = /[,\t|│]|\S {2,}\S/;

describe("mayHoldCells", () => {
  it("answers as the regex of the first 4000 characters of every real output, and of each from its middle", () => {
    let held = 0;
    let not = 0;
    for (const text of [...loadCorpus().map(readText), ...loadBench().map((e) => modelView(e))])
      for (const part of [text.slice(0, 4000), text.slice(text.length >> 1, (text.length >> 1) + 200)]) {
        const was = CELLS.test(part);
        expect(mayHoldCells(part)).toBe(was);
        if (was) held++;
        else not++;
      }
    expect(held).toBeGreaterThan(100);
    expect(not).toBeGreaterThan(20);
  });

  it("answers so with every code unit beside two blanks or more", () => {
    for (let c = 0; c < 0x10000; c += c < 0x3100 ? 1 : 7) {
      const ch = String.fromCharCode(c);
      for (const text of [
        `${ch}  x`,
        `x  ${ch}`,
        `${ch}   ${ch}`,
        `a ${ch} b`,
        `${ch}`,
        ` ${ch}  `,
        `ab${ch}cd`,
      ])
        expect(mayHoldCells(text), `${c.toString(16)} ${JSON.stringify(text)}`).toBe(CELLS.test(text));
    }
  });
});
