import { describe, expect, it } from "vitest";
import { loadCorpus as benchCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { locatedBefore } from "../../../../src/compress/excerpt/problem-context.ts";
import { sameFinding } from "../../../../src/compress/excerpt/sibling-findings.ts";
import { largestSized } from "../../../../src/compress/excerpt/sized-tree.ts";
import { loadCorpus, readText } from "../corpus.ts";
import * as asItWas from "./located-gates-as-it-was.ts";

// tagOf tells a line by its last character before its regex, locatedBefore reads whether a
// line names a place once, largestSized looks for `B)` before its regex: on every line of
// the real outputs (the bench's corpus and the tests'), each must answer as it did.
describe("locatedBefore, sameFinding and largestSized with their gates", () => {
  const outputs = [...benchCorpus().map((e) => modelView(e)), ...loadCorpus().map((e) => readText(e))].map(
    (text) => text.split("\n"),
  );

  it("locates every line of the corpus as before", () => {
    let lines = 0;
    let located = 0;
    for (const out of outputs)
      for (let i = 0; i < out.length; i++) {
        const was = asItWas.locatedBefore(out, i);
        if (was < i) located++;
        lines++;
        expect(locatedBefore(out, i)).toBe(was);
      }
    expect(lines).toBeGreaterThan(100_000);
    // Lines above were taken as what locates one, not only none.
    expect(located).toBeGreaterThan(1000);
  });

  it("tells the same findings apart, lines ending in blanks and brackets included", () => {
    const tags = ["(Severity: 3)", "[no-any-return]", "[-Wunused-variable]", "(x)", "[E501]", "(a(b))"];
    const ends = ["", " ", "\t", "\u00a0", "\u3000", "\ufeff", "\r", " .", ".", ")", "]"];
    const made = tags.flatMap((t) => ends.map((e) => `a.py:3: error: x ${t}${e}`));
    let same = 0;
    for (const line of made)
      for (const above of made) {
        const was = asItWas.sameFinding(above, line);
        if (was) same++;
        expect(sameFinding(above, line)).toBe(was);
      }
    for (const out of outputs)
      for (let i = 1; i < out.length; i++) {
        const was = asItWas.sameFinding(out[i - 1]!, out[i]!);
        if (was) same++;
        expect(sameFinding(out[i - 1]!, out[i]!)).toBe(was);
      }
    expect(same).toBeGreaterThan(100);
  });

  it("finds the same largest entries", () => {
    for (const out of outputs) expect(largestSized(out)).toEqual(asItWas.largestSized(out));
    // The corpus holds no sized tree: one made of entries in every unit, among lines that end
    // with `)` or `B)` and are none (npm's `(cache updated)`), cut at each length.
    const ends = [
      "(351B)",
      "(1.43KB)",
      "(12 kB)",
      "(2MiB)",
      "(0.5GB)",
      "(cache updated)",
      "(x B)",
      "B)",
      "(12B) ",
    ];
    const tree = Array.from({ length: 60 }, (_, k) => `├─ file:///m${k}.ts (${k * 3}.${k}${"kKMG"[k % 4]}B)`);
    const mixed = tree.flatMap((line, k) => [line, `npm http fetch GET 200 r/${k} ${ends[k % ends.length]}`]);
    let found = 0;
    for (const lines of [tree, mixed])
      for (let n = 1; n <= lines.length; n++) {
        const was = asItWas.largestSized(lines.slice(0, n));
        if (was.length > 0) found++;
        expect(largestSized(lines.slice(0, n))).toEqual(was);
      }
    expect(found).toBeGreaterThan(50);
  });
});
