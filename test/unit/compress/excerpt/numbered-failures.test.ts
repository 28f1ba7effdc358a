import { describe, expect, it } from "vitest";
import { numberedFailures } from "../../../../src/compress/excerpt/numbered-failures.ts";
import { capturedCase } from "../corpus.ts";

describe("each header of a test runner's numbered failures", () => {
  it("names every failing test (fresh26 `mix test --cover`, 25 failures)", async () => {
    // Sixteen ` NN) test zone of XX is known (HarrowRouting.ZoneTest)` headers alike but for
    // the country were one kind: the first and last showed, and which countries failed was
    // read only from the KeyError lines under them.
    const { e, must } = await capturedCase("fresh26", "mix-test-cover-routing-f26");
    const headers = must.filter((f) => f.startsWith("test ") && f.endsWith("Test)"));
    expect(headers.length).toBe(25);
    for (const fact of headers) expect(e.text).toContain(fact);
  });

  it("reads 1, 2, 3 … in turn, each with detail under it, and only a few", () => {
    const entry = (n: number) => [`  ${n}) test case ${n} (T)`, `     test/t.exs:${n}`, ""];
    const list = [1, 2, 3, 4].flatMap(entry);
    expect(numberedFailures(list)).toEqual([0, 3, 6, 9]);
    // Out of turn, nothing under it, or too few: none.
    expect(numberedFailures([1, 3, 4].flatMap(entry))).toEqual([]);
    expect(numberedFailures(["  1) a", "  2) b", "  3) c"])).toEqual([]);
    expect(numberedFailures([1, 2].flatMap(entry))).toEqual([]);
    // A list of more than 40 is the output: its kinds tell it.
    expect(numberedFailures(Array.from({ length: 41 }, (_, i) => entry(i + 1)).flat())).toEqual([]);
  });
});
