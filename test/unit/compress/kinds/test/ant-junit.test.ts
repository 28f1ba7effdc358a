import { describe, expect, it } from "vitest";
import { docOf } from "../../../../../src/compress/excerpt/lines.ts";
import { failingBlocks } from "../../../../../src/compress/kinds/test/ant-junit.ts";
import { antJunit } from "../../../../../src/compress/kinds/test/detect.ts";
import { capturedCase } from "../../corpus.ts";

describe("JUnit's plain formatter through ant's junit task", () => {
  it("keeps each failing test's name, verdict, message and place (fresh33 billing batch)", async () => {
    const { e, must } = await capturedCase("fresh33", "ant-junit4-failures-f33");
    expect(e.compressor).toBe("ant-junit");
    expect(e.kept).toBe("8 failing tests, summary");
    // The name was the line above an alike verdict, the place a frame among the runtime's.
    expect(e.text).toContain("Testcase: customersWithoutTierGetNothing took");
    expect(e.text).toContain("at com.acme.billing.InvoiceCalculator.discountFor(InvoiceCalculator.java:18)");
    expect(e.text).toContain("java.lang.IllegalArgumentException: currency mismatch: EUR vs GBP");
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads a failing test's block from its line with a verdict under it, with or without ant's prefix", () => {
    const lines = [
      "Testsuite: com.acme.MoneyTest",
      "Tests run: 2, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.1 sec",
      "",
      "Testcase: plus took 0.01 sec",
      "Testcase: times took 0 sec",
      "\tFAILED",
      "expected:<1> but was:<2>",
      "\tat com.acme.MoneyTest.times(MoneyTest.java:9)",
    ];
    expect(failingBlocks(docOf(lines.join("\n")))).toEqual([{ start: 4, end: 7 }]);
    const ant = lines.map((l) => `    [junit] ${l}`).join("\n");
    expect(failingBlocks(docOf(ant))).toEqual([{ start: 4, end: 7 }]);
    expect(antJunit.detect(ant, { tool: "Bash" })).toBeGreaterThan(0.5);
    // Maven's surefire counts alone are not the formatter's.
    expect(
      antJunit.detect("[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0\n", { tool: "Bash" }),
    ).toBe(0);
  });
});
