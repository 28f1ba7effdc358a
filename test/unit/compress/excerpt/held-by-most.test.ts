import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { heldByMost } from "../../../../src/compress/excerpt/held-by-most.ts";

// heldByMost counted every member's line in a table; it now counts only the line a
// majority vote leaves, and must answer as the table did.
function byTable(lines: readonly string[], members: readonly number[]): number {
  if (members.length < 3) return -1;
  const counts = new Map<string, number>();
  for (const k of members) counts.set(lines[k]!, (counts.get(lines[k]!) ?? 0) + 1);
  for (const k of members) if (counts.get(lines[k]!)! * 3 >= members.length * 2) return k;
  return -1;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("heldByMost", () => {
  it("answers as the table did for every fixture output, its lines in runs of 3 to 30", () => {
    let held = 0;
    for (const lines of outputs)
      for (let from = 0; from < lines.length; from += 3) {
        const members = Array.from(
          { length: Math.min(3 + (from % 28), lines.length - from) },
          (_, k) => from + k,
        );
        const at = heldByMost(lines, members);
        expect(at).toBe(byTable(lines, members));
        if (at >= 0) held++;
      }
    expect(held).toBeGreaterThan(10);
  });
  it("answers so for random members of lines said again, near two thirds and half of them", () => {
    const line = fc.oneof(
      { arbitrary: fc.constant("by 0x10939F: main (matrix.c:36)"), weight: 6 },
      { arbitrary: fc.constantFrom("at f (a.js:1)", "at g (a.js:2)", ""), weight: 3 },
      { arbitrary: fc.string({ unit: fc.constantFrom("a", "b", " "), maxLength: 2 }), weight: 1 },
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(39), { maxLength: 40 }),
        (lines, picked) => {
          const members = [...new Set(picked.filter((k) => k < lines.length))].sort((a, b) => a - b);
          expect(heldByMost(lines, members)).toBe(byTable(lines, members));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
