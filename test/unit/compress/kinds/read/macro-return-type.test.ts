import { describe, expect, it } from "vitest";
import { variantCase } from "../../corpus.ts";

describe("a C function whose return type a macro wraps", () => {
  it("is in the outline of code shown by sed -n (fresh23 capture, grown 2x and 4x)", async () => {
    // A real `sed -n '1180,1620p' cJSON.c`: its API functions are defined as
    // `CJSON_PUBLIC(char *) cJSON_Print(const cJSON *item)`. The original (11 KB) passes
    // whole; grown past the threshold, its outline listed only the `static` functions: the
    // macro's parentheses before the name were read as no return type.
    for (const kind of ["grown2x", "grown4x"] as const) {
      const { text, e, must } = await variantCase("fresh23", "sed-n-cjson-print-f23", kind);
      expect(e.text.length).toBeLessThan(text.length / 2);
      for (const f of must) expect(e.text, `${kind}: ${f}`).toContain(f);
    }
  });
});
