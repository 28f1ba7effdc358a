import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("g++'s `required from here` in the user's code is told once", () => {
  it("one call that fails in a library over several errors: its line once, the errors kept (fresh4 capture)", async () => {
    // `std::ranges::sort` over a vector of a type without assignment: five errors in
    // libstdc++, each under the same `tools/units.cpp:24:12:   required from here`. Told
    // once it is where the user's code is wrong; each telling after says nothing new.
    const { e, must } = await capturedCase("fresh4", "gxx-concepts-errors");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    const here = e.text.split("\n").filter((l) => l === "tools/units.cpp:24:12:   required from here");
    expect(here.length).toBeLessThanOrEqual(2);
  });
});
