import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { capturedCase } from "../corpus.ts";

describe("a quoted value after a key is no error code", () => {
  it("keeps a log of alike JSON records one kind, so its rare record shows (fresh10 capture, shrunk)", async () => {
    // A real Read of 400 NDJSON controller events, shrunk to half by the robustness bench
    // (bench/corpus/facts/variants.ts): `"valve": "V125",` was read as an error code, as
    // `[SC3054]` is, and lines of two codes never share a kind, so the valve_cycle records
    // made a kind per valve and the one pressure alarm was not told apart from them.
    const { text, must, hints } = await capturedCase("fresh10", "read-controller-ndjson-f10");
    const v = makeVariant(text, must, "shrunk");
    if (!("text" in v)) throw new Error(v.skip);
    const { compressText } = await import("../../../../src/compress/compress-text.ts");
    const { excerptBudget } = await import("../../../../src/compress/excerpt/budget.ts");
    const { defaults } = await import("../../../../src/config/schema.ts");
    const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
    for (const fact of must) expect(e.text).toContain(fact);
  });
});
