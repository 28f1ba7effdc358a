import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { capturedCase } from "../../corpus.ts";

describe("a C function whose return type a macro wraps", () => {
  it("is in the outline of code shown by sed -n (fresh23 capture, grown 2x and 4x)", async () => {
    // A real `sed -n '1180,1620p' cJSON.c`: its API functions are defined as
    // `CJSON_PUBLIC(char *) cJSON_Print(const cJSON *item)`. The original (11 KB) passes
    // whole; grown past the threshold, its outline listed only the `static` functions: the
    // macro's parentheses before the name were read as no return type.
    const { text, must, hints } = await capturedCase("fresh23", "sed-n-cjson-print-f23");
    for (const kind of ["grown2x", "grown4x"] as const) {
      const v = makeVariant(text, must, kind);
      if (!("text" in v)) throw new Error(v.skip);
      const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
      expect(e.text.length).toBeLessThan(v.text.length / 2);
      for (const f of must) expect(e.text, `${kind}: ${f}`).toContain(f);
    }
  });
});
