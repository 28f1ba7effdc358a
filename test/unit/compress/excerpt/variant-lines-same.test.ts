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
    .tuple(fc.nat(5), token, fc.array(token, { maxLength: 22 }), fc.boolean())
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
    // Drawn: about 1,749 of 3,000 draws find variants (binomial sd about 27): 300 is far below.
    expect(found).toBeGreaterThan(300);
  });

  it("finds the same lines where the sampled form holds half of the lines, or another form does", () => {
    // Half the lines of the usual form, the rest of another (a sample finds either the most):
    // the first form to hold half dominates, and its variant is found.
    let found = 0;
    for (const n of [200, 400, 600]) {
      const lines = Array.from({ length: n }, (_, k) => (k % 2 ? usual(k) : `copied ${k} files to ${k}`));
      for (const at of [2, 40, 78, 120]) lines[at] = `migrating batch ${at} rows 21 done`;
      for (const list of [lines, [...lines.slice(1), lines[0]!], lines.map((_, k) => lines[(k + 7) % n]!)]) {
        const was = asItWas(list, () => false);
        if (was.length > 0) found++;
        expect(variantLines(list, () => false)).toEqual(was);
      }
    }
    // A short output (under 128 lines) is read whole at once: its form holding half is found too.
    for (const n of [40, 41, 42, 100]) {
      const lines = Array.from({ length: n }, (_, k) => (k % 2 ? usual(k) : `copied ${k} files to ${k}`));
      for (const at of [2, 10]) lines[at] = `migrating batch ${at} rows 21 done`;
      for (const list of [lines, [...lines.slice(1), lines[0]!]]) {
        const was = asItWas(list, () => false);
        if (was.length > 0) found++;
        expect(variantLines(list, () => false)).toEqual(was);
      }
    }
    expect(found).toBeGreaterThan(1);
    // Words added past TOKENS in all make no form, however few the form's own.
    for (const added of [17, 18, 19, 20]) {
      const lines = Array.from({ length: 300 }, (_, k) => usual(k));
      lines[150] = `${usual(150)}${" done".repeat(added)}`;
      expect(variantLines(lines, () => false)).toEqual(asItWas(lines, () => false));
    }
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
