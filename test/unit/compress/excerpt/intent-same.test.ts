import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { intentLines } from "../../../../src/compress/excerpt/intent.ts";
import { loadCorpus, readText } from "../corpus.ts";
import { intentLines as asItWas } from "./intent-as-it-was.ts";

// intentLines asks which lines may count only as far as its decisions need (how many count
// is compared with a share of them, never used whole): it must choose the lines it chose
// asking every line first.
describe("intentLines with the lines that count asked lazily", () => {
  const word = fc.constantFrom(
    ...["queue", "queues", "Queue", "pods", "PodScheduled", "error", "errors", "fail", "failures", "config"],
    ...["configuration", "retry", "parseRetryAfter", "a/b.ts", "v1.2", "İstanbul", "x".repeat(2100), ""],
    // A word's part from its rarest letter on, without the part before (`rror` of `error`).
    ...["rror", "mirrors", "onfig", "ueue"],
  );
  const line = fc.array(word, { maxLength: 6 }).map((ws) => ws.join(" "));
  const intent = fc.array(word, { minLength: 1, maxLength: 5 }).map((ws) => ws.join(" "));
  const most = fc.constantFrom(0.01, 0.05, 0.12, 0.3, 1);
  let found = 0;

  it("chooses the same lines of made-up outputs, whatever the candidates and share", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 300 }),
        intent,
        fc.func(fc.boolean()),
        most,
        (lines, said, pick, share) => {
          const picked = lines.map((_, i) => pick(i));
          const candidates = (i: number) => picked[i]!;
          const was = asItWas(lines, said, candidates, share);
          if (was.length > 0) found++;
          expect(intentLines(lines, said, candidates, share)).toEqual(was);
        },
      ),
      { numRuns: 2000 },
    );
    // Drawn: about 218 of 2,000 draws choose lines (binomial sd about 14): 100 is 8 deviations down.
    expect(found).toBeGreaterThan(100);
  });

  it("chooses the same lines of real outputs, their own lines as the intent (stopped-by.ts)", () => {
    let chosen = 0;
    for (const e of loadCorpus()) {
      const lines = readText(e).split("\n");
      if (lines.length < 50) continue;
      const candidates = (i: number) => i % 7 !== 3 && lines[i]!.trim() !== "";
      for (const at of [1, lines.length >> 1, lines.length - 2]) {
        for (const share of [0.01, 0.12]) {
          const was = asItWas(lines, lines[at], candidates, share);
          chosen += was.length;
          expect(intentLines(lines, lines[at], candidates, share), `${e.file} line ${at}`).toEqual(was);
        }
      }
      const was = asItWas(lines, e.command, candidates);
      expect(intentLines(lines, e.command, candidates), e.file).toEqual(was);
    }
    expect(chosen).toBeGreaterThan(100);
  });

  it("asks a long output's candidates about few lines where the intent's words are rare", () => {
    const lines = Array.from({ length: 5000 }, (_, k) => `worker ${k} finished batch ${k * 3}`);
    lines[4200] = "worker 4200 lost its queue connection";
    let asked = 0;
    const candidates = () => {
      asked++;
      return true;
    };
    expect(intentLines(lines, "Find why the queue stalled", candidates)).toEqual([4200]);
    // One line's share (9 lines) and the line found, not 5000.
    expect(asked).toBeLessThan(50);
  });
});
