import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("what a test runner's compressor does not read itself", () => {
  it("shows a coverage table's totals as room allows (fresh4 capture)", async () => {
    // A real `npx jest --coverage` over 416 modules, spilled by Claude Code (the first
    // 30,000 characters): one failure, then the coverage table. The runner's excerpt asks
    // the engine only for problems and the end (factsOnly), so the table's header, its
    // `All files` row and each folder's row were left out while three quarters of the
    // budget went unused.
    const { text, e } = await capturedCase("fresh4", "jest-coverage-wide");
    for (const row of [
      "File                | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s",
      "All files           |   11.58 |     5.02 |   34.85 |    12.7 |",
      " accounts           |   10.75 |     4.52 |   34.61 |   11.88 |",
      " payments           |    11.9 |      5.5 |   36.53 |   13.48 |",
    ])
      expect(e.text).toContain(row);
    for (const fact of ["● refund part 7 of payments", "Expected: 22", "Received: 21"])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length / 10);
  });
});
