import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { isSummary } from "../../../../src/compress/excerpt/signals.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { capturedCase } from "../corpus.ts";

describe("a checker's count of what it checked", () => {
  // `biome lint legacy/` (fresh3) with half its diagnostics' lines dropped by the robustness
  // bench: `Checked 13 files in 54ms. No fixes applied.` stood seventh from the end, past
  // the tail kept, and nothing read it as a summary, as `Found 240 errors.` is read.
  it("is a summary, kept wherever it stands (biome lint, shrunk)", async () => {
    const { text, must, hints } = await capturedCase("fresh3", "biome-lint-legacy");
    const v = makeVariant(text, must, "shrunk");
    if (!("text" in v)) throw new Error(v.skip);
    const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
    expect(e.text).toContain("Checked 13 files in 54ms. No fixes applied.");
  });

  it("reads `Checked N files` as a summary, not a word alone", () => {
    expect(isSummary("Checked 13 files in 54ms. No fixes applied.")).toBe(true);
    expect(isSummary("Checked 1 file in 2ms. Fixed 1 file.")).toBe(true);
    expect(isSummary("checked out the branch")).toBe(false);
  });
});
