import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { heldByMost } from "../../../../src/compress/excerpt/held-by-most.ts";

// heldByMost leaves once the vote's count shows no line can be said by two thirds of the
// members; it must answer as counting the candidate does. This is that count as it stood.
function counted(lines: readonly string[], members: readonly number[]): number {
  if (members.length < 3) return -1;
  let candidate: string | undefined;
  let lead = 0;
  for (const k of members) {
    if (lead === 0) {
      candidate = lines[k];
      lead = 1;
    } else if (lines[k] === candidate) lead++;
    else lead--;
  }
  let count = 0;
  let first = -1;
  for (const k of members)
    if (lines[k] === candidate) {
      count++;
      if (first < 0) first = k;
    }
  return count * 3 >= members.length * 2 ? first : -1;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("heldByMost's bound", () => {
  it("answers as counting for every fixture output's lines, every one and every 2nd to 5th", () => {
    for (const lines of outputs)
      for (let step = 1; step <= 5; step++) {
        const members = lines.map((_, i) => i).filter((i) => i % step === 0);
        expect(heldByMost(lines, members)).toBe(counted(lines, members));
      }
  });
  it("answers so for members of a few lines, one said by about two thirds of them", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }), fc.nat(3), (picks, few) => {
        const lines = ["a", "b", "c", "d"];
        const members = picks.map((p) => (p < 6 ? 0 : 1 + (p % (few + 1))));
        expect(heldByMost(lines, members)).toBe(counted(lines, members));
      }),
      { numRuns: 30_000 },
    );
  });
});
