import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupDigits } from "../../../src/core/format.ts";

describe("groupDigits writes numbers as toLocaleString('en-US') does, without ICU", () => {
  it("agrees on the edges", () => {
    for (const n of [
      0, 7, 999, 1000, 1234, 99_999, 100_000, 999_999, 1_000_000, 1_234_567_890, -1234, 1234.6,
    ])
      expect(groupDigits(n)).toBe(Math.round(n).toLocaleString("en-US"));
  });
  it("agrees on any safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
      }),
    );
  });
});
