import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("an output of a kind no detector knows", () => {
  it("keeps the lines the agent said it ran the command for (javap, asked for a signature and a constant)", async () => {
    // A real `javap -p -constants java.util.concurrent.ConcurrentHashMap` (10 KB), its
    // description naming computeIfAbsent and the treeify threshold: both lines sit in runs
    // of alike declarations that the ranking alone folds.
    const { text, e, must } = await capturedCase("fresh", "javap-concurrenthashmap");
    expect(e.compressor).toBe("generic");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });
});
