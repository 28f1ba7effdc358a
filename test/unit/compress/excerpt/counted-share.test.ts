import { describe, expect, it } from "vitest";
import { countedShare } from "../../../../src/compress/excerpt/counted-share.ts";
import { percentRanking } from "../../../../src/compress/excerpt/percent-ranking.ts";
import { capturedCase } from "../corpus.ts";

describe("a ranking by a count and its share in parentheses", () => {
  it("keeps the top ten of callgrind_annotate's functions, tolower's 3.81% the eighth (fresh25)", async () => {
    const { text, e } = await capturedCase("fresh25", "callgrind-annotate-catalog-f25");
    const top = percentRanking(text.split("\n")).map((i) => text.split("\n")[i]!);
    expect(top[0]).toContain("PROGRAM TOTALS");
    expect(top).toHaveLength(10);
    const tolower = "  880,968 ( 3.81%)  ./ctype/./ctype/ctype.c:tolower";
    expect(top.some((l) => l.startsWith(tolower))).toBe(true);
    expect(e.text).toContain(tolower);
  });

  it("reads the share after a count, and nothing else", () => {
    expect(countedShare("6,948,008 (30.03%)  cjson/cJSON.c:parse_string")).toBe(30.03);
    expect(countedShare("  880,968 ( 3.81%)  x")).toBe(3.81);
    expect(countedShare("23,140,067 (100.0%)  PROGRAM TOTALS")).toBe(100);
    expect(countedShare("  cpu   950m (23%)  1 (25%)")).toBeNaN();
    expect(countedShare("42.73%  build  [.] f")).toBeNaN();
  });
});
