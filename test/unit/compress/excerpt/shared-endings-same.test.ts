import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCorpus as loadBench, modelView } from "../../../../bench/corpus/corpus.ts";
import { sharedEndings } from "../../../../src/compress/excerpt/shared-endings.ts";
import { loadCorpus, readText } from "../corpus.ts";
import { sharedEndings as asItWas } from "./shared-endings-as-it-was.ts";

// sharedEndings counts the first few endings asked by a pass each, comparing each where a
// line ends, before it makes every line's ending: it must answer as counting every ending does.
describe("sharedEndings counting a few asked endings by a pass each", () => {
  const answers = (
    lines: string[],
    keep: (i: number) => boolean,
    size: (i: number) => number,
    asked: number[],
  ) => {
    const now = sharedEndings(lines, keep, size);
    const was = asItWas(lines, keep, size);
    return asked.map((i) => [now(i), was(i)]);
  };

  it("answers the same of real outputs, a few lines asked and every line asked", () => {
    const texts = [...loadCorpus().map(readText), ...loadBench().map((e) => modelView(e))];
    let shared = 0;
    for (const text of texts) {
      const lines = text.split("\n").slice(0, 3000);
      const keep = (i: number) => i % 11 !== 5;
      const size = (i: number) => (i % 7) + 1;
      // The last lines (few distinct endings: the passes), then every line (past them: the map).
      const few = [lines.length - 1, lines.length - 2, lines.length - 1, 0].filter((i) => i >= 0);
      // The last ten lines (up to eight endings: a pass each, past them the map).
      const some = lines.slice(-10).map((_, k) => lines.length - 1 - k);
      for (const asked of [few, some, lines.map((_, i) => i)])
        for (const [now, was] of answers(lines, keep, size, asked)) {
          expect(now).toBe(was);
          if (was) shared++;
        }
    }
    expect(shared).toBeGreaterThan(1000);
  });

  it("answers the same of lines alike but for blanks at their end and a word at their start", () => {
    const blank = fc.constantFrom(" ", "\t", "\u00a0", "\u2028", "\u3000", "\ufeff", "\r");
    // Endings of three words, most alike; a first word or none (an ending at the line's start).
    const word = fc.constantFrom("ok", "ok", "ok", "ok", "ok", "ok", "x", "heap");
    const line = fc
      .tuple(fc.constantFrom("", "a ", "b c ", " "), word, word, word, fc.array(blank, { maxLength: 2 }))
      .map(([first, a, b, c, tail]) => `${first}${a} ${b} ${c}${tail.join("")}`);
    let shared = 0;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 80, size: "max" }),
        fc.array(fc.nat(79), { maxLength: 8 }),
        (lines, picks) => {
          const asked = picks.map((k) => k % lines.length);
          for (const [now, was] of answers(
            lines,
            (i) => i % 5 !== 1,
            () => 1,
            asked,
          )) {
            expect(now).toBe(was);
            if (was) shared++;
          }
        },
      ),
      { numRuns: 5000 },
    );
    // Drawn: about 1,775 shared endings in 5,000 draws (sd about 56 from the draws' spread): 50 is far below.
    expect(shared).toBeGreaterThan(50);
  });
});
