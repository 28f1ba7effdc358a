import { describe, expect, it } from "vitest";
import { loadCorpus as loadBench, modelView } from "../../../../bench/corpus/corpus.ts";
import { traceCount } from "../../../../src/compress/excerpt/traces.ts";
import { loadCorpus, readText } from "../corpus.ts";
import { traceCount as asItWas } from "./trace-count-as-it-was.ts";

// traceCount passes a line whose first character opens none of its patterns without
// trying them: it must count the traces it counted trying each on every line.
describe("traceCount with a first-character gate", () => {
  it("counts the same traces in every real output of both corpora, whole and from each tenth on", () => {
    let traces = 0;
    const texts = [...loadCorpus().map(readText), ...loadBench().map((e) => modelView(e))];
    for (const text of texts) {
      const lines = text.split("\n");
      for (let from = 0; from < lines.length; from += Math.max(1, Math.floor(lines.length / 10))) {
        const was = asItWas(lines, from, lines.length - 1);
        traces += was;
        expect(traceCount(lines, from, lines.length - 1)).toBe(was);
      }
    }
    expect(traces).toBeGreaterThan(100);
  });

  it("counts the same behind every first code unit, before each pattern's lines", () => {
    const opened = [
      "Traceback (most recent call last):",
      "During handling of the above exception, another exception occurred:",
      "The above exception was the direct cause of the following exception:",
      "panic: boom",
      "fatal error: all goroutines are asleep",
      "thread 'main' panicked at src/main.rs:2:5:",
      "    at f (a.js:1:2)",
      "\tat g (b.js:3:4)",
    ];
    for (let c = 0; c < 0x10000; c += c < 0x3100 ? 1 : 7) {
      const ch = String.fromCharCode(c);
      const lines = opened.flatMap((l) => [`${ch}${l}`, l, `${ch}${l}`, `${ch}`]);
      expect(traceCount(lines, 0, lines.length - 1), c.toString(16)).toBe(
        asItWas(lines, 0, lines.length - 1),
      );
    }
  });
});
