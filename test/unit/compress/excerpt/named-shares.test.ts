import { describe, expect, it } from "vitest";
import { namedShares } from "../../../../src/compress/excerpt/named-shares.ts";
import { capturedCase } from "../corpus.ts";

describe("a report of named shares keeps its largest rows", () => {
  it("keeps the costliest passes of g++ -ftime-report (fresh34 capture)", async () => {
    // 141 passes, each its own kind of line, most at 0%: the engine showed the phases at
    // the top and a few rows of 0%, and cut template instantiation (21%) and callgraph
    // functions expansion (31%), where the compile's time went.
    const { e } = await capturedCase("fresh34", "gxx-ftime-report-f34");
    for (const fact of [
      " template instantiation             :   1.94 ( 21%)   0.95 ( 22%)   5.75 ( 19%)    91M ( 30%)",
      " callgraph functions expansion      :   2.91 ( 31%)   0.60 ( 14%)   7.25 ( 24%)    66M ( 22%)",
      " TOTAL                              :   9.37          4.41         30.64          306M",
    ])
      expect(e.text).toContain(fact);
  });

  it("reads only a report made of such rows, largest share first", () => {
    const rows = Array.from({ length: 9 }, (_, k) => ` pass ${k}   :   0.${k}0 ( ${k * 3}%)   0.01 (  1%)`);
    expect(namedShares(rows).slice(0, 2)).toEqual([8, 7]);
    expect(namedShares(rows)).not.toContain(0);
    const log = [...rows, ...Array.from({ length: 20 }, (_, k) => `INFO request ${k} served`)];
    expect(namedShares(log)).toEqual([]);
  });
});
