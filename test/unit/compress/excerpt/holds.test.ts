import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holds } from "../../../../src/compress/excerpt/signs.ts";

// Detection's gates ask holds() where they asked text.includes(): it looks for a word by
// its rarest part first, and must answer as includes does, for every word and text.

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8"));

describe("holds", () => {
  it("answers as includes for the detectors' words and pieces of the real outputs", () => {
    const words = [" RUN ", "  error  ", "error TS", "crates.io", "npm ERR! ", "--- FAIL: ", "packages", "─"];
    let found = 0;
    for (const text of outputs) {
      const pieces = [0.1, 0.5, 0.9].flatMap((at) => {
        const k = Math.floor(text.length * at);
        return [
          text.slice(k, k + 3),
          text.slice(k, k + 12),
          ` ${text.slice(k, k + 6)}`,
          text.slice(k, k + 30),
        ];
      });
      for (const word of [...words, ...pieces]) {
        expect(holds(text, word), JSON.stringify(word)).toBe(text.includes(word));
        if (text.includes(word)) found++;
      }
    }
    expect(found).toBeGreaterThan(outputs.length * 6);
  });
  it("answers as includes for random words over a small alphabet (blanks, a capital, a mark, a letter, a non-ASCII one)", () => {
    const alphabet = fc.constantFrom(..." aE.ℹ");
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, maxLength: 40 }),
        fc.string({ unit: alphabet, maxLength: 5 }),
        (text, word) => holds(text, word) === text.includes(word),
      ),
      { numRuns: 30_000 },
    );
  });
});
