import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { loadSet, OPEN_SETS, wholeOutput } from "../../../../bench/corpus/facts/sets.ts";
import { bareErrorsAgain } from "../../../../src/compress/excerpt/bare-errors.ts";
import { distinctPlaces, type PlacesRead } from "../../../../src/compress/excerpt/code-places.ts";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { workOf as engineWork } from "../../../../src/compress/excerpt/engine.ts";
import { rankProblems } from "../../../../src/compress/excerpt/rank-problems.ts";
import { warningPlaces } from "../../../../src/compress/excerpt/warning-places.ts";
import type { Work } from "../../../../src/compress/excerpt/work.ts";
import { rankProblems as asItWas } from "./rank-problems-as-it-was.ts";

/** A Work as the engine builds it (engine.ts), with the generic options. */
const workOf = (text: string): Work => engineWork(docOf(text));

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
// bareErrorsAgain and warningPlaces take distinctPlaces' matches rather than reading each place again: on
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

// bareErrorsAgain and warningPlaces with the places distinctPlaces read (PlacesRead) against
// reading each place themselves, over every kind of problem of every real output.
describe("bareErrorsAgain and warningPlaces with distinctPlaces' matches", () => {
  it("find what reading each place again found", () => {
    let kinds = 0;
    let bare = 0;
    let spread = 0;
    for (const text of texts()) {
      const w = workOf(text);
      for (const tpl of w.t.list) {
        if (!tpl.strict || tpl.members.length < 2) continue;
        const m = tpl.members;
        const read: PlacesRead = { body: [], range: [] };
        const places = distinctPlaces(w.lines, m, undefined, read);
        expect(places).toEqual(distinctPlaces(w.lines, m));
        const was = bareErrorsAgain(w.lines, m, places);
        expect(bareErrorsAgain(w.lines, m, places, undefined, read.body)).toEqual(was);
        // Every other place told already, as a kind's first places are.
        const told = (i: number) => i % 2 === 0;
        const wasSpread = warningPlaces(w.lines, places, told);
        expect(warningPlaces(w.lines, places, told, undefined, read.range)).toEqual(wasSpread);
        if (places.length > 0) kinds++;
        bare += was.length;
        spread += wasSpread.facts.length + wasSpread.room.length;
      }
    }
    expect(kinds).toBeGreaterThan(50);
    expect(bare).toBeGreaterThan(0);
    expect(spread).toBeGreaterThan(100);
  });
});
