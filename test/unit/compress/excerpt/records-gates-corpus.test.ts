import { describe, expect, it } from "vitest";
import { loadCorpus as benchCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { docOf, forgetDoc } from "../../../../src/compress/excerpt/doc.ts";
import { recordAround, recordOfPeriod } from "../../../../src/compress/excerpt/records.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { loadCorpus, readText } from "../corpus.ts";
import * as asItWas from "./records-as-it-was.ts";

// recordAround reads no line around one of an output that holds no blank line, and
// recordOfPeriod none above one where no kind of line recurs at a period: on every line of
// the real outputs (the bench's corpus and the tests'), each must find the record it found.
describe("records told none at once", () => {
  const outputs = [...benchCorpus().map((e) => modelView(e)), ...loadCorpus().map((e) => readText(e))];

  it("finds the same record around and by period for every line", () => {
    let lines = 0;
    let around = 0;
    let byPeriod = 0;
    let noBlank = 0;
    for (const text of outputs) {
      forgetDoc();
      const doc = docOf(text);
      const t = templatesOf(doc, () => false);
      if (!doc.lines.some((l) => l.trim() === "")) noBlank++;
      for (let i = 0; i < doc.lines.length; i++) {
        const was = asItWas.recordAround(doc.lines, i);
        const period = asItWas.recordOfPeriod(t, doc.lines, i);
        if (was) around++;
        if (period) byPeriod++;
        lines++;
        expect(recordAround(doc.lines, i)).toEqual(was);
        expect(recordOfPeriod(t, doc.lines, i)).toEqual(period);
      }
    }
    expect(lines).toBeGreaterThan(100_000);
    // Records of both layouts were there to be found, and outputs with no blank line.
    expect(around).toBeGreaterThan(100);
    expect(byPeriod).toBeGreaterThan(100);
    expect(noBlank).toBeGreaterThan(50);
  });

  it("finds records bounded by an output's start and end", () => {
    // Two blocks of three, the first from the start, the last to the end: a blank line between.
    const lines = ["a: 1", "b: 2", "c: 3", "", "a: 4", "b: 5", "c: 6"];
    for (let i = 0; i < lines.length; i++)
      expect(recordAround(lines, i)).toEqual(asItWas.recordAround(lines, i));
    expect(recordAround(lines, 1)).toEqual([0, 2]);
    // One block with no blank line: no record.
    expect(recordAround(["a: 1", "b: 2", "c: 3"], 1)).toBeUndefined();
  });
});
