import { describe, expect, it } from "vitest";
import { E } from "../../../../src/compress/excerpt/priorities.ts";
import { rarerFirst } from "../../../../src/compress/excerpt/rarer-first.ts";
import { capturedCase } from "../corpus.ts";

describe("rare lines ranked rarer first", () => {
  it("keeps a finding of a kind of its own past the cap (fresh15 `perlcritic --severity 3`)", async () => {
    // 249 lines of kinds of up to eight alike are rare among 905; past the cap, which went
    // was decided by length alone, and this one, alone of its kind, went.
    const { e } = await capturedCase("fresh15", "perlcritic-severity3-debconf-spilled-f15");
    expect(e.text).toContain(
      "Debconf/FrontEnd/Readline.pm: Use IO::Interactive::is_interactive() instead of -t at line 17, column 2.",
    );
  });

  it("puts a kind of fewer lines first, a shorter line among as rare, all above the next kind of fact", () => {
    expect(rarerFirst(E.rare, 150, 1)).toBeGreaterThan(rarerFirst(E.rare, 60, 2));
    expect(rarerFirst(E.rare, 60, 1)).toBeGreaterThan(rarerFirst(E.rare, 150, 1));
    expect(rarerFirst(E.rare, 5000, 8)).toBeGreaterThan(E.first);
    expect(rarerFirst(E.rare, 0, 1)).toBeLessThanOrEqual(E.rare);
  });
});
