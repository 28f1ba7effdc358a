import { describe, expect, it } from "vitest";
import { intentLines } from "../../../../src/compress/excerpt/intent.ts";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { loadCorpus, readText } from "../corpus.ts";

/**
 * The lines are lowered once an output to seek an intent's words in (intent.ts): from the
 * text they were split from when the engine gives it (a Doc's source), else
 * joined again. Which lines hold the words must not change with it.
 */
describe("the lines lowered from the text they were split from", () => {
  it("hold the same words as the lines joined again, in every captured output", () => {
    let read = 0;
    let held = 0;
    for (const e of loadCorpus()) {
      const doc = docOf(readText(e));
      if (doc.source === undefined || doc.lines.length < 100) continue;
      read++;
      // The words of its last line and of one in its middle, as an error's or an agent's.
      for (const said of [doc.lines.at(-1), doc.lines[doc.lines.length >> 1]]) {
        const joined = intentLines(doc.lines.slice(), said, () => true, 0.05);
        if (joined.length > 0) held++;
        expect(
          intentLines(doc.lines.slice(), said, () => true, 0.05, doc.source),
          e.file,
        ).toEqual(joined);
      }
    }
    expect(read).toBeGreaterThan(20);
    expect(held).toBeGreaterThan(10);
  });

  it("are joined again where a line is too long to be read (it stands empty in the text)", () => {
    const lines = [
      ...Array.from({ length: 150 }, (_, i) => `step ${i} done`),
      `x${"proj ".repeat(500)}`,
      "proj missing",
    ];
    const joined = intentLines(lines.slice(), "proj", () => true, 0.05);
    expect(intentLines(lines.slice(), "proj", () => true, 0.05, lines.join("\n"))).toEqual(joined);
    expect(joined).toEqual([151]);
  });
});
