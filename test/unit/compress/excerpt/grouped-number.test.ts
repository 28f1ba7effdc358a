import { describe, expect, it } from "vitest";
import { groupedNumber } from "../../../../src/compress/excerpt/grouped-number.ts";
import { capturedCase } from "../corpus.ts";

describe("a number with its thousands grouped by commas", () => {
  it("keeps the largest packages of csvlook's table, their sizes printed `775,755` (fresh19)", async () => {
    const { e, must } = await capturedCase("fresh19", "csvlook-packages-spilled-f19");
    for (const name of ["ghc", "google-cloud-cli", "kubectl"])
      expect(e.text).toContain(must.find((m) => m.startsWith(`| ${name} `))!);
  });

  it("reads whole groups of three only", () => {
    const printed = { decimals: 0 };
    expect(groupedNumber("775,755")).toBe(775755);
    expect(groupedNumber("1,234,567.25", printed)).toBe(1234567.25);
    expect(printed.decimals).toBe(2);
    expect(groupedNumber("-12,000")).toBe(-12000);
    for (const no of ["1,2,3", "12,34", "1234,567", "686", "a,123"]) expect(groupedNumber(no)).toBeNaN();
  });
});
