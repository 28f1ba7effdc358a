import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("an event that the told-again line refers to by its number", () => {
  it("keeps the event it names: `freed at (4)` keeps `(4) freed here` (fresh10 capture)", async () => {
    // A real `gcc -fanalyzer -Wall -Wextra -c probes.c`: the use after free ends
    // `(6) use after ‘free’ of ‘p’; freed at (4)`, kept as the warning told again, while
    // `(4) freed here`, where the memory was freed, was dropped among the path's lines.
    const { e } = await capturedCase("fresh10", "gcc-fanalyzer-probes-f10");
    expect(e.compressor).toBe("gcc");
    expect(e.text).toContain("(6) use after ‘free’ of ‘p’; freed at (4)");
    expect(e.text).toContain("(4) freed here");
  });

  it("finds the event line by its number between the warning and the line referring to it", async () => {
    const { eventReferred } = await import("../../../../src/compress/excerpt/problem-context.ts");
    const lines = [
      "a.c:9:3: warning: use after ‘free’ of ‘q’ [CWE-416]",
      "    |   (1) entry to ‘f’",
      "    |      |   (4) freed here",
      "    |   (14) other",
      "    |   (5) use after ‘free’ of ‘q’; freed at (4)",
    ];
    expect(eventReferred(lines, 0, 4)).toBe(2);
    expect(eventReferred(lines, 0, 3)).toBe(-1);
    expect(eventReferred(["w", "  (4) x", "  (6) unchecked value from (4)"], 0, 2)).toBe(1);
  });
});
