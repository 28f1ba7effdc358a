import { describe, expect, it } from "vitest";
import { closingSummary } from "../../../../src/compress/excerpt/closing-summary.ts";
import { capturedCase } from "../corpus.ts";

describe("the closing block of an output of records between rules", () => {
  it("keeps what bandit found in all after its last finding (fresh14 `bandit -r`)", async () => {
    // Its counts by severity are lines alike (`\t\tLow: 32.0`), told by their first and last.
    const { e } = await capturedCase("fresh14", "bandit-netcommon-f14");
    for (const fact of ["Total lines of code: 14937", "Low: 32.0", "Medium: 7.0", "High: 0.0"])
      expect(e.text).toContain(fact);
  });

  it("is no summary where rules are few or the block is long", () => {
    const rule = "-".repeat(20);
    const ruled = ["a", rule, "b", rule, "c", rule, "", "Total: 3", "exit code: 1"];
    expect(closingSummary(ruled)).toEqual([7, 8]);
    expect(closingSummary(["a", rule, "b", rule, "Total: 2"])).toEqual([]);
    expect(
      closingSummary([...ruled.slice(0, 6), ...Array.from({ length: 30 }, (_, k) => `line ${k}`)]),
    ).toEqual([]);
  });
});
