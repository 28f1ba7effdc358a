import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { loadSet, OPEN_SETS, wholeOutput } from "../../../../bench/corpus/facts/sets.ts";
import { bareErrorsAgain } from "../../../../src/compress/excerpt/bare-errors.ts";
import { distinctPlaces } from "../../../../src/compress/excerpt/code-places.ts";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { fewOf, madeOfProblems } from "../../../../src/compress/excerpt/made-of-problems.ts";
import { problemsOf, rankProblems } from "../../../../src/compress/excerpt/rank-problems.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { FEW, RARE, type Work } from "../../../../src/compress/excerpt/work.ts";
import { rankProblems as asItWas } from "./rank-problems-as-it-was.ts";

/** A Work as the engine builds it (engine.ts rank), with the generic options. */
function workOf(text: string): Work {
  const doc = docOf(text);
  const noise = () => false;
  const problem = problemsOf(doc, {}, noise);
  const allProblems = madeOfProblems(doc, problem);
  const t = templatesOf(doc, (k) => problem[k] === 1, undefined, undefined, allProblems);
  const gate: number[] = [];
  for (let i = 0; i < doc.lines.length; i++) if (problem[i]) gate.push(i);
  return {
    lines: doc.lines,
    starts: doc.starts,
    source: doc.source,
    t,
    opts: {},
    noise,
    problem,
    allProblems,
    few: allProblems ? fewOf(t, RARE, FEW) : FEW,
    picks: [],
    suffix: new Map(),
    facts: new Set(),
    gate,
  };
}

/** Every real output: the bench's corpus and the open fact sets' captures (never blind's). */
const texts = (): string[] => [
  ...loadCorpus().map(modelView),
  ...OPEN_SETS.flatMap((set) => loadSet(set).map(wholeOutput)),
];

const fresh = (w: Work): Work => ({
  ...w,
  picks: [],
  suffix: new Map(),
  facts: new Set(),
  gate: [...w.gate],
});

// rankProblems reads whether a kind is few alike only where its count leaves it open, and
// bareErrorsAgain takes distinctPlaces' matches rather than reading each place again: on
// every real output, the picks, facts and suffixes must be those of the function as it was.
describe("rankProblems on the corpus's outputs", () => {
  it("ranks as it did before", () => {
    let ranked = 0;
    let picks = 0;
    for (const text of texts()) {
      if (text.length < 2000) continue;
      const w = workOf(text);
      if (w.gate.length === 0) continue;
      const now = fresh(w);
      const was = fresh(w);
      rankProblems(now);
      asItWas(was);
      expect(now.picks).toEqual(was.picks);
      expect([...now.suffix]).toEqual([...was.suffix]);
      ranked++;
      picks += was.picks.length;
    }
    expect(ranked).toBeGreaterThan(100);
    expect(picks).toBeGreaterThan(1000);
  });
});

// bareErrorsAgain with distinctPlaces' matches of each member (`bodyPlaces`) against reading
// each place itself, over every kind of problem of every real output.
describe("bareErrorsAgain with distinctPlaces' matches", () => {
  it("finds what reading each place again found", () => {
    let kinds = 0;
    let found = 0;
    for (const text of texts()) {
      const w = workOf(text);
      for (const tpl of w.t.list) {
        if (!tpl.strict || tpl.members.length < 2) continue;
        const bodyPlaces: (RegExpExecArray | null)[] = [];
        const places = distinctPlaces(w.lines, tpl.members, undefined, bodyPlaces);
        expect(places).toEqual(distinctPlaces(w.lines, tpl.members));
        const was = bareErrorsAgain(w.lines, tpl.members, places);
        expect(bareErrorsAgain(w.lines, tpl.members, places, undefined, bodyPlaces)).toEqual(was);
        if (places.length > 0) kinds++;
        found += was.length;
      }
    }
    expect(kinds).toBeGreaterThan(50);
    expect(found).toBeGreaterThan(0);
  });
});
