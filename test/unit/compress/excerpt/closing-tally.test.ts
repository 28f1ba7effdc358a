import { describe, expect, it } from "vitest";
import { closingTally } from "../../../../src/compress/excerpt/closing-tally.ts";
import { capturedCase } from "../corpus.ts";

describe("a run's closing tally", () => {
  it("keeps turbo's task count (fresh28 turbo run build --continue, spilled)", async () => {
    // ` Tasks:    1 successful, 6 total` stood among `Cached:` and `Time:` at the end, lines
    // alike: one was shown and the count of tasks that succeeded was cut.
    const { e } = await capturedCase("fresh28", "turbo-run-build-continue-f28");
    expect(e.text).toContain("Tasks:    1 successful, 6 total");
  });

  it("reads a labelled line of counts ending in a total, near the end only", () => {
    const tail = [
      " Tasks:    1 successful, 6 total",
      "Cached:    0 cached, 6 total",
      "  Time:    1m22.325s ",
    ];
    expect(closingTally(tail)).toEqual([0, 1]);
    expect(closingTally(["Tests:       2 failed, 40 passed, 42 total"])).toEqual([0]);
    expect(closingTally(["Snapshots:   0 total", "Total: 12"])).toEqual([]);
    expect(
      closingTally(["Tasks:    1 successful, 6 total", ...Array.from({ length: 20 }, () => "x")]),
    ).toEqual([]);
  });
});
