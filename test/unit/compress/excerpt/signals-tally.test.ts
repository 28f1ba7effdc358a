import { describe, expect, it } from "vitest";
import { isProblem, isSuccess } from "../../../../src/compress/excerpt/signals.ts";
import { capturedCase } from "../corpus.ts";

describe("a tally of a run", () => {
  it("whose every count of problems is zero is a success (surefire, fresh4 capture)", async () => {
    // A real `mvn test` (JUnit 5, 18 KB): each test class's tally names Failures and
    // Errors; where both are 0 the class passed, yet each was ranked a problem line and
    // shown beside the failures.
    const { text, e, must } = await capturedCase("fresh4", "mvn-test-parameterized");
    const tallies = text.split("\n").filter((l) => /Tests run: \d+, Failures: \d+, Errors: \d+/.test(l));
    const passed = tallies.filter((l) => /Failures: 0, Errors: 0/.test(l));
    const failed = tallies.filter((l) => !/Failures: 0, Errors: 0/.test(l));
    expect(passed.length).toBeGreaterThanOrEqual(4);
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const l of passed) expect([isProblem(l), isSuccess(l)], l).toEqual([false, true]);
    for (const l of failed) expect([isProblem(l), isSuccess(l)], l).toEqual([true, false]);
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });

  it("with one count above zero, before or after a zero, is still a problem", () => {
    expect(isProblem("Tests run: 5, Failures: 0, Errors: 2, Skipped: 0")).toBe(true);
    expect(isProblem("Tests run: 5, Failures: 1, Errors: 0, Skipped: 0")).toBe(true);
    expect(isProblem("warnings: 0, errors: 3")).toBe(true);
    expect(isSuccess("3 passed, 1 failed")).toBe(false);
  });
});
