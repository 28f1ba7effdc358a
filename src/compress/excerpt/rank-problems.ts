/** Problem lines: which lines are problems, and how each is ranked with what locates it. */

import { bareErrorsAgain } from "./bare-errors.ts";
import { distinctPlaces, firstPerFile, type PlacesRead } from "./code-places.ts";
import { commonLead } from "./common-lead.ts";
import { crowdedProblems } from "./crowded-files.ts";
import type { Doc } from "./doc.ts";
import { alikeSuffix } from "./framing.ts";
import { heldBefore } from "./held-before.ts";
import { linePlaces } from "./line-places.ts";
import { enclosingStartTag } from "./markup-parent.ts";
import { E } from "./priorities.ts";
import { attachedAfter, eventReferred, locatedBefore, toldAgainBelow } from "./problem-context.ts";
import { isQuotedSource, quotedAgain } from "./quoted-source.ts";
import { saidPlaces } from "./said-again.ts";
import { OFTEN_SAID_DROP, saidOften } from "./said-often.ts";
import { hasLocation, isCaret, isCodeFrame, isProblem, isSevere } from "./signals.ts";
import { firstOfEachTold } from "./told-once.ts";
import { FOREIGN } from "./traces.ts";
import { warningPlaces } from "./warning-places.ts";
import { type EngineOptions, FEW, fact, isProblemIn, RARE, type Work } from "./work.ts";

/** Of those, this many are facts. */
const ATTACHED_FACTS = 4;

/** Which lines are problems (their words, or the kind's say), past a start most lines share. */
export function problemsOf(doc: Doc, opts: EngineOptions, noise: (i: number) => boolean): Uint8Array {
  const { lines } = doc;
  const problem = new Uint8Array(lines.length);
  const lead = commonLead(lines);
  const words = opts.problemWords !== false;
  // Lines read as problems by their words, and the texts of those found quoted as source.
  const byWords: number[] = [];
  const quoted = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    if (i === doc.hole || noise(i)) continue;
    // What the kind knows a problem needs no reading of its words.
    if (opts.problem?.(i)) {
      problem[i] = 1;
      continue;
    }
    if (!words) continue;
    let body = opts.bodyAt ? lines[i]!.slice(opts.bodyAt(i)) : lines[i]!;
    if (lead && body.startsWith(lead)) body = body.slice(lead.length);
    if (!isProblem(body)) continue;
    if (isQuotedSource(lines, i)) quoted.add(lines[i]!);
    else {
      problem[i] = 1;
      byWords.push(i);
    }
  }
  for (const i of quotedAgain(lines, byWords, quoted)) problem[i] = 0;
  return problem;
}

/** Per ranking, the lines told as what locates a problem (their text). */
const told = new WeakMap<Work, Set<string>>();

/**
 * Lines [from, to] above a problem as what locates it: each a fact but one told above
 * another problem already (g++'s `required from here` in the user's file over each of the
 * errors one call made in a library), which says nothing new there: room. A code frame or
 * caret stays with the line it quotes.
 */
function locatedOnce(w: Work, from: number, to: number, where: number): void {
  const seen = told.get(w) ?? new Set<string>();
  told.set(w, seen);
  for (let k = from; k <= to; k++) {
    const line = w.lines[k]!;
    if (isCodeFrame(line) || isCaret(line) || line.trim() === "" || !seen.has(line)) {
      seen.add(line);
      fact(w, k, k, where, "locator");
    } else w.picks.push({ from: k, to: k, prio: E.moreLocator, why: "locator" });
  }
}

/** The lines that locate problem line `i` (above and under it), as facts of priority `where`. */
function located(w: Work, i: number, where: number): void {
  const { lines } = w;
  const before = locatedBefore(lines, i);
  if (before < i) locatedOnce(w, before, i - 1, where);
  const after = attachedAfter(lines, i, isProblemIn(w));
  const again = toldAgainBelow(lines, i, isProblemIn(w));
  if (again > after) {
    fact(w, again, again, where, "locator");
    const event = eventReferred(lines, i, again);
    if (event > after) fact(w, event, event, where, "locator");
  }
  const source = heldBefore(lines, i, isProblemIn(w));
  if (source >= 0 && source < before) fact(w, source, source, where, "locator");
  const tag = enclosingStartTag(lines, i);
  if (tag >= 0 && tag < before) fact(w, tag, tag, where, "locator");
  // Its first lines locate it, but not frames in the runtime's or a library's code; of a
  // line naming its own place, its code frame to the caret (what follows, gcc's path of
  // events, tells how it came about, not where it is).
  const placed = hasLocation(lines[i]!);
  let kept = 0;
  let framed = false;
  for (let k = i + 1; k <= after; k++) {
    if (kept < ATTACHED_FACTS && !framed && !FOREIGN.test(lines[k]!)) {
      framed = placed && isCaret(lines[k]!);
      fact(w, k, k, where, "locator");
      kept++;
    } else w.picks.push({ from: k, to: k, prio: E.moreLocator, why: "locator" });
  }
}

/**
 * Whether a kind's members are few alike: at most `few`, or RARE where each is the same line.
 * Whether they are all the same line is read only where the count lies between the two (most
 * kinds are a handful or hundreds: a run of hundreds of the same line was read whole).
 */
function isFew(lines: readonly string[], members: readonly number[], few: number): boolean {
  const n = members.length;
  if (n <= Math.min(RARE, few)) return true;
  if (n > Math.max(RARE, few)) return false;
  const first = lines[members[0]!];
  return n <= (members.every((i) => lines[i] === first) ? RARE : few);
}

/** Problems: rare ones whole, with what locates them; frequent ones by their first and last. */
export function rankProblems(w: Work): void {
  const { lines, starts } = w;
  // Few alike (the same error in a handful of files): each one is told whole; the same line
  // again says nothing new but that it came again.
  // Only the kinds of problem lines are read: the list holds every kind of line, most not.
  const kinds = w.t.list.filter((tpl) => tpl.strict);
  const few = kinds.map((tpl) => isFew(lines, tpl.members, w.few));
  const told: number[] = [];
  kinds.forEach((tpl, k) => {
    if (few[k]) told.push(...tpl.members);
  });
  const crowded = crowdedProblems(
    lines,
    told.sort((a, b) => a - b),
    w.opts.bodyAt,
  );
  // One message at many places, each a kind of its own: past its first few, further places.
  const { again, first: firstSaid } = saidPlaces(lines, told, w.opts.bodyAt);
  // Of equal rank, the places of a message said fewer times first.
  const often = saidOften(lines, told, w.opts.bodyAt);
  kinds.forEach((tpl, k) => {
    const m = tpl.members;
    // Errors and what locates them before warnings and theirs.
    const severe = isSevere(lines[m[0]!]!);
    const where = severe ? E.locator : E.warnLocator;
    // Few alike: each one, its place is news.
    if (few[k]) {
      // A warning's kind is news once; each of its other places is a place, after every
      // error's (a shorter run of the same build makes a kind of many into a few).
      for (const i of m) {
        const alike = !severe && m.length > RARE && i !== m[0] && i !== m[m.length - 1];
        // Past a file's first few problems, more of its trouble: after every file's first ones.
        const more = crowded.has(i);
        if (again.has(i)) {
          fact(w, i, i, severe ? E.errorPlace : E.place, "problem");
          located(w, i, E.place);
          continue;
        }
        const prio = severe ? E.problem : alike ? E.place : firstSaid.has(i) ? E.saidPlace : E.warning;
        const drop = often.has(i) ? OFTEN_SAID_DROP : 0;
        fact(w, i, i, (more ? (severe ? E.firstProblem : E.warnLocator) : prio) - drop, "problem");
        located(w, i, alike || more ? E.place : where);
      }
      return;
    }
    const first = m[0]!;
    const last = m[m.length - 1]!;
    // Worth no less than what locates it: else its source and caret were kept without it (gdc's
    // first of 21 `@safe` errors, cut under the cap while its code frame stayed).
    fact(w, first, first, Math.max(severe ? E.firstProblem : E.warning - 1, where), "problem");
    located(w, first, where);
    fact(w, last, last, severe ? E.lastProblem : E.lastProblem - 2, "problem");
    // The lines that locate the last one above it (`In f line 252:` over its source and caret).
    const before = locatedBefore(lines, last);
    if (before < last && hasLocation(lines[before]!)) fact(w, before, last - 1, where, "locator");
    w.suffix.set(first, alikeSuffix(m.length, starts[first]!, starts[last]!));
    // Few things said, each told again (Maven's errors printed twice): each one, as few alike are.
    for (const i of firstOfEachTold(lines, m, w.few))
      if (i !== first && i !== last) {
        fact(w, i, i, severe ? E.problem : E.warning, "problem");
        located(w, i, where);
      }
    // The same error in a few files: where it first stands in each is news (a file to open);
    // a warning's in many files, after every error's place.
    const byFile = firstPerFile(lines, m, w.opts.bodyAt, 2 * FEW);
    const inMany = severe ? E.rare : E.place;
    for (const i of byFile)
      if (i !== first && i !== last)
        fact(w, i, i, byFile.length <= FEW && severe ? where : inMany, "problem");
    // Each place with the line that names it (rustc's `-->` under its header), the last one's
    // too; an error's before a warning's, and each of a bare error said again in its file.
    const read: PlacesRead = { body: [], range: [] };
    const places = distinctPlaces(lines, m, w.opts.bodyAt, read, severe ? 2 * FEW : 0);
    if (severe) {
      for (const [i, to] of places)
        if (!w.facts.has(i) || !w.facts.has(to)) fact(w, i, to, E.errorPlace, "place");
      for (const i of bareErrorsAgain(lines, m, places, w.opts.bodyAt, read.body))
        fact(w, i, i, E.errorPlace, "place");
      // No file named: a script's statements, each error at its own line (line-places.ts).
      if (places.length === 0)
        for (const i of linePlaces(lines, m, w.opts.bodyAt))
          if (!w.facts.has(i)) fact(w, i, i, E.errorPlace, "place");
    } else {
      const told = (i: number) => w.facts.has(i);
      const spread = warningPlaces(lines, places, told, w.opts.bodyAt, read.range);
      for (const [i, to] of spread.facts) fact(w, i, to, E.place, "place");
      for (const [from, to] of spread.room) w.picks.push({ from, to, prio: E.morePlace, why: "place" });
    }
  });
}
