import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { firstOfEachTold } from "../../../../src/compress/excerpt/told-once.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { capturedCase } from "../corpus.ts";

describe("alike problem lines that are one list told again", () => {
  // `mvn compile` of billing (fresh4, 5 KB, passed whole) with its [INFO] lines grown to
  // twice by the robustness bench: seven `cannot find symbol` errors, printed, then printed
  // again under `Failed to execute goal`. Fourteen alike lines were a frequent kind, shown by
  // their first and last: five of the seven errors, and the symbols they miss, were cut.
  it("keeps each error of a list Maven prints twice, with what it misses", async () => {
    const { text, must, hints } = await capturedCase("fresh4", "mvn-compile-errors");
    const v = makeVariant(text, must, "grown2x");
    if (!("text" in v)) throw new Error(v.skip);
    const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
    for (const fact of [
      "Dunning.java:[23,46] cannot find symbol",
      "Dunning.java:[11,18] cannot find symbol",
      "Dunning.java:[11,51] cannot find symbol",
      "Dunning.java:[24,9] cannot find symbol",
      "Invoice.java:[22,28] cannot find symbol",
      "Invoice.java:[26,39] cannot find symbol",
      "Invoice.java:[26,76] cannot find symbol",
      "symbol:   method due()",
      "symbol:   variable currency",
    ])
      expect(e.text).toContain(fact);
  });

  it("is a list told whole, in order, its lines holding their places", () => {
    const told = ["a.java:[1,2] x", "a.java:[3,4] y", "b.rs:5:9 z"];
    const lines = [...told, ...told];
    expect(firstOfEachTold(lines, [0, 1, 2, 3, 4, 5], 8)).toEqual([0, 1, 2]);
    // More things than few, a list cut short, lines in another order: not told again.
    expect(firstOfEachTold(lines, [0, 1, 2, 3, 4, 5], 2)).toEqual([]);
    expect(firstOfEachTold(lines, [0, 1, 2, 3, 4], 8)).toEqual([]);
    expect(firstOfEachTold([...told, told[1]!, told[0]!, told[2]!], [0, 1, 2, 3, 4, 5], 8)).toEqual([]);
    // cargo's `warning: unused variable` in file after file, each file named by `-->` under it.
    const cargo = ["warning: unused variable: `a`", "warning: unused variable: `b`"];
    expect(firstOfEachTold([...cargo, ...cargo], [0, 1, 2, 3], 8)).toEqual([]);
  });
});
