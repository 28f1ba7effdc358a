import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleOf } from "../../../../src/compress/excerpt/doc.ts";
import { lastLinesText } from "../../../../src/compress/excerpt/traces.ts";

// lastLinesText finds the newlines from the start and keeps the last n places; it must
// give what n searches back from the end gave (the function as it stood, copied).
function searchingBack(text: string, n: number): string {
  let at = text.length;
  for (let k = 0; k < n && at > 0; k++) at = text.lastIndexOf("\n", at - 1);
  return at > 0 ? text.slice(at + 1) : text;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8"));

describe("lastLinesText", () => {
  it("gives what searching back gives, for every fixture output and its sample, 400 lines and others", () => {
    let cut = 0;
    for (const text of outputs)
      for (const t of [text, sampleOf(text), `\n${text}`, `${text}\n`])
        for (const n of [400, 1, 2, 7, 399, 401]) {
          const got = lastLinesText(t, n);
          expect(got).toBe(searchingBack(t, n));
          if (got !== t) cut++;
        }
    expect(cut).toBeGreaterThan(100);
  });
  it("gives it for texts of newlines, a newline first, empty lines at the end, and any n", () =>
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("\n", "a", "bc", "\r\n", "\n\n")),
        fc.integer({ min: 0, max: 12 }),
        (parts, n) => {
          const text = parts.join("");
          expect(lastLinesText(text, n)).toBe(searchingBack(text, n));
        },
      ),
      { numRuns: 30_000 },
    ));
});
