import { describe, expect, it } from "vitest";
import { messageEnd } from "../../../../src/compress/excerpt/message-goes-on.ts";
import { capturedCase } from "../corpus.ts";

describe("a Python exception's message goes on past its line", () => {
  it("keeps SQLAlchemy's statement under its IntegrityError (fresh31 bulk load)", async () => {
    const { e } = await capturedCase("fresh31", "sqlalchemy-integrity-bulk-f31");
    expect(e.text).toContain(
      "[SQL: INSERT INTO sales (txn_id, store_id, sku, sold_at, qty, unit_price, discount, amount, tender) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)]",
    );
  });

  it("keeps the source of the notebook cell that failed (fresh31 nbconvert --execute)", async () => {
    const { e } = await capturedCase("fresh31", "nbconvert-execute-error-f31");
    expect(e.text).toContain("sales['week'] = sales['sold_at'].dt.isocalendar().week");
  });

  it("ends at a blank line, a traceback, a frame, a log record or after 8 lines", () => {
    const opens = (l: string) => /^Traceback /.test(l);
    const lines = ["ValueError: bad:", "  one", "two", "", "after"];
    expect(messageEnd(lines, 0, lines.length - 1, opens)).toBe(2);
    expect(messageEnd(["KeyError: 'x'", "Traceback (most recent call last):"], 0, 1, opens)).toBe(0);
    expect(messageEnd(["E: x", "2024-11-30 10:00:01 INFO next"], 0, 1, opens)).toBe(0);
    expect(messageEnd(["E: x", '  File "a.py", line 3, in f'], 0, 1, opens)).toBe(0);
    const long = ["E: x", ...Array.from({ length: 20 }, (_, k) => `line ${k}`)];
    expect(messageEnd(long, 0, long.length - 1, opens)).toBe(8);
  });
});
