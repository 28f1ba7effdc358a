import { describe, expect, it } from "vitest";
import { sampleOf } from "../../../../../src/compress/excerpt/doc.ts";
import type { Hints } from "../../../../../src/compress/excerpt/types.ts";
import { traces } from "../../../../../src/compress/kinds/trace/detect.ts";
import { fixtureTexts } from "../../corpus.ts";

// chooseKind tells each detector the score it must beat; the trace detector answers 0 past
// its weak scores where the text holds no line a strong start may be. It must not change
// which detector wins: past any score, it beats it just when its whole score does, and by
// that score.
const BEATS = [0, 0.35, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85];

function sameWinner(text: string, hints: Hints): boolean {
  const score = traces.detect(text, hints);
  for (const beat of BEATS) {
    const told = traces.detect(text, hints, beat);
    if (told > beat !== score > beat || (told > beat && told !== score)) return false;
  }
  return true;
}

const outputs = fixtureTexts().map(({ file: f, text }) => ({ f, text: sampleOf(text) }));

describe("the trace detector told the score to beat", () => {
  it("beats each score just as its whole score does, in every fixture output, failing or not", () => {
    let strong = 0;
    for (const { f, text } of outputs)
      for (const exitCode of [0, 1]) {
        expect(sameWinner(text, { tool: "Bash", command: "x", exitCode }), f).toBe(true);
        if (traces.detect(text, { tool: "Bash", exitCode }) >= 0.75) strong++;
      }
    expect(strong).toBeGreaterThan(10);
  });

  it("beats them with each strong start after lines of another tool", () => {
    const starts = [
      "Traceback (most recent call last):",
      "thread 'main' panicked at src/main.rs:2:5:",
      "panic: boom",
      "fatal error: all goroutines are asleep - deadlock!",
      'Exception in thread "main" java.lang.IllegalStateException: x',
      "Uncaught TypeError: x is not a function",
      "Unhandled rejection Error: y",
      "node:internal/process/x.js:1\nTypeError: Cannot read properties of undefined",
      "RangeError: Maximum call stack size exceeded",
      "Error: ENOENT: no such file",
      "/home/dev/app/src/index.js:12",
      "file:///home/dev/app/src/index.mjs:7",
    ];
    const frames = "    at f (/home/dev/app/src/a.js:1:2)\n    at g (/home/dev/app/src/b.js:3:4)";
    for (const start of starts)
      for (const exitCode of [0, 1]) {
        const text = `| id | name |\n|----|------|\n| 1  | a    |\n${start}\n${frames}\n`;
        expect(traces.detect(text, { tool: "Bash", exitCode }), start).toBeGreaterThanOrEqual(0.75);
        expect(sameWinner(text, { tool: "Bash", exitCode }), start).toBe(true);
      }
  });
});
