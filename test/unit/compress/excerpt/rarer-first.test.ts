import { describe, expect, it } from "vitest";
import { E, rareWorth } from "../../../../src/compress/excerpt/priorities.ts";
import { capturedCase } from "../corpus.ts";

describe("the rarer a kind, the more its line is worth", () => {
  it("keeps perlcritic's findings of a kind seen once among 900 (fresh15 `perlcritic --severity 3`)", async () => {
    // 190 lines of kinds of eight or fewer, more than the cap holds. Before, the shorter
    // lines went first whatever their kind's size, and the findings the user needed (the
    // severity-5 ones seen once, the unused private subs and variables) were cut.
    const { e, must } = await capturedCase("fresh15", "perlcritic-severity3-debconf-spilled-f15");
    const kept = must.filter((f) => e.text.includes(f));
    expect(kept.length).toBeGreaterThanOrEqual(12);
    for (const f of [
      "Debconf/AutoSelect.pm: Loop iterator is not lexical at line 52, column 2.",
      "Debconf/Encoding.pm: Private subroutine/method '_wrap' declared but not used at line 31, column 3.",
      'Debconf/Element/Gnome/Multiselect.pm: "$val" is declared but not used at line 73, column 2.',
    ])
      expect(e.text).toContain(f);
  });

  it("orders by the kind's size, then the length, within a point under E.rare", () => {
    expect(rareWorth(300, 1)).toBeGreaterThan(rareWorth(80, 8));
    expect(rareWorth(80, 3)).toBeGreaterThan(rareWorth(300, 3));
    for (const [len, n] of [
      [0, 1],
      [5000, 40],
    ] as const) {
      expect(rareWorth(len, n)).toBeLessThanOrEqual(E.rare);
      expect(rareWorth(len, n)).toBeGreaterThanOrEqual(E.rare - 1);
    }
  });
});
