import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { variantLines } from "../../../../src/compress/excerpt/variant-lines.ts";
import { variantLines as asItWas } from "./variant-lines-as-it-was.ts";

// variantLines stops reading hashes once no form can hold half of the lines, and finds the
// sampled form by hashes with only that form built: on real outputs, whole and cut at
// lengths that take each path (a short output read whole, a sample, a form holding half or
// not), with lines skipped or not, it must find what building every line's form found.
describe("variantLines on the corpus's outputs", () => {
  const outputs = loadCorpus()
    .map((e) => modelView(e).split("\n"))
    .filter((lines) => lines.length >= 20);
  // Cuts: under 2 samples (read whole), just over, and the whole output.
  const cuts = (lines: string[]) => [40, 100, 127, 128, 300, lines.length].filter((n) => n <= lines.length);
  const skips: ((i: number) => boolean)[] = [() => false, (i) => i % 7 === 3, (i) => i % 2 === 0];

  it("finds the same lines as building every line's form", () => {
    let calls = 0;
    let found = 0;
    for (const lines of outputs)
      for (const n of cuts(lines)) {
        const cut = lines.slice(0, n);
        for (const skip of skips) {
          const was = asItWas(cut, skip);
          if (was.length > 0) found++;
          calls++;
          expect(variantLines(cut, skip)).toEqual(was);
        }
      }
    expect(calls).toBeGreaterThan(1000);
    // The variants were there to be found, not only their absence.
    expect(found).toBeGreaterThan(20);
  });
});
