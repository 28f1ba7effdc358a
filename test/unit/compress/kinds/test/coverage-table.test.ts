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

  it("keeps the row of the module a failure names, among hundreds alike (jest --coverage, fresh4 capture)", async () => {
    // A real `jest --coverage` over 416 generated modules (30 KB, spilled): one test fails,
    // its code frame `require('../wide/payments/paymentsPart07')`. The long table kept its
    // head, its folders' totals and an odd row; paymentsPart07.js's row, the coverage of
    // the code that failed (its uncovered line 6), was one of the 416 left out.
    const { e } = await capturedCase("fresh4", "jest-coverage-wide");
    expect(e.compressor).toBe("jest");
    expect(e.text).toContain("paymentsPart07.js |      60 |       50 |     100 |   83.33 | 6");
    expect(e.text).toContain("All files           |   11.58 |     5.02 |   34.85 |    12.7 |");
  });

  it("finds a file's row by its name less its extension, whole, in the failures' lines", async () => {
    const { rowsNamed } = await import("../../../../../src/compress/kinds/test/covered.ts");
    const lines = [
      "  ● refund part 7",
      "    > 1 | expect(require('../wide/payments/paymentsPart07').part(3))",
      "      at Object.<anonymous> (src/refund.service.ts:4:2)",
      "  paymentsPart07.js |      60 | 6",
      "  paymentsPart0.js  |      60 | 6",
      "  refund.service.ts |      60 | 6",
      "  service.ts        |      60 | 6",
      " payments           |    11.9 |",
    ];
    expect(rowsNamed(lines, [{ start: 0, end: 2 }], 3, 7)).toEqual([3, 5]);
    expect(rowsNamed(lines, [], 3, 7)).toEqual([]);
  });
});
