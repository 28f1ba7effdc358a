import { describe, expect, it } from "vitest";
import { loadCorpus as benchCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { PLACE } from "../../../../src/compress/excerpt/code-places.ts";
import { crowdedProblems } from "../../../../src/compress/excerpt/crowded-files.ts";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { FEW } from "../../../../src/compress/excerpt/work.ts";
import { loadCorpus, readText } from "../corpus.ts";

/** crowdedProblems as it was at 212c1f9 (each problem's file looked up twice): the reference. */
function asItWas(
  lines: readonly string[],
  told: readonly number[],
  bodyAt?: (i: number) => number,
): Set<number> {
  const crowded = new Set<number>();
  if (told.length <= FEW) return crowded;
  const seen = new Map<string, number>();
  for (const i of told) {
    const line = lines[i]!;
    const file = PLACE.exec(bodyAt ? line.slice(bodyAt(i)) : line)?.[1];
    if (file === undefined) continue;
    const k = (seen.get(file) ?? 0) + 1;
    seen.set(file, k);
    if (k > FEW) crowded.add(i);
  }
  return seen.size >= 2 ? crowded : new Set<number>();
}

// crowdedProblems looks a file up only where it differs from the problem before's: on the
// real outputs (the bench's corpus and the tests'), told their problem lines, every line,
// or every line but the first ten characters, it must find the lines it found.
describe("crowdedProblems by runs of one file", () => {
  it("finds the same crowded problems on the corpora", () => {
    const outputs = [...benchCorpus().map((e) => modelView(e)), ...loadCorpus().map((e) => readText(e))];
    let crowded = 0;
    for (const text of outputs) {
      const lines = text.split("\n");
      const all = lines.map((_, i) => i);
      const problems = all.filter((i) => isProblem(lines[i]!));
      for (const told of [problems, all]) {
        const was = asItWas(lines, told);
        crowded += was.size;
        expect([...crowdedProblems(lines, told)]).toEqual([...was]);
      }
      const past = (i: number) => Math.min(10, lines[i]!.length);
      expect([...crowdedProblems(lines, all, past)]).toEqual([...asItWas(lines, all, past)]);
    }
    // Files crowded by problems were there to be found.
    expect(crowded).toBeGreaterThan(500);
  });
});
