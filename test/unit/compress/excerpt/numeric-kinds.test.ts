import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a kind of line of numbers alone, no word in it", () => {
  it("may hold rare values: the few non-zero rows among zero rows (fresh14 `xxd -l 2048` of a SQLite file)", async () => {
    // Rows of hex have no word of three letters, so they were never a kind whose rare
    // values are read: the header's fields after the first two rows were cut.
    const { e } = await capturedCase("fresh14", "xxd-jobs-from-press-f14");
    for (const fact of [
      "00000020: 0000 0000 0000 0000 0000 0001 0000 0004  ................",
      "00000050: 0000 0000 0000 0000 0000 0000 0000 0002  ................",
    ])
      expect(e.text).toContain(fact);
  });
});
