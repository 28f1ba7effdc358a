import { describe, expect, it } from "vitest";
import { massifPeak } from "../../../../src/compress/excerpt/massif-peak.ts";
import { capturedCase } from "../corpus.ts";

describe("the peak of ms_print's report", () => {
  it("keeps the peak snapshot's row and the top of its tree (fresh25 ms_print of the catalog loader)", async () => {
    // The 89 snapshots' rows and 38 trees were a few kinds of line: the peak's row and its
    // sites (cJSON_New_Item 44%, parse_object, parse_array) were cut for earlier trees'.
    const { e, must } = await capturedCase("fresh25", "ms-print-massif-catalog-f25");
    for (const fact of must) expect(e.text).toContain(fact);
  });

  it("reads only a report whose header names the peak", () => {
    const head = [" Detailed snapshots: [1, 2 (peak)]", ...Array.from({ length: 30 }, () => "")];
    const report = [
      ...head,
      "  2          5,000            1,000              900           100            0",
      "90.00% (900B) (heap allocation functions) malloc/new/new[], --alloc-fns, etc.",
      "->60.00% (600B) 0x1: f (a.c:1)",
      "| ->60.00% (600B) 0x2: g (a.c:2)",
      "|   ->60.00% (600B) 0x3: main (a.c:3)",
      "--------------------------------------------------------------------------------",
      "->10.00% (100B) 0x4: h (a.c:4)",
    ];
    expect(massifPeak(report)).toEqual([31, 33, 34]);
    expect(massifPeak(report.slice(1))).toEqual([]);
  });
});
