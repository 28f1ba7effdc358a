import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RepeatedBlock, repeatedBlock } from "../../../../src/compress/excerpt/cycles.ts";

// repeatedBlock first looks for the run of lines each equal to the one a period above that
// a block repeated three times must make (by keys, then comparing), and hashes no line
// where none is. Its answer must be the one reading every line gave: this is that reading
// as it stood.
function everyLine(lines: readonly string[]): RepeatedBlock | undefined {
  const lastAt = new Map<string, number>();
  let best: RepeatedBlock | undefined;
  let bestLines = 0;
  let period = 0;
  let run = 0;
  const close = (end: number) => {
    const rounds = Math.floor(run / period) + 1;
    if (period > 0 && rounds >= 3 && rounds * period > bestLines) {
      const from = end - run - period;
      let chars = 0;
      for (let k = from; k < from + period; k++) chars += lines[k]!.length + 1;
      best = { from, to: from + period - 1, rounds, chars };
      bestLines = rounds * period;
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (period > 0 && line === lines[i - period]) run++;
    else {
      close(i);
      const prev = lastAt.get(line);
      period = prev !== undefined && i - prev >= 2 && i - prev <= 64 ? i - prev : 0;
      run = period > 0 ? 1 : 0;
    }
    lastAt.set(line, i);
  }
  close(lines.length);
  return best;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("repeatedBlock's keys", () => {
  it("find what reading every line found, for every fixture output, and each with a loop in it", () => {
    let found = 0;
    for (const lines of outputs) {
      expect(repeatedBlock(lines)).toEqual(everyLine(lines));
      // Three rounds exactly of a block of its lines, anywhere in it.
      for (const period of [2, 5, 17, 64]) {
        const at = Math.floor(lines.length / 3);
        const round = lines.slice(at, at + period);
        if (round.length < period) continue;
        const looped = [...lines.slice(0, at), ...round, ...round, ...round, ...lines.slice(at + period)];
        const block = repeatedBlock(looped);
        expect(block).toEqual(everyLine(looped));
        if (block) found++;
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it("find it in random lines of blocks, near repeats, blanks and lines alike but for a digit", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "",
        " ",
        "at a (x.js:1)",
        "at a (x.js:2)",
        "at b (x.js:1)",
        "[ 3%] build u1.o",
        "[ 6%] build u2.o",
      ),
      fc.integer({ min: 0, max: 9 }).map((k) => `line ${k} of the loop`),
    );
    const block = fc.tuple(fc.array(line, { minLength: 1, maxLength: 9 }), fc.integer({ min: 1, max: 5 }));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            line.map((l) => [l]),
            block.map(([b, k]) => Array.from({ length: k }, () => b).flat()),
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          const lines = parts.flat();
          expect(repeatedBlock(lines)).toEqual(everyLine(lines));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
