import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("records whose rare value is one level down", () => {
  it("shows the record whose nested field holds a rare value (fresh7 capture)", async () => {
    // A real minified `curl -s` of 360 orders: the one order in GBP among EUR ones says so
    // only in `"total":{"amount":34621,"currency":"GBP"}`. Rarity read the fields of an
    // item, and an object's value only by its keys (the same in every item), so it was
    // never a reason to show the record.
    const { e } = await capturedCase("fresh7", "curl-orders-minified-page");
    expect(e.compressor).toBe("json");
    for (const fact of [
      '{"id":"ord_20271","created":"2024-12-04T13:37:00Z","customer":"cus_4751","status":"delivered","total":{"amount":34621,"currency":"GBP"}',
      '"status":"payment_failed"',
      '{"id":"ord_20203","created":"2024-12-04T05:41:00Z","customer":"cus_1983","status":"on_hold"',
      '"refund":{"id":"re_3QF8a2","reason":"duplicate"}',
      '"next":"/v2/orders?starting_after=ord_20360"',
    ])
      expect(e.text).toContain(fact);
  });

  it("reads a nested field only where one value is the rule, not an address's city", async () => {
    const { jsonExcerpt } = await import("../../../../../src/compress/kinds/json/excerpt.ts");
    const cities = [
      "Berlin",
      "Paris",
      "Madrid",
      "Rome",
      "Oslo",
      "Lyon",
      "Porto",
      "Graz",
      "Bern",
      "Gent",
      "Cork",
    ];
    const data = Array.from({ length: 25 }, (_, i) => ({
      id: `ord_${i}`,
      total: { amount: 1000 + i, currency: i === 7 ? "GBP" : "EUR" },
      address: { city: i < 14 ? "Berlin" : cities[i - 14], country: "DE" },
    }));
    const e = jsonExcerpt(JSON.stringify({ data }, null, 2), { tool: "Bash" }, 4000);
    expect(e.text).toContain("[25 items in data: the first, and 1 with a rare total]");
    expect(e.text).toContain('"currency": "GBP"');
    expect(e.text).not.toContain('"city": "Cork"');
  });
});
