import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { docOf, forgetDoc } from "../../../../src/compress/excerpt/doc.ts";
import { sanitizerFrames } from "../../../../src/compress/excerpt/sanitizer-frames.ts";
import { fixtureTexts } from "../corpus.ts";

// sanitizerFrames searched each line for a sanitizer's name and main's frame; given the
// lines' text (Doc.source) it looks for them along the text first, and where the text holds
// none it reads no line. It must find what reading every line finds (no source given: the
// reading as it was at 6cdc51d1), on every real output, and on each with a sanitizer's
// words put in so that the search along the text finds them.
const texts = [...loadCorpus().map((e) => modelView(e)), ...fixtureTexts().map(({ text }) => text)];

describe("sanitizerFrames given the lines' text", () => {
  it("finds what reading each line finds, on every corpus output and fixture", () => {
    let withSource = 0;
    let found = 0;
    for (const text of texts) {
      for (const t of [
        text,
        `==1==ERROR: AddressSanitizer: x\n${text}`,
        `${text}\n    #3 0x1 in main src/main.c:9`,
      ]) {
        forgetDoc();
        const doc = docOf(t);
        if (doc.source === undefined) continue;
        withSource++;
        const read = sanitizerFrames(doc.lines);
        expect(sanitizerFrames(doc.lines, doc.source)).toEqual(read);
        if (read.length > 0) found++;
      }
    }
    expect(withSource).toBeGreaterThan(texts.length);
    expect(found).toBeGreaterThan(0);
  });
});
