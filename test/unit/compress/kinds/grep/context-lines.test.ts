import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("grep with context lines (-C)", () => {
  it("keeps the matches before their context (fresh5 capture)", async () => {
    // The real Grep tool, content mode with -C 2, `throw new RangeError` in node_modules
    // (250 lines, 52 matches in 8 files). The matches are alike by what was searched for and
    // formed a frequent kind of line, while the context lines around them, each of a kind
    // of its own, were the rare lines and facts: the excerpt showed `expand.js-59-` and
    // `expand.js-63-` (blank lines) and omitted `expand.js:61:`, the match between them.
    const { text, e, must } = await capturedCase("fresh5", "grep-tool-context-throws");
    expect(e.compressor).toBe("grep");
    for (const fact of must) expect(e.text).toContain(fact);
    const matchLines = e.text.split("\n").filter((l) => /^node_modules\/\S+:\d+:/.test(l)).length;
    const contextLines = e.text.split("\n").filter((l) => /^node_modules\/\S+-\d+-/.test(l)).length;
    expect(matchLines).toBeGreaterThan(contextLines);
    expect(e.text.length).toBeLessThan(text.length * 0.4);
  });
});
