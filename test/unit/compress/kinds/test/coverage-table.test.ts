import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a test run's coverage table", () => {
  it("is kept whole when small, its rows with its rules (jest --coverage, fresh3 capture)", async () => {
    // A real `jest --verbose --coverage` (84 KB, 930 lines): four failing tests, six suites
    // that do not run, then the coverage table. The last failure's block ran on into the
    // table, so its rows were that failure's detail and its rules (`-----|-----`) read as
    // diff lines: the rules were kept, the totals and the one covered file were not.
    const { text, e } = await capturedCase("fresh3", "jest-verbose-coverage-loyalty");
    expect(e.compressor).toBe("jest");
    for (const fact of [
      "File        | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s",
      "All files   |   20.75 |       25 |      20 |   19.51 |",
      " loyalty.js |   84.61 |    66.66 |     100 |   88.88 | 8",
    ])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.12);
  });
});
