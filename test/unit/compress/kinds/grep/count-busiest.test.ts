import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { capturedCase } from "../../corpus.ts";

describe("a count of matches per file (grep -c, Grep's count mode)", () => {
  // Grep in count mode for eval( or new Function( over node_modules (fresh6, 56 files,
  // passed whole) grown to four times its lines by the robustness bench: every file was
  // kept alike as grep listed them, by path, so where room was short the files listed
  // last were cut, whatever their counts: two of the four busiest among them.
  it("keeps the busiest files where room is short, wherever grep listed them", async () => {
    const { text, must, hints } = await capturedCase("fresh6", "grep-tool-count-eval");
    const v = makeVariant(text, must, "grown4x");
    if (!("text" in v)) throw new Error(v.skip);
    const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
    expect(e.compressor).toBe("grep");
    expect(e.text.length).toBeLessThan(v.text.length * 0.6);
    for (const fact of [
      "SemanticContext.pyi:5",
      "node_modules/workerpool/dist/workerpool.js:4",
      "node_modules/source-map-support/source-map-support.js:4",
      "node_modules/@types/node/vm.d.ts:4",
    ])
      expect(e.text).toContain(fact);
  });
});
