import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("records laid out one field a line at a fixed period", () => {
  it("keep the whole record of a rare value, and their layout line once (fresh6 capture)", async () => {
    // A real `psql -x` of 211 unpaid invoices, asked for as "one record each": every
    // `-[ RECORD N ]` line held the asked-for word and was kept (211 of them), and a rare
    // status or note was kept without the id three lines above it.
    const { text, e } = await capturedCase("fresh6", "psql-expanded-unpaid-invoices");
    for (const fact of [
      "id           | inv_2024_11_0057",
      "status       | uncollectible",
      "note         | card expired 2024-08; 3 dunning emails bounced",
      "id           | inv_2024_11_0131",
      "note         | duplicate of inv_2024_11_0130, voided by ops",
      "id           | inv_2024_11_0199",
      "note         | disputed: customer says seats were removed on 2024-10-14",
    ])
      expect(e.text).toContain(fact);
    // The layout line once with its count, not once per record.
    expect(e.text.match(/^-\[ RECORD \d+ \]/gm)!.length).toBeLessThan(10);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});
