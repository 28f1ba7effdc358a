import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a source file's outline", () => {
  it("names the module's variables a language assigns without a keyword (fresh5 capture)", async () => {
    // A real Read of the first 900 lines of holmesgpt's prometheus toolset (Python). Its
    // constants (`MAX_QUERY_TIMEOUT_SECONDS = 180`) are its module variables, as `const` is
    // in TypeScript, but only a keyword made a top-level line a variable: the outline
    // showed every class field and no constant.
    const { text, e } = await capturedCase("fresh5", "read-prometheus-toolset");
    expect(e.compressor).toBe("read");
    for (const fact of [
      "DEFAULT_QUERY_TIMEOUT_SECONDS = 20",
      "MAX_QUERY_TIMEOUT_SECONDS = 180",
      "class GetSeries(BasePrometheusTool):",
    ])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.2);
  });
});
