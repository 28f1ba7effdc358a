import { describe, expect, it } from "vitest";
import { leadingShare, percentRanking } from "../../../../src/compress/excerpt/percent-ranking.ts";
import { capturedCase } from "../corpus.ts";

describe("the top of a ranking by share", () => {
  it("keeps perf report's top symbols between their call chains (fresh19)", async () => {
    const { e, must } = await capturedCase("fresh19", "perf-report-index-f19");
    for (const m of must.filter((x) => /^\s+\d+\.\d+%/.test(x))) expect(e.text).toContain(m);
  });

  it("reads lines led by a falling share, and only a ranking of enough of them", () => {
    expect(leadingShare("    42.73%  build  [.] f")).toBe(42.73);
    expect(leadingShare("  5% x")).toBe(5);
    expect(leadingShare("--5.47%--likeFunc")).toBeNaN();
    expect(leadingShare("  12.5 %")).toBeNaN();
    const shares = [40, 20, 10, 8, 6, 5, 4, 3, 2, 1, 0.5, 0.2];
    const lines = shares.flatMap((s) => [
      `  ${s.toFixed(2)}%  cmd  sym${s}`,
      "        |",
      "        ---caller",
    ]);
    expect(percentRanking(lines)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    // Shares that rise again are no ranking (a coverage table's column).
    expect(percentRanking([...lines, "  90.00%  later"])).toEqual([]);
    expect(percentRanking(lines.slice(0, 3 * 7))).toEqual([]);
  });
});
