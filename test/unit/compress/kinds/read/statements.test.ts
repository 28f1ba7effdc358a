import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a Read of a file in a language the code outline does not know", () => {
  it("outlines an SQL schema by its top-level statements, each kind once, the rare ones whole (fresh2 capture)", async () => {
    // A real Read of a 13 KB pg_dump-style schema (.sql is code, but none of its lines
    // is a declaration the outline knows): the excerpt was the file's first six lines and
    // its last two; the foreign keys and the comment on the missing one were dropped.
    const { text, e } = await capturedCase("fresh2", "read-sql-schema");
    expect(e.compressor).toBe("read");
    for (const fact of [
      "ALTER TABLE ONLY public.order_lines",
      "    ADD CONSTRAINT order_lines_order_id_fkey FOREIGN KEY (id) REFERENCES public.orders(id) ON DELETE CASCADE;",
      "    ADD CONSTRAINT refunds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id);",
      "-- payments.order_id has no foreign key: payments outlive deleted orders (see ADR-014)",
    ])
      expect(e.text, fact).toContain(fact);
    // The 24 tables and their 24 primary keys are each one kind, counted.
    expect(e.text).toMatch(/^L4: CREATE TABLE public\.customers \( {2}\[×24 like this, lines 4-338\]$/m);
    expect(e.text).toMatch(/ADD CONSTRAINT customers_pkey PRIMARY KEY \(id\); {2}\[×24 like this/);
    expect(e.text.length).toBeLessThan(text.length * 0.2);
  });
});
