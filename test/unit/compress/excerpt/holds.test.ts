import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forgetPairs, holds } from "../../../../src/compress/excerpt/signs.ts";

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
  it("answers as includes over long texts asked in turn, read into their pairs of characters (ASCII and not, folded alike)", () => {
    // Texts of 2,048 characters or more are read once into a table of the pairs they hold;
    // a text repeated from a few characters lacks most pairs, so words are turned away by it.
    // 'ţ' (0x163) and 'Ā' (0x100) fold onto 'c' and NUL: the table must not tell them apart from what they fold onto wrongly.
    const alphabet = fc.constantFrom(..." aEcĀţ.ℹ");
    const long = fc
      .tuple(
        fc.string({ unit: alphabet, maxLength: 3 }),
        fc.string({ unit: alphabet, minLength: 1, maxLength: 6 }),
        fc.string({ unit: alphabet, maxLength: 8 }),
      )
      .map(([head, base, tail]) => head + base.repeat(Math.ceil(2048 / base.length)) + tail);
    fc.assert(
      fc.property(
        long,
        long,
        fc.array(fc.string({ unit: alphabet, minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        (a, b, words) => {
          forgetPairs();
          // The first and last characters of each text too: a pair read at either end only.
          const ends = [a.slice(0, 3), b.slice(0, 2), a.slice(-3), b.slice(-2)];
          return [...words, ...ends].every(
            (w) => holds(a, w) === a.includes(w) && holds(b, w) === b.includes(w),
          );
        },
      ),
      { numRuns: 3_000 },
    );
  });
  it("answers as includes for texts about the size of the buffer their bytes are copied into, every pair and run of three to the last", () => {
    // Samples are copied into one 32 KB buffer, a longer text into one of its own: every pair
    // is read, to the last, on either side of that size, after a longer text as after a shorter.
    const all = outputs.join("\n");
    for (const size of [40_000, 32_769, 32_768, 32_767, 3_000, 32_768, 2_048]) {
      const text = all.slice(0, size - 2) + (size === 40_000 ? "ZQ" : "QZ");
      // Runs of three too, to the last (read into their own table).
      const words = [
        "ZQ",
        "QZ",
        text.slice(-3),
        text.slice(0, 3),
        all.slice(size, size + 3),
        text.slice(-2),
        text.slice(0, 2),
        text.slice(size >> 1, (size >> 1) + 2),
        all.slice(size, size + 2),
      ];
      for (const w of words) expect(holds(text, w), `${size} ${JSON.stringify(w)}`).toBe(text.includes(w));
    }
  });
});
