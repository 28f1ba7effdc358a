import { describe, expect, it } from "vitest";
import { docOf } from "../../../../../src/compress/excerpt/lines.ts";
import type { Pick } from "../../../../../src/compress/excerpt/pack.ts";
import { inTurnPicks } from "../../../../../src/compress/kinds/test/in-turn.ts";
import { capturedCase } from "../../corpus.ts";

describe("each failure's lines in turn", () => {
  it("keeps every hypothesis falsifying example of a pytest run (fresh31)", async () => {
    // Three failures, each with its E lines; the first two's (long `where` lines, a frame
    // printed) took the facts' room in line order and the third's example was left out.
    const { e, must } = await capturedCase("fresh31", "pytest-hypothesis-falsifying-f31");
    for (const m of [
      "Falsifying example: test_split_tender_sums_back(",
      "amount=0.01,",
      "parts=2,",
      "0     00     S001 2024-11-01  4.474829e+250",
    ])
      expect(e.text).toContain(m);
    expect(must.filter((m) => !e.text.includes(m))).toEqual([]);
  });

  it("ranks the k-th line of every failure above the (k+1)-th of any", () => {
    const doc = docOf(["__ a __", "E a1", "E a2", "E a3", "__ b __", "E b1", "x", "E b2"].join("\n"));
    const picks: Pick[] = [];
    inTurnPicks(
      doc,
      /^E /,
      10,
      [
        { start: 0, end: 3 },
        { start: 4, end: 7 },
      ],
      picks,
    );
    const order = [...picks].sort((x, y) => y.prio - x.prio || x.from - y.from).map((p) => doc.lines[p.from]);
    expect(order).toEqual(["E a1", "E b1", "E a2", "E b2", "E a3"]);
    expect(Math.min(...picks.map((p) => p.prio))).toBeGreaterThan(9);
  });
});
