import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a frequent kind of line that is mostly one line said again", () => {
  it("is told by that line, not only by its first (fresh9 capture)", async () => {
    // A real valgrind run (53 KB): hundreds of uninitialised-value reports inside printf's
    // float formatting, each ending in the same frame, `by 0x10939F: main (matrix.c:36)`
    // (the program's printf of an uninitialised sum). Its kind (`by 0x…: main (matrix.c:N)`,
    // 127 lines) was shown by its first line, the invalid write's caller at matrix.c:34,
    // and the line said 120 times, where the reports come from, not at all.
    const { e } = await capturedCase("fresh9", "valgrind-matrix-overrun-leaks");
    for (const fact of [
      "by 0x10939F: main (matrix.c:36)",
      "at 0x10922A: mat_fill (matrix.c:16)",
      "ERROR SUMMARY: 428 errors from 125 contexts (suppressed: 0 from 0)",
    ])
      expect(e.text).toContain(fact);
  });
});
