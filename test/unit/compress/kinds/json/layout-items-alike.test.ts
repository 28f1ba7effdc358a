import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a minified list of records laid out on lines", () => {
  it("keeps a record a field wider than its siblings on one line, as they are (fresh7 capture)", async () => {
    // A real minified `curl -s` of 360 orders, each about 200 characters: the declined one
    // carries a `failure` object too (254 characters), so it alone was opened onto ten
    // lines, its id no longer beside its status.
    const { e } = await capturedCase("fresh7", "curl-orders-minified-page");
    expect(e.compressor).toBe("json");
    expect(e.text).toContain(
      '    {"id":"ord_20088","created":"2024-12-03T16:16:00Z","customer":"cus_7723","status":"payment_failed","total":{"amount":41564,"currency":"EUR"},"items":4,"channel":"pos","fraud_score":0.16,"failure":{"code":"card_declined","decline_code":"insufficient_funds"}},',
    );
  });

  it("opens a record far wider than its siblings, and items of a list that mostly do not fit", async () => {
    const { layoutJson } = await import("../../../../../src/compress/kinds/json/layout.ts");
    const item = (i: number, extra = "") => `{"id":${i},"name":"n${i}"${extra}}`;
    const wide = `,"notes":"${"x".repeat(60)}"`;
    const laid = layoutJson(`[${[item(1), item(2), item(3, wide), item(4, wide.repeat(3))].join(",")}]`, 50)!;
    expect(laid.split("\n")).toEqual([
      "[",
      '  {"id":1,"name":"n1"},',
      '  {"id":2,"name":"n2"},',
      `  ${item(3, wide)},`,
      "  {",
      '    "id":4,',
      '    "name":"n4",',
      `    "notes":"${"x".repeat(60)}",`,
      `    "notes":"${"x".repeat(60)}",`,
      `    "notes":"${"x".repeat(60)}"`,
      "  }",
      "]",
    ]);
    const few = layoutJson(`[${[item(1, wide), item(2, wide), item(3)].join(",")}]`, 50)!;
    expect(few.split("\n")[1]).toBe("  {");
  });
});
