import { describe, expect, it } from "vitest";
import { loneValues } from "../../../../src/compress/excerpt/lone-values.ts";
import { capturedCase } from "../corpus.ts";

describe("the one line apart in a small kind", () => {
  it("keeps the one function at 256 MB among six at 512 (cdk synth, fresh30)", async () => {
    // The real `cdk synth` of the API stack (73 KB spilled, 2,000 lines): seven
    // `MemorySize:` lines are a kind as rare as a few lines of 2,000 are, read as rare
    // lines (not facts there), and the cap cut the reminder function's 256.
    const { e } = await capturedCase("fresh30", "cdk-synth-api-template-f30");
    expect(e.text.split("\n")).toContain("      MemorySize: 256");
  });

  it("finds the one value apart in a kind of six or more, none in a smaller one", () => {
    const lines = [...Array.from({ length: 6 }, () => "  MemorySize: 512"), "  MemorySize: 256"];
    const kind = { members: lines.map((_, i) => i) };
    expect(
      loneValues(
        lines,
        [kind],
        () => 0,
        () => false,
      ),
    ).toEqual([6]);
    expect(
      loneValues(
        lines.slice(2),
        [{ members: [0, 1, 2, 3, 4] }],
        () => 0,
        () => false,
      ),
    ).toEqual([]);
    // A kind the kind marks as noise tells nothing.
    expect(
      loneValues(
        lines,
        [kind],
        () => 0,
        () => true,
      ),
    ).toEqual([]);
  });
});
