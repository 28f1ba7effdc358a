import { describe, expect, it } from "vitest";
import type { Pick } from "../../../../../src/compress/excerpt/pack.ts";
import { coveragePyPicks } from "../../../../../src/compress/kinds/test/coverage-py.ts";
import { capturedCase } from "../../corpus.ts";

describe("coverage.py's report under pytest --cov", () => {
  it("keeps its header, TOTAL and the rows of the files the failures name or never ran (fresh23)", async () => {
    const { e } = await capturedCase("fresh23", "pytest-cov-term-missing-f23");
    for (const m of [
      "Name                         Stmts   Miss  Cover   Missing",
      "tidefare/publish.py             32     32     0%   2-50",
      "tidefare/rules.py               53     15    72%   31-35, 38-41, 44-48, 53",
      "TOTAL                         3649   1769    52%",
    ])
      expect(e.text).toContain(m);
  });

  it("reads only a coverage.py table", () => {
    const picks: Pick[] = [];
    coveragePyPicks(
      [
        "a.py:3: x",
        "Name  Stmts  Miss  Cover",
        "---",
        "a.py  3  1  66%",
        "b.py  3  0  100%",
        "TOTAL  6  1  83%",
      ],
      [{ start: 0, end: 0 }],
      picks,
    );
    expect(picks.map((p) => p.from)).toEqual([1, 3, 5]);
    const none: Pick[] = [];
    coveragePyPicks(["File | % Stmts", "a.js | 50"], [], none);
    expect(none).toEqual([]);
  });
});
