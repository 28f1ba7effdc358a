import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { rank } from "../../../../src/compress/excerpt/engine.ts";
import { MUST } from "../../../../src/compress/excerpt/pack-items.ts";

/** The lines the engine's problem ranking holds as facts. */
function factLines(text: string): number[] {
  const { picks } = rank(docOf(text), { factsOnly: true });
  const lines = new Set<number>();
  for (const p of picks) if (p.prio >= MUST) for (let k = p.from; k <= p.to; k++) lines.add(k);
  return [...lines].sort((a, b) => a - b);
}

describe("the lines under a problem that names its own place", () => {
  it("hold its code frame to the caret as facts, not the path of events after it (fresh4 capture)", () => {
    // gcc -fanalyzer (gcc-fanalyzer-jobq): a warning naming file:line:col, its source and
    // caret, then the path of events that led there. The events' first lines were facts
    // as what locates the warning, though its own line says where it is.
    const text = [
      "tools/jobq.c:13:45: warning: dereference of NULL ‘j’ [CWE-476] [-Wanalyzer-null-dereference]",
      "   13 | static void job_free(struct job *j) { free(j->name); free(j); }",
      "      |                                            ~^~~~~~",
      "  ‘main’: events 1-2",
      "    |",
      "    |   45 | int main(int argc, char **argv) {",
      "    |      |     ^~~~",
      "    |      |     |",
      "    |      |     (1) entry to ‘main’",
      "    |......",
      "    |   48 |     cancel(&q, pop(&q));",
    ].join("\n");
    const facts = factLines(text);
    expect(facts.slice(0, 3)).toEqual([0, 1, 2]);
    // The path's first lines (the end of the output is a fact of its own).
    for (const k of [3, 4, 5, 6]) expect(facts).not.toContain(k);
  });

  it("still hold the first lines under a problem that does not name its place (a Java failure)", () => {
    const text = [
      "[ERROR] com.acme.orders.PricingTest.vatForOtherCountries(String)[1] -- Time elapsed: 0.292 s <<< ERROR!",
      "java.lang.IllegalArgumentException: no VAT rate for AT",
      "\tat com.acme.orders.Pricing.withVat(Pricing.java:13)",
      "\tat com.acme.orders.PricingTest.vatForOtherCountries(PricingTest.java:22)",
    ].join("\n");
    expect(factLines(text)).toEqual([0, 1, 2, 3]);
  });
});

describe("what locates a problem, told again above another", () => {
  it("is a fact above the first only (g++'s `required from here`, fresh4 capture)", () => {
    // g++ on std::sort over a transform view (gxx-concepts-errors): each error inside
    // libstdc++ follows the same instantiation chain ending in the user's call; each copy
    // of the chain was a fact again.
    const text = [
      "/usr/include/c++/12/bits/stl_algo.h:4820:18:   required from ‘constexpr void std::sort(_RAIter, _RAIter)’",
      "tools/units.cpp:24:12:   required from here",
      "/usr/include/c++/12/bits/stl_algo.h:1814:15: error: lvalue required as left operand of assignment",
      " 1814 |               *__first = _GLIBCXX_MOVE(__val);",
      "      |               ^~~~~~~~",
      "/usr/include/c++/12/bits/stl_algo.h:4820:18:   required from ‘constexpr void std::sort(_RAIter, _RAIter)’",
      "tools/units.cpp:24:12:   required from here",
      "/usr/include/c++/12/bits/stl_heap.h:263:7: error: lvalue required as left operand of assignment",
      "  263 |       *__result = _GLIBCXX_MOVE(*__first);",
      "      |       ^~~~~~~~~",
      "exit code: 1",
    ].join("\n");
    const facts = factLines(text);
    for (const k of [0, 1, 2, 7]) expect(facts).toContain(k);
    for (const k of [5, 6]) expect(facts).not.toContain(k);
  });
});
