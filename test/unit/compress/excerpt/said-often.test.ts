import { describe, expect, it } from "vitest";
import { saidOften } from "../../../../src/compress/excerpt/said-often.ts";
import { FEW } from "../../../../src/compress/excerpt/work.ts";
import { capturedCase } from "../corpus.ts";

describe("the places of a message most problems say go after those of the others", () => {
  it("keeps every `decimal` times `double` error past mcs's 66 `Weight` errors (fresh26)", async () => {
    const { e, must } = await capturedCase("fresh26", "mcs-dispatch-errors-f26");
    for (const f of [
      "Dispatch/Carriers/Cypress.cs(22,20): error CS0019",
      "Dispatch/Carriers/Hazel.cs(22,20): error CS0019",
      "Dispatch/Carriers/Cedar.cs(22,20): error CS0019",
    ])
      expect(e.text, f).toContain(f);
    for (const f of must) expect(e.text, f).toContain(f);
  });

  it("is each place past the first FEW of a message more than half the problems say", () => {
    const common = (k: number) => `src/m${k}.cs(3,5): error CS1061: no Weight`;
    const lines = [
      ...Array.from({ length: FEW + 3 }, (_, k) => common(k)),
      ...Array.from({ length: 4 }, (_, k) => `src/f${k}.cs(9,2): error CS0019: decimal times double`),
    ];
    const told = lines.map((_, i) => i);
    expect([...saidOften(lines, told)]).toEqual([FEW, FEW + 1, FEW + 2]);
  });

  it("is none where no message is said by more than half the problems", () => {
    const lines = [
      ...Array.from(
        { length: FEW + 2 },
        (_, k) => `src/m${k}.ts(3,5): error TS2322: Type 'string' is not assignable`,
      ),
      ...Array.from({ length: FEW + 2 }, (_, k) => `src/n${k}.ts(7,1): error TS2304: Cannot find name`),
    ];
    expect(
      saidOften(
        lines,
        lines.map((_, i) => i),
      ).size,
    ).toBe(0);
  });
});
