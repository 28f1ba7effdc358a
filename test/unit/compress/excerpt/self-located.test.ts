import { describe, expect, it } from "vitest";
import { selfLocated } from "../../../../src/compress/excerpt/self-located.ts";
import { capturedCase } from "../corpus.ts";

describe("an output whose every line names its own place", () => {
  it("pulls no finding in as another's locator (fresh15 `perlcritic --severity 3`, 905 findings)", async () => {
    // Each finding naming a warning or an eval took up to five findings above it as its
    // locators: 76 lines of facts that located nothing, and findings of a kind of their own
    // further down were cut at the cap.
    const { e, text } = await capturedCase("fresh15", "perlcritic-severity3-debconf-spilled-f15");
    expect(selfLocated(text.split("\n"))).toBe(true);
    expect(e.text).toContain("Debconf/AutoSelect.pm: Loop iterator is not lexical at line 52, column 2.");
    expect(e.text).toContain("Debconf/Config.pm: Subroutine prototypes used at line 26, column 1.");
  });

  it("is not said of a compiler's diagnostics, whose chains and code frames name no place", async () => {
    // g++'s `required from here` lines above an error locate it, and stay its locators.
    const { text } = await capturedCase("fresh4", "gxx-concepts-errors");
    expect(selfLocated(text.split("\n"))).toBe(false);
    const few = ["a.c:1:2: error: x", "a.c:3:4: error: y"];
    expect(selfLocated(few)).toBe(false);
  });
});
