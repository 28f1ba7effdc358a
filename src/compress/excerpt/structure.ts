/**
 * The rules that read an output's shape rather than the kinds of its lines: a tree's
 * roots, the opening lines of blank-separated blocks of trees and where their chains end,
 * the few lines that vary a form most lines share, a patch's headers, a ruled report's
 * closing block, what a list ended with above the block that counts it, labels other
 * lines call by name, a disassembled function's calls and a small program's own code, each commit of a
 * porcelain blame, the few lines in letters the rest
 * never use, where a JSON document breaks, a document's headings and directives, the top
 * of a ranking by share, the header and first value of each timed section, what a source
 * listing's tool says of its units, what a tool narrates between blocks of indented detail, the
 * keys of a YAML mapping of records, each failed request of an access log, ms_print's peak,
 * valgrind's own frame of each record, a sanitizer's own frame of each stack, each header of a test runner's numbered failures, the few lines not marked as most are, the rare values of
 * a list's last column, a run's closing tally of counts ending in a total, where a measured series
 * leaves its level and comes back.
 * Each ranks the lines it finds as facts; the engine
 * calls them here, in this order, so that a rule of this kind has one place to go.
 */
import { askedSections } from "./asked-section.ts";
import { porcelainCommits } from "./blame-porcelain.ts";
import { blockHeads } from "./block-heads.ts";
import { bytecodeCalls } from "./bytecode-calls.ts";
import { rankClosingSummary } from "./closing-summary.ts";
import { closingTally } from "./closing-tally.ts";
import { countedLast } from "./counted-last.ts";
import { callsByName } from "./disassembly-calls.ts";
import { documentOutline } from "./doc-outline.ts";
import { excursions } from "./excursions.ts";
import { foreignLetters } from "./foreign-letters.ts";
import { listingReport } from "./gutter-listing.ts";
import { headTree } from "./head-tree.ts";
import { issuePaths } from "./issue-paths.ts";
import { jsonBreak } from "./json-break.ts";
import { listEnd } from "./list-end.ts";
import { mappingKeys } from "./mapping-keys.ts";
import { massifPeak } from "./massif-peak.ts";
import { rankNamedLabels } from "./named-labels.ts";
import { namedShares } from "./named-shares.ts";
import { narration } from "./narration.ts";
import { numberedFailures } from "./numbered-failures.ts";
import { numberedFindings } from "./numbered-findings.ts";
import { ownCode } from "./own-code.ts";
import { ownFrames } from "./own-frames.ts";
import { rankPatchOutline } from "./patch-headers.ts";
import { percentRanking } from "./percent-ranking.ts";
import { E, type Why } from "./priorities.ts";
import { rareLastValues } from "./rare-last-values.ts";
import { rarityRanked } from "./rarity-ranked.ts";
import { requestOutcomes } from "./request-outcomes.ts";
import { sanitizerFrames } from "./sanitizer-frames.ts";
import { largestSized } from "./sized-tree.ts";
import { timedSections } from "./timed-sections.ts";
import { leafTexts } from "./tree-leaves.ts";
import { treeRoots } from "./tree-roots.ts";
import { unmarkedLines } from "./unmarked-lines.ts";
import { variantLines } from "./variant-lines.ts";
import { fact, nonBlankOf, rareLimit, type Work } from "./work.ts";

/**
 * Whether a line is of a rare kind as the engine counts it (engine.ts rankRest: in an
 * output of 500 lines, three alike lines are as rare as one), not blank and not noise.
 */
function rareIn(w: Work): (i: number) => boolean {
  let limit = -1;
  return (i) => {
    const k = w.t.of[i]!;
    if (k < 0 || w.noise(i)) return false;
    if (limit < 0) limit = rareLimit(nonBlankOf(w.t));
    return w.t.list[k]!.members.length <= limit;
  };
}

/**
 * The lines a rule found that are not facts yet, made facts (those already facts stay as first
 * told); with `outsideNoise`, none the kind calls noise.
 */
function newFacts(w: Work, found: Iterable<number>, prio: number, why: Why, outsideNoise = false): void {
  for (const i of found) {
    if (outsideNoise && w.noise(i)) continue;
    if (!w.facts.has(i)) fact(w, i, i, prio, why);
    // Ranked only for its rare kind, under this rule's worth: the rule's (rarity-ranked.ts).
    else if ((rarityRanked(w).get(i) ?? prio) < prio) w.picks.push({ from: i, to: i, prio, why });
  }
}

export function rankStructure(w: Work): void {
  const heads = blockHeads(w.lines);
  newFacts(w, [...treeRoots(w.lines), ...heads, ...leafTexts(w.lines, heads)], E.rare, "tree-root");
  newFacts(w, headTree(w.lines), E.rare, "tree-root");
  for (const i of variantLines(w.lines, w.noise)) fact(w, i, i, E.outlier, "outlier");
  newFacts(w, largestSized(w.lines), E.outlier, "outlier");
  rankPatchOutline(w);
  rankClosingSummary(w);
  newFacts(w, closingTally(w.lines), E.tally, "end");
  rankNamedLabels(w);
  newFacts(w, callsByName(w.lines), E.rare, "label");
  newFacts(w, bytecodeCalls(w.lines), E.rare, "label");
  newFacts(w, ownCode(w.lines), E.rare - 1, "label");
  for (const c of porcelainCommits(w.lines)) {
    fact(w, c.header, c.author, E.rare + c.weight / 2, "blame");
    fact(w, c.summary, c.summary, E.rare + c.weight / 2, "blame");
  }
  newFacts(w, foreignLetters(w.lines, w.source), E.rare, "rare");
  const end = listEnd(w.lines);
  if (end >= 0) newFacts(w, [end], E.rare, "end");
  const broken = jsonBreak(w.lines);
  if (broken >= 0) fact(w, broken, broken, E.rare, "rare");
  const outline = documentOutline(w.lines);
  newFacts(w, outline, E.rare, "tree-root");
  newFacts(w, askedSections(w.lines, outline, w.opts.intent, rareIn(w)), E.asked - 1, "asked");
  newFacts(w, percentRanking(w.lines), E.rare, "outlier");
  newFacts(w, namedShares(w.lines), E.rare, "outlier");
  newFacts(w, timedSections(w.lines), E.rare, "tree-root");
  newFacts(w, mappingKeys(w.lines), E.rare, "tree-root");
  newFacts(w, requestOutcomes(w.lines, w.source), E.rare, "outcome");
  newFacts(w, massifPeak(w.lines), E.rare, "outcome");
  newFacts(w, ownFrames(w.lines), E.rare, "label");
  newFacts(w, sanitizerFrames(w.lines, w.source), E.rare, "label");
  // Each header at one worth, those already facts too: a list told in part is no list.
  for (const i of numberedFailures(w.lines)) fact(w, i, i, E.rare, "label");
  newFacts(w, numberedFindings(w.lines), E.rare, "label");
  newFacts(w, issuePaths(w.lines), E.rare, "label");
  newFacts(w, listingReport(w.lines), E.rare, "outcome");
  newFacts(w, countedLast(w.lines, w.t), E.rare, "end", true);
  newFacts(w, narration(w.lines, w.t), E.rare, "rare", true);
  newFacts(w, unmarkedLines(w.lines), E.rare, "rare", true);
  newFacts(w, rareLastValues(w.lines), E.outlier, "outlier", true);
  newFacts(w, excursions(w.lines, w.t), E.outlier, "outlier", true);
}
