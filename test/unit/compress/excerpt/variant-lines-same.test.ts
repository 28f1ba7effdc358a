import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { variantLines } from "../../../../src/compress/excerpt/variant-lines.ts";
import { variantLines as asItWas } from "./variant-lines-as-it-was.ts";

// variantLines reads each line against the sampled form and builds the forms of the few that
// may vary it only: it must find what it found building every line's form.
describe("variantLines read against the sampled form", () => {
  const token = fc.constantFrom(
    ...[
      "migrating",
      "batch",
      "rows",
      "ok",
      "okay",
      "done",
      "fix:",
      "(x)",
      "[1]",
      "12",
      "a/b",
      "w",
      "\u0000",
      "x\u0000",
    ],
  );
  const blank = fc.constantFrom(" ", "  ", "\t", " \t");
  const line = fc
    .array(fc.tuple(token, blank), { maxLength: 8 })
    .map((ts) => ts.map(([t, b]) => t + b).join(""));
  const usual = (k: number) => `migrating batch ${k} rows ${k * 7} ok`;
  // A line of the usual form with one token in place of another, or tokens added: a variant or not.
  const near = fc
    .tuple(fc.nat(5), token, fc.array(token, { maxLength: 3 }), fc.boolean())
    .map(([at, t, more, swap]) => {
      const ts = usual(3).split(" ");
      if (swap) ts[at] = t;
      return [...ts, ...(swap ? [] : [t, ...more])].join(" ");
    });
  let found = 0;

  it("finds the same lines where most lines take one form and the rest are any", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 400 }),
        fc.array(fc.tuple(fc.nat(), fc.oneof(line, near)), { maxLength: 60 }),
        fc.func(fc.boolean()),
        (n, odd, skipSeed) => {
          const lines = Array.from({ length: n }, (_, k) => usual(k));
          for (const [at, l] of odd) lines[at % n] = l;
          const skipped = lines.map((_, i) => i % 17 === 0 && skipSeed(i));
          const skip = (i: number) => skipped[i]!;
          const was = asItWas(lines, skip);
          if (was.length > 0) found++;
          expect(variantLines(lines, skip)).toEqual(was);
        },
      ),
      { numRuns: 3000 },
    );
    // The variants were there to be found, not only their absence.
    expect(found).toBeGreaterThan(300);
  });

  it("finds the same lines where no form or another one dominates", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 20, maxLength: 300 }), (lines) => {
        expect(variantLines(lines, () => false)).toEqual(asItWas(lines, () => false));
      }),
      { numRuns: 2000 },
    );
  });
});
