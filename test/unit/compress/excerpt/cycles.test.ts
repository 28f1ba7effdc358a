import { describe, expect, it } from "vitest";
import { repeatedBlock } from "../../../../src/compress/excerpt/cycles.ts";
import { capturedCase } from "../corpus.ts";

describe("a block of lines repeated whole, back to back", () => {
  it("is found with its first round and how many rounds", () => {
    const round = ["  at a (x.js:1)", "  at b (x.js:2)", "  at b (x.js:9)", "  at c (y.js:3)"];
    const lines = [
      "Error: boom",
      "  at top (z.js:1)",
      ...round,
      ...round,
      ...round,
      ...round,
      "  at main (m.js:1)",
    ];
    expect(repeatedBlock(lines)).toEqual({ from: 2, to: 5, rounds: 4, chars: 64 });
  });

  it("is not a block seen twice, nor one line repeated", () => {
    expect(repeatedBlock(["a", "b", "a", "b", "c"])).toBeUndefined();
    expect(repeatedBlock(["x", "a", "a", "a", "a", "a", "y"])).toBeUndefined();
  });

  it("keeps one whole round of a stack overflow's recursion (fresh3 capture)", async () => {
    // A real `kubectl logs` of a Clojure app's StackOverflowError (8.4 KB), its frames
    // escaped inside a JSON string (`\tat`): a 16-frame loop between the app's caret
    // listener and Swing's setCaretPosition, six rounds. Each frame was a kind of line of
    // its own, shown by its first as room allowed: setCaretPosition was left out.
    const { text, e, must } = await capturedCase("fresh3", "kubectl-logs-java-crash");
    const lines = text.split("\n");
    const block = repeatedBlock(lines)!;
    expect(block.to - block.from + 1).toBe(16);
    expect(block.rounds).toBeGreaterThanOrEqual(6);
    for (let k = block.from; k <= block.to; k++) expect(e.text).toContain(lines[k]!);
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.4);
  });
});
