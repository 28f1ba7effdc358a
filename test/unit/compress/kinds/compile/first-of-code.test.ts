import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../../../src/compress/kinds/compile/diagnostic.ts";
import { firstOfEachCode } from "../../../../../src/compress/kinds/compile/first-of-code.ts";
import { capturedCase } from "../../corpus.ts";

describe("the first diagnostic of each code", () => {
  it("keeps one error of each code where 145 outgrow the cap (fresh17 `tsc --build --verbose`)", async () => {
    // Kept in the order printed, the room went to 41 TS4114s and 21 TS2412s, and the one
    // TS2307, TS7016 and TS2538 near the end were cut.
    const { e, must } = await capturedCase("fresh17", "tsc-build-verbose-spilled-f17");
    for (const code of ["TS4114", "TS2538", "TS2307", "TS7016"]) {
      const fact = must.find((m) => m.includes(`error ${code}:`))!;
      expect(e.text).toContain(fact);
    }
  });

  it("is each code's first diagnostic, and nothing where the run holds one code", () => {
    const d = (at: number, code: string): Diagnostic => ({
      at,
      severity: "error",
      file: "a.ts",
      kind: code,
      code,
    });
    expect(firstOfEachCode([d(3, "TS1"), d(5, "TS1"), d(8, "TS2"), d(9, "TS1"), d(12, "TS3")])).toEqual([
      3, 8, 12,
    ]);
    expect(firstOfEachCode([d(3, "TS1"), d(5, "TS1")])).toEqual([]);
  });
});
