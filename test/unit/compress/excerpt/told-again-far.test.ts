import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a diagnostic told again at the end of a long path of events", () => {
  it("keeps the event where it happens, however far below (fresh7 capture)", async () => {
    // A real `gcc -fanalyzer -Wall -c tokenizer.c`: the use after free is told again as
    // event (32), 121 lines below its warning, after a path through five functions. The
    // look for it stopped at 120 lines, so only the warning was kept.
    const { e } = await capturedCase("fresh7", "gcc-fanalyzer-tokenizer");
    expect(e.compressor).toBe("gcc");
    for (const fact of [
      "tokenizer.c:23:19: warning: use after ‘free’ of ‘head’ [CWE-416] [-Wanalyzer-use-after-free]",
      "(32) use after ‘free’ of ‘head’; freed at (28)",
      "(23) dereference of NULL ‘head’",
      "tokenizer.c:37:44: warning: leak of FILE ‘f’ [CWE-775] [-Wanalyzer-file-leak]",
    ])
      expect(e.text).toContain(fact);
  });

  it("keeps the event that tells it in other words: the last naming what it names (fresh7 capture)", async () => {
    // The file leak's warning says `leak of FILE ‘f’`; its path ends `(7) ‘f’ leaks here;
    // was opened at (6)`, which does not hold the message, so it was not looked for.
    const { e } = await capturedCase("fresh7", "gcc-fanalyzer-tokenizer");
    expect(e.text).toContain("(7) ‘f’ leaks here; was opened at (6)");
    expect(e.text).toContain("(7) ‘t’ could be NULL: unchecked value from (6)");
  });

  it("finds no line where the message names nothing in quotes", async () => {
    const { toldAgainBelow } = await import("../../../../src/compress/excerpt/problem-context.ts");
    const lines = ["a.c:3:1: warning: leak of memory here [-Wx]", "  (1) f leaks", "  (2) done"];
    expect(toldAgainBelow(lines, 0, () => false)).toBe(-1);
    const named = [
      "a.c:3:1: warning: leak of FILE ‘f’ [-Wx]",
      "  (1) ‘f’ opened",
      "  (2) ‘f’ leaks here",
      "x",
    ];
    expect(toldAgainBelow(named, 0, () => false)).toBe(2);
  });
});
