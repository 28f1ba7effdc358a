import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { MUST, pack } from "../../../../src/compress/excerpt/pack.ts";
import { capturedCase } from "../corpus.ts";

// Where facts took an excerpt past its budget, what is not a fact gets a share of the budget
// past them (packer.ts) to say what the rest of the output is: the first line of each kind
// of line, the output's head, a kind's own room. More lines around a fact already located
// and code quoted under a problem say nothing of the rest: they only fill the budget.

const line = (i: number) => `line ${i + 1} ${"x".repeat(40)}`;

describe("the room past the facts", () => {
  const doc = docOf(Array.from({ length: 200 }, (_, i) => line(i)).join("\n"));
  // Facts over lines 0-39 take about 1,900 characters: past a budget of 1,000.
  const facts = Array.from({ length: 40 }, (_, i) => ({ from: i, to: i, prio: MUST }));

  it("goes to a line telling a kind of line", () => {
    const picks = [...facts, { from: 150, to: 150, prio: 90, why: "first-of-kind" as const }];
    const out = pack(doc, picks, [], { budget: 1000, hardCap: 5000 }).text;
    expect(out).toContain(line(150));
  });

  it("does not go to more locator lines or code frames", () => {
    for (const why of ["locator", "code-frame"] as const) {
      const picks = [...facts, { from: 150, to: 150, prio: 90, why }];
      const out = pack(doc, picks, [], { budget: 1000, hardCap: 5000 }).text;
      expect(out, why).not.toContain(line(150));
      // Within the budget they are taken as before.
      const few = [
        { from: 0, to: 0, prio: MUST },
        { from: 150, to: 150, prio: 90, why },
      ];
      expect(pack(doc, few, [], { budget: 1000, hardCap: 5000 }).text, why).toContain(line(150));
    }
  });

  it("leaves gcc -fanalyzer's paths of events out past its facts, every fact kept (fresh4 capture)", async () => {
    // A real `gcc -fanalyzer` (26 KB): its warnings took the excerpt past its budget, and
    // the share past them went to the event paths drawn under them (`|   45 | int main(`,
    // `|      |     (1) entry to ‘main’`), lines kept only as more of what locates a warning.
    const { e, must } = await capturedCase("fresh4", "gcc-fanalyzer-jobq");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text).not.toContain("    |      |     (1) entry to ‘main’");
    // Nor the function a warning of a kind already located stands in (compile/diagnostics.ts).
    expect(e.text).not.toContain("tools/jobq.c: In function ‘pop’:");
    // 6,318 characters when they were kept.
    expect(e.text.length).toBeLessThan(6100);
  });
});
