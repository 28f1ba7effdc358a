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
    // A rise after the ranking ends it; shares that rise and fall are none (a coverage column).
    expect(percentRanking([...lines, "  90.00%  later"])).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    const mixed = [50, 80, 20, 90, 10, 70, 30, 60, 40, 100, 5, 95].map((s) => `  ${s}.00% file${s}`);
    expect(percentRanking(mixed)).toEqual([]);
    expect(percentRanking(lines.slice(0, 3 * 7))).toEqual([]);
  });
});
