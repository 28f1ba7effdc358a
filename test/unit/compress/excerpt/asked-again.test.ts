import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a line asked for, said again word for word", () => {
  it("is a fact once (fresh17 `sass --verbose`, 'Compile the print theme with every deprecation')", async () => {
    // 27 deprecation warnings open with the same line; each matched the intent's word and each
    // was a fact: 27 copies of one line, 2.2 KB of a 4.3 KB excerpt, saying only that it came again.
    const { e } = await capturedCase("fresh17", "sass-print-verbose-f17");
    const heading = "DEPRECATION WARNING: Sass's behavior for declarations that appear after nested";
    const shown = e.text.split("\n").filter((l) => l.startsWith(heading));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(2);
    expect(e.text).toContain("[×27 like this");
  });
});
