import { describe, expect, it } from "vitest";
import { loadCorpus as benchCorpus, modelView } from "../../../../../bench/corpus/corpus.ts";
import { docOf, forgetDoc } from "../../../../../src/compress/excerpt/doc.ts";
import {
  barCells,
  spansOf,
  splitAligned,
  splitBySpans,
  splitDelimited,
} from "../../../../../src/compress/excerpt/rare.ts";
import { titled } from "../../../../../src/compress/kinds/table/titled.ts";
import { loadCorpus, readText } from "../../corpus.ts";
import * as asItWas from "./titled-as-it-was.ts";

// titled splits a row holding no quote only where its text holds a title, and stops at the
// first title held twice: on every real output (the bench's corpus and the tests'), split
// every way the table kind splits rows, it must answer as the version that split each row.
describe("titled told from the rows that may hold a title", () => {
  const outputs = [...benchCorpus().map((e) => modelView(e)), ...loadCorpus().map((e) => readText(e))];
  const splits: ((line: string) => string[])[] = [
    (l) => splitDelimited(l, ","),
    (l) => splitDelimited(l, "\t"),
    (l) => barCells(l, "|"),
    (l) => barCells(l, "│"),
    splitAligned,
  ];

  it("answers as splitting every row did, for every splitter, on every output", () => {
    let asked = 0;
    let untitled = 0;
    const differ: string[] = [];
    for (const text of outputs) {
      forgetDoc();
      const { lines } = docOf(text);
      const rule = lines.findIndex((l) => /^[\s+|]*-{2,}(?:[\s+|]+-{2,})+[\s+|]*$/.test(l));
      const all = rule >= 0 ? [...splits, (l: string) => splitBySpans(l, spansOf(lines[rule]!))] : splits;
      for (const split of all) {
        asked++;
        const was = asItWas.titled(lines, 0, split);
        if (!was) untitled++;
        if (titled(lines, 0, split) !== was) differ.push(text.slice(0, 80));
      }
    }
    expect(differ).toEqual([]);
    expect(asked).toBeGreaterThan(1000);
    // Both answers were there to be given.
    expect(untitled).toBeGreaterThan(50);
  });

  it("splits a row holding a quote, whose cells are no part of it", () => {
    // `"ab"c` is the cell `abc`: the title is held by two rows though no row's text holds it.
    const lines = ["abc,n", '"ab"c,1', '"ab"c,2', "x,3"];
    const split = (l: string) => splitDelimited(l, ",");
    expect(asItWas.titled(lines, 0, split)).toBe(false);
    expect(titled(lines, 0, split)).toBe(false);
  });
});
