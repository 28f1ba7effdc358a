import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a test runner's failures with indented exceptions", () => {
  it("keeps each failure's frame in the user's code (fresh3 capture)", async () => {
    // A real `npx mocha "spec2/**/*.spec.js"` (10 KB): eight failures, each an indented
    // AssertionError, a diff, a blank line, then `at Context.<anonymous> (spec…:L:C)`.
    // No line started a trace until the seventh failure's unindented `Error:`, so the
    // first six failures' frames were counted as one line ×8 like this and their
    // places in the specs were not shown.
    const { text, e, must } = await capturedCase("fresh3", "mocha-nested-describes");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    for (const at of [
      "spec2/inventory.spec.js:31:49",
      "spec2/pricing.spec.js:30:49",
      "spec/cart.spec.js:35:12",
    ])
      expect(e.text).toContain(`at Context.<anonymous> (${at})`);
    expect(e.text.length).toBeLessThan(text.length * 0.6);
  });
});
