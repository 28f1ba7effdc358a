import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a JSON document's top", () => {
  it("keeps a small object and list under a top key (fresh5 capture)", async () => {
    // A real `curl -i` of a pretty-printed reconciliation page (25 KB): a `summary` object of
    // five counts and a `warnings` list of one message above and below 70 records. Lines two
    // levels down were ranked with any nested value, under the rare records' lines: the
    // excerpt kept the three odd records and omitted the counts (`"amount_mismatch": 1`) and
    // the rate-limit warning, each replaced by a marker about as long as the line.
    const { text, e, must } = await capturedCase("fresh5", "curl-reconcile-pretty-json");
    expect(e.compressor).toBe("json");
    for (const fact of must) expect(e.text).toContain(fact);
    expect(e.text).toContain('"matched": 67,');
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});
