import { describe, expect, it } from "vitest";
import { verdictBelow } from "../../../../src/compress/excerpt/verdict-below.ts";
import { capturedCase } from "../corpus.ts";

describe("a matcher's verdict set off by a blank", () => {
  it("keeps bun's Expected and Received under its failed toBe (fresh20)", async () => {
    const { e } = await capturedCase("fresh20", "bun-test-zod-f20");
    expect(e.text).toContain("error: expect(received).toBe(expected)\n\nExpected: true\nReceived: false");
  });

  it("is a blank line with a verdict or a diff legend under it", () => {
    const lines = [
      "error: expect(received).toBe(expected)",
      "",
      "Expected: true",
      "Received: false",
      "",
      "  at x",
    ];
    expect(verdictBelow(lines, 1)).toBe(true);
    expect(verdictBelow(["x", "", "- Expected  - 1", "+ Received  + 1"], 1)).toBe(true);
    // Not blank, or nothing of a verdict under it: the blank ends what goes with a problem.
    expect(verdictBelow(lines, 2)).toBe(false);
    expect(verdictBelow(lines, 4)).toBe(false);
    expect(verdictBelow(["error: x", "", "Expectedly fine"], 1)).toBe(false);
    expect(verdictBelow(["error: x", ""], 1)).toBe(false);
  });
});
