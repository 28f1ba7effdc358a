import { describe, expect, it } from "vitest";
import { playwright } from "../../../../../src/compress/kinds/test/detect.ts";
import { FAILURE } from "../../../../../src/compress/kinds/test/playwright.ts";
import { capturedCase } from "../../corpus.ts";

describe("Playwright Test's failures", () => {
  it("keeps each failure's error, what it compared and the test's line (fresh32 playwright test, 20 failures, spilled)", async () => {
    // Read as any output, the blocks' Locator and Received lines were templates of many and
    // the code frame's context lines stood for the line that failed.
    const { e, must } = await capturedCase("fresh32", "playwright-test-list-spilled-f32");
    expect(e.compressor).toBe("playwright");
    for (const fact of must) expect(e.text).toContain(fact);
    expect(e.text).toContain("Locator: getByLabel('Validade')");
    expect(e.text).toContain('Received: "desde 25,00 €"');
    expect(e.text).toContain("> 12 |     expect((await hold).status()).toBe(201);");
    // Its own count: the summary's `20 failed`.
    expect(e.kept).toBe("20 failing tests, summary");
  });

  it("reads the line reporter too, and no other runner's numbered failures", async () => {
    const { e, must } = await capturedCase("fresh32", "playwright-test-line-checkout-f32");
    expect(e.compressor).toBe("playwright");
    for (const fact of must) expect(e.text).toContain(fact);
    expect(FAILURE.test("  2) [mobile] › tests/home.spec.js:12:3 › home page › links each event ────")).toBe(
      true,
    );
    expect(FAILURE.test("  3) tests/a.spec.ts:4:5 › adds ───────")).toBe(true);
    // mocha's numbered failures name no place.
    const mocha =
      "  2 passing (8ms)\n  1 failing\n\n  1) Cart\n       adds a seat:\n     AssertionError: expected 1 to equal 2\n";
    expect(playwright.detect(mocha, { tool: "Bash" })).toBe(0);
  });
});
