import { describe, expect, it } from "vitest";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { capturedCase } from "../corpus.ts";

/** The output with every other line that holds no fact left out: the same tool's output, half as long. */
function halved(text: string, facts: readonly string[]): string {
  let other = 0;
  return text
    .split("\n")
    .filter((line) => facts.some((f) => line.includes(f)) || other++ % 2 === 1)
    .join("\n");
}

describe("a line is cut at the same width in an output of any size", () => {
  it("keeps a 309-character panic line whole when its output is half as long (fresh6 capture)", async () => {
    // A real grep of a gateway's NDJSON log for responses that were not 200 (32 KB). Its
    // panic line is 309 characters: whole in the excerpt of the output, but cut at 300
    // (a sixth of the budget) in the excerpt of the same output with half its other lines
    // left out, which loses `(catalog-svc/handlers/variants.go:212)`.
    const { text, e, must, hints } = await capturedCase("fresh6", "grep-gateway-ndjson-non200");
    const panic = must.find((f) => f.startsWith("panic: "))!;
    expect(text.split("\n").find((l) => l.includes(panic))!.length).toBe(309);
    expect(e.text).toContain(panic);

    const half = halved(text, must);
    expect(half.length).toBeLessThan(text.length * 0.55);
    const small = compressText(half, hints, excerptBudget(defaults(), half.length));
    expect(small.text.length).toBeLessThan(half.length * 0.3);
    for (const fact of must) expect(small.text, fact).toContain(fact);
  });
});
