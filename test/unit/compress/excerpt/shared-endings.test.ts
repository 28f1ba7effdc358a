import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { sharedEndings } from "../../../../src/compress/excerpt/shared-endings.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { capturedCase } from "../corpus.ts";

describe("rare lines that end as many lines do", () => {
  it("rank after a rare kind of their own: go build -gcflags=-m's `moved to heap` (fresh23, grown 4x)", async () => {
    // A real `go build -gcflags=-m`: five `moved to heap: x` among a thousand `… escapes to
    // heap` and `… does not escape`. Grown 4x, the excerpt is at its cap, filled by lines
    // each a kind of its own by its subject (`Delim('[') escapes to heap`), ranked above
    // the kind of five: the five were cut.
    const { text, must, hints } = await capturedCase("fresh23", "go-build-gcflags-m-spilled-f23");
    const v = makeVariant(text, must, "grown4x");
    if (!("text" in v)) throw new Error(v.skip);
    const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
    for (const f of must.filter((m) => m.includes("moved to heap"))) expect(e.text, f).toContain(f);
  });

  it("needs the ending held by many lines, more than the line's own kind", () => {
    const lines = [
      ...Array.from({ length: 10 }, (_, k) => `a.go:${k}:2: v${k} escapes to heap`),
      "a.go:99:2: Delim('[') escapes to heap",
      "a.go:98:3: moved to heap: x",
      "a.go:97:3: moved to heap: y",
    ];
    const shared = sharedEndings(
      lines,
      () => true,
      () => 1,
    );
    expect(shared(10)).toBe(true);
    expect(shared(11)).toBe(false);
    expect(
      sharedEndings(
        lines,
        () => true,
        () => 10,
      )(10),
    ).toBe(false);
  });
});
