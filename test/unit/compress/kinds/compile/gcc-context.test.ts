import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("gcc's `In function` line over a diagnostic", () => {
  it("is a fact with the first of its kind only, not with the same warning in every function (fresh3 capture)", async () => {
    // A real `make -k` of a C++ library (74 KB): the same -Wunused-variable warning in 36
    // files, each under its `src/shape_N.cpp: In function ‘double geo::perimeter_N(…)’:`.
    // Each warning's own line names its place; every `In function` line over them was a
    // fact too, 110 bytes each.
    const { e, must } = await capturedCase("fresh3", "cmake-make-k-gxx");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    const contexts = e.text.split("\n").filter((l) => l.includes(": In function ‘double geo::perimeter_"));
    expect(contexts.length).toBeGreaterThan(0);
    expect(contexts.length).toBeLessThan(10);
  });
});
