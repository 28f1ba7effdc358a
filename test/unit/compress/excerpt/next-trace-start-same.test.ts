import { describe, expect, it } from "vitest";
import { loadCorpus as loadBench, modelView } from "../../../../bench/corpus/corpus.ts";
import { nextTraceStart } from "../../../../src/compress/excerpt/traces.ts";
import { loadCorpus, readText } from "../corpus.ts";
import { nextTraceStart as asItWas } from "./next-trace-start-as-it-was.ts";

// nextTraceStart passes a line whose first character opens none of MAYBE_TRACE's
// alternatives and that holds no "Error: " without trying the expression: it must find the
// starts it found trying it on every line.
describe("nextTraceStart with a first-character gate", () => {
  it("finds the same start in every real output of both corpora, from each tenth on", () => {
    let found = 0;
    const texts = [...loadCorpus().map(readText), ...loadBench().map((e) => modelView(e))];
    for (const text of texts) {
      const lines = text.split("\n");
      for (let from = 0; from < lines.length; from += Math.max(1, Math.floor(lines.length / 10))) {
        const was = asItWas(lines, from);
        if (was >= 0) found++;
        expect(nextTraceStart(lines, from)).toBe(was);
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it("finds the same start behind every first code unit, before each alternative's lines", () => {
    const opened = [
      "Traceback (most recent call last):",
      "thread 'main' panicked at src/main.rs:2:5:",
      "panic: boom",
      "fatal error: all goroutines are asleep",
      'Exception in thread "main" java.lang.IllegalStateException: x',
      "Uncaught TypeError: x is not a function",
      "UnhandledPromiseRejection: x",
      "TypeError: x is not a function",
      "Error: boom",
      "During handling of the above exception, another exception occurred:",
      "Caused by: java.io.IOException: x",
      "[cause]: Error: y",
      "Suppressed: z",
      "    at f (a.js:1:2)",
      "    main.go:12 +0x1d",
    ];
    for (let c = 0; c < 0x10000; c += c < 0x3100 ? 1 : 7) {
      const ch = String.fromCharCode(c);
      for (const l of opened) {
        const lines = ["x", `${ch}${l}`, `${ch}x ${l}`, "  at g (b.js:3:4)", ch];
        expect(nextTraceStart(lines, 0), `${c.toString(16)} ${l}`).toBe(asItWas(lines, 0));
      }
    }
  });
});
