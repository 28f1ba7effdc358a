import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { numberIn } from "../../../../src/compress/excerpt/fields.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { capturedCase } from "../corpus.ts";

describe("a number whose unit starts with the micro sign", () => {
  it("keeps the slowest of a Go service's µs durations (fresh12 capture, grown 2x)", async () => {
    // A real `kubectl logs --since=1h` of sock-shop's catalogue (replayed from holmesgpt's
    // fixtures): 100 health calls, `took=25.103µs` to `took=132.986µs`. Grown past its 8 KB
    // by the robustness bench, the slowest call was cut: `132.986µs` was read as no number,
    // so `took` was no field of numbers and nothing stood far above the rest.
    const { text, must, hints } = await capturedCase("fresh12", "kubectl-logs-catalogue-hour-f12");
    const v = makeVariant(text, must, "grown2x");
    if (!("text" in v)) throw new Error(v.skip);
    const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
    expect(e.text.length).toBeLessThan(v.text.length / 2);
    expect(e.text).toContain("took=132.986µs");
  });

  it("reads µs in thousandths of the unit without it, beside ms", () => {
    const at = (s: string) => numberIn(s, 0, s.length);
    expect(at("took=40µs")).toBeCloseTo(0.04);
    expect(at("took=132.986µs")).toBeCloseTo(0.132986);
    expect(at("took=1.2ms")).toBeCloseTo(1.2);
    expect(at("took=5μs")).toBeCloseTo(0.005);
    expect(at("28M")).toBe(28 * 1024 ** 2);
  });
});
