import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedPattern, caseFolded } from "../../../src/config/patterns.ts";

// A retrieval's --grep (and the MCP tool's grep) runs on the same bounded engine as
// config patterns; case-insensitive by letters written in both cases, since V8's linear
// engine has no `i` flag.

describe("boundedPattern", () => {
  it("refuses what config patterns refuse", () => {
    for (const p of ["(a+)+$", "(\\w|x)*y", "(a)\\1", "x".repeat(201), "(unclosed"])
      expect(typeof boundedPattern(p)).toBe("string");
  });

  it("compiles on the linear engine, with and without -i", () => {
    for (const flags of ["", "i"] as const) {
      const re = boundedPattern("err(or)? [a-f]+", flags);
      expect(re).toBeInstanceOf(RegExp);
      expect((re as RegExp).flags).toContain("l");
    }
  });

  it("runs a polynomial pattern on a long line in linear time", () => {
    const re = boundedPattern("a*a*a*a*a*b") as RegExp;
    expect(re.flags).toContain("l");
    expect(re.test("a".repeat(200_000))).toBe(false);
  });
});

describe("caseFolded", () => {
  it("writes letters in both cases, leaving escapes, group names and classes' meaning", () => {
    expect(caseFolded("Error: \\d+")).toBe("[Ee][rR][rR][oO][rR]: \\d+");
    expect(caseFolded("[a-c_]x")).toBe("[a-cA-C_][xX]");
    expect(caseFolded("[^A-Z0-9]")).toBe("[^A-Za-z0-9]");
    expect(caseFolded("(?<word>ab)\\w\\S\\p{L}")).toBe("(?<word>[aA][bB])\\w\\S\\p{L}");
  });

  it("matches what the i flag matches (ASCII text)", () => {
    const patterns = ["error", "Err(or)?s?", "[a-f0-9]+x", "^warn|FAIL$", "[^a-z]q", "t[A-M]p"];
    fc.assert(
      fc.property(
        fc.constantFrom(...patterns),
        fc.string({ unit: fc.constantFrom(..."aAeErRoOfFxXqQtTpPwWnN09 -_") }),
        (p, line) => {
          const folded = boundedPattern(p, "i") as RegExp;
          expect(folded.test(line)).toBe(new RegExp(p, "i").test(line));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
