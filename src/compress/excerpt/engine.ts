/**
 * The one ranking every excerpt starts from, whatever printed the output. Lines are
 * grouped into templates (templates.ts) and the room is spent by information:
 *
 *   1. every problem line (an error, a failure, a warning) whose template is rare, with
 *      the lines that locate it (the `file:line`, the source line and caret, the frames
 *      and comparison under it);
 *   2. the last lines of the output (how it ended: the exit, the summary; ranked above the
 *      problems, as they are few) and the lines just before a crash, or before a run of new
 *      kinds of line (a restart: regime.ts);
 *   3. the first and the last line of each frequent problem template, the first saying how
 *      many lines are alike and where;
 *   4. in a repetitive output, every line of a rare template, and every line whose value
 *      in some field is rare among the lines of its template (the one 500 among 200s);
 *   5. the first and last line of each other frequent template, with its count;
 *   6. the beginning;
 *   7. in an output dated line by line but not in time order (git blame), the newest lines;
 *      in a git blame, where each commit and file first shows and the source's declarations
 *      (its code's rare lines and odd values are no facts there: newest.ts).
 *
 * The first four are facts: they may take the excerpt past its budget up to the cap
 * (budget.ts); the rest share the budget. A kind adds its own picks (what it knows of
 * its tool's structure) to these, and the packer (pack.ts) keeps what fits.
 */

import { askedDrops } from "./asked-kinds.ts";
import { ROUND_CHARS, repeatedBlock } from "./cycles.ts";
import type { Doc } from "./doc.ts";
import { demoteEchoes } from "./echoes.ts";
import { failedCalls } from "./failed-calls.ts";
import { failedTestOutput } from "./failed-events.ts";
import { fewAlike } from "./few-alike.ts";
import { fewByShape } from "./few-shapes.ts";
import { alikeSuffix } from "./framing.ts";
import { heldByMost } from "./held-by-most.ts";
import { intentLines } from "./intent.ts";
import { kinLines } from "./kin.ts";
import { loneValues } from "./lone-values.ts";
import { fewOf, madeOfProblems } from "./made-of-problems.ts";
import { minorityRecords } from "./minority-records.ts";
import { minorityRows } from "./minority-rows.ts";
import { blameFacts, newestLines } from "./newest.ts";
import { outcomeLines } from "./outcomes.ts";
import { outliers, outputOutliers } from "./outliers.ts";
import { overZero } from "./over-zero.ts";
import type { Pick } from "./pack-items.ts";
import { placedAbove } from "./placed-above.ts";
import { asRoom, E, rareWorth } from "./priorities.ts";
import { locatedBefore } from "./problem-context.ts";
import { problemsOf, rankProblems } from "./rank-problems.ts";
import { rareAreFactsIn, repetitive } from "./rare-facts.ts";
import { rankRecords } from "./record-facts.ts";
import { recordKey } from "./record-key.ts";
import { namesItsKind, recordAround, recordOfPeriod } from "./records.ts";
import { regimeChange } from "./regime.ts";
import { sharedEndings } from "./shared-endings.ts";
import { isCaret, isCodeFrame, isFrame, isSuccess, isSummary } from "./signals.ts";
import { rankStoppedBy } from "./stopped-by.ts";
import { rankStructure } from "./structure.ts";
import { type Template, type Templates, templatesOf } from "./templates.ts";
import { FOREIGN, nearTheEnd } from "./traces.ts";
import { ancestors, children, depthsOf, recordIdOf } from "./tree-depths.ts";
import { wentOnAfter } from "./went-on.ts";
import { wordApart } from "./word-apart.ts";
import { type EngineOptions, FEW, fact, nonBlankOf, RARE, rareLimit, type Work } from "./work.ts";

export type { EngineOptions } from "./work.ts";

export interface Ranking {
  readonly picks: Pick[];
  /** `  [×N like this, lines A-B]` after the first line of each frequent template. */
  readonly suffix: Map<number, string>;
  readonly templates: Templates;
  /** Problem lines in all. */
  readonly problems: number;
  /**
   * Every line an excerpt of a small output (8 KB or less) must show whole to be made at
   * all: each problem line, alike or not, and each rare line (budget.ts).
   */
  readonly gate: number[];
  /** Whether lines of a rare kind were ranked as facts (rareAreFacts, or rare lines standing out of a background). */
  readonly rareFacts: boolean;
}

/** A rare line ending as many lines do (shared-endings.ts) ranks this far below one of a rare kind: after a kind of 5. */
const SHARED_ENDING = 0.3;
/** Rare values are looked for in this many of the most frequent kinds of line at most. */
const OUTLIER_KINDS = 16;
/** A line longer than this has no template (template-sample.ts LONG_LINE). */
const OVERLONG = 2000;
/** A template this size or larger is frequent (its first and last line stand for it). */
const FREQUENT = 3;
/** Share of lines whose shape repeats (FREQUENT times or more) for a rare shape to be news. */
const SHAPES_REPEAT = 0.9;

/** How it ended: the last lines, and what came just before a crash near the end. */
function rankEnd(w: Work): void {
  const { lines, t, problem } = w;
  const n = lines.length;
  for (let end = n - 1, kept = 0; end >= 0 && kept < 3; end--) {
    if (t.of[end]! < 0) continue;
    fact(w, end, end, E.end - kept, "end");
    kept++;
  }
  for (let i = nearTheEnd(lines); i < n; i++) {
    if (!problem[i] || (i > 0 && problem[i - 1])) continue;
    const from = locatedBefore(lines, i);
    for (let k = from - 1, kept = 0; k >= 0 && kept < 2; k--) {
      if (t.of[k]! < 0) continue;
      if (problem[k]) break;
      fact(w, k, k, E.beforeCrash, "before-crash");
      kept++;
    }
    const next = wentOnAfter(lines, t.of, problem, i, from);
    if (next >= 0) fact(w, next, next, E.beforeCrash, "before-crash");
    break;
  }
}

/** What the agent said it is after, with what it hangs from and holds in a tree. */
function rankAsked(w: Work): void {
  const { lines, t, opts } = w;
  const keep = (k: number) => t.of[k]! >= 0 && !w.noise(k) && !isSuccess(lines[k]!);
  const asked = intentLines(lines, opts.intent, keep, undefined, w.source);
  const why = "asked";
  // The same line again (Sass's deprecation heading, 27 times word for word) says only that
  // it came again: its first is the fact, the kind's count tells the rest.
  const told = new Set<string>();
  const drops = askedDrops(t, asked);
  for (const i of asked) {
    if (namesItsKind(t, i, asked, FEW)) continue;
    if (!opts.tree && told.has(lines[i]!)) continue;
    told.add(lines[i]!);
    fact(w, i, i, E.asked - (drops.get(i) ?? 0), why);
    if (!opts.tree) continue;
    for (const a of ancestors(lines, i, undefined, undefined, depthsOf(lines)))
      fact(w, a, a, E.asked - 1, why);
    for (const c of children(lines, i, undefined, depthsOf(lines))) fact(w, c, c, E.asked - 2, why);
  }
  for (const k of kinLines(lines, opts.intent, asked, keep))
    if (!w.facts.has(k)) fact(w, k, k, E.asked - 1, why);
}

/** The line naming the record (JSON, YAML) that holds fact `i`: the odd value's id. */
function withRecordId(w: Work, i: number, prio: number): void {
  const id = recordIdOf(w.lines, i, depthsOf(w.lines));
  if (id !== undefined && !w.facts.has(id)) fact(w, id, id, prio, "record-id");
}

/** Lines of a rare kind: facts where most lines repeat (and summaries always), else as room allows. */
function rankRare(
  w: Work,
  tpl: Template,
  rareAreFacts: boolean,
  rareShape?: (i: number) => boolean,
  shared?: (i: number) => boolean,
): void {
  const { lines } = w;
  const quiet = w.noise(tpl.members[0]!);
  for (const i of tpl.members) {
    // A frame in the runtime's or a library's code is rare by its path, not news.
    const rare = (rareAreFacts || (rareShape?.(i) ?? false)) && !isForeignFrame(lines[i]!);
    // Quoted source (a code frame) locates a problem; alone it is no fact.
    if (isCodeFrame(lines[i]!)) {
      w.picks.push({ from: i, to: i, prio: E.other, why: "code-frame" });
      continue;
    }
    const summary = !quiet && isSummary(lines[i]!);
    if (summary) fact(w, placedAbove(lines, i), i, E.summary, "summary");
    else if (rare && !quiet) {
      // Told on a caret line (shellcheck's `^--^ SC2162 …`), it is located as a problem is:
      // by the source line it points at and the `In f line N:` over that.
      const from = isCaret(lines[i]!) ? locatedBefore(lines, i) : placedAbove(lines, i);
      const worth = rareWorth(lines[i]!.length, tpl.members.length);
      fact(w, from, i, shared?.(i) ? worth - SHARED_ENDING : worth, "rare");
      const record = recordOfPeriod(w.t, w.lines, i) ?? recordKey(w.t, lines, i);
      if (record) fact(w, record[0], record[1], E.rare - 1, "record-id");
      else withRecordId(w, i, E.rare - 1);
    }
    if (summary || (rare && !quiet)) w.gate.push(i);
    else w.picks.push({ from: i, to: i, prio: E.other + 10, why: "rare-room" });
  }
}

/** Lines whose shape (Templates.shapes) few lines hold where nearly every line's shape repeats; undefined when not so. */
function rareShapes(w: Work, rare: number): ((i: number) => boolean) | undefined {
  const { shapes, of } = w.t;
  const count = new Map<number, number>();
  let lines = 0;
  for (let i = 0; i < of.length; i++) {
    if (of[i]! < 0 || w.noise(i)) continue;
    lines++;
    count.set(shapes[i]!, (count.get(shapes[i]!) ?? 0) + 1);
  }
  let repeated = 0;
  for (const c of count.values()) if (c >= FREQUENT) repeated += c;
  if (repeated < lines * SHAPES_REPEAT) return undefined;
  return (i) => (count.get(shapes[i]!) ?? 0) <= Math.min(rare, RARE);
}

/** A frequent kind of line: its first (with its count) and last; whether it may hold rare values. */
function rankFrequent(w: Work, tpl: Template, whole: boolean): boolean {
  const { lines, starts, opts } = w;
  const m = tpl.members;
  const quiet = w.noise(m[0]!);
  const first = m[0]!;
  const last = m[m.length - 1]!;
  // Quoted code, carets and rules are read with the line they point at, never as a kind of
  // their own; a row of numbers alone (a hex dump's, 4 digits or more) is one.
  if (isCodeFrame(lines[first]!) || isCaret(lines[first]!) || !/[A-Za-z]{3}|\d{4}/.test(lines[first]!))
    return false;
  // The smaller a kind of line, the more its first line tells.
  const size = Math.min(10, Math.log2(m.length));
  // Where every line is what was asked for (grep), each kind's first line is a fact too.
  const why = "first-of-kind";
  // A kind of a few lines, each naming its own (few-alike.ts), whole where rare ones are facts.
  if (opts.rareAreFacts && !quiet) for (const i of whole ? m : [first]) fact(w, i, i, E.rare + 1, why);
  else w.picks.push({ from: first, to: first, prio: quiet ? E.other + 20 : E.representative - size, why });
  // A kind that is mostly one line said again (the same frame under a hundred reports) is
  // told by that line, which its first need not be.
  const usual = heldByMost(lines, m);
  if (usual >= 0 && lines[usual] !== lines[first])
    w.picks.push({
      from: usual,
      to: usual,
      prio: quiet ? E.other + 20 : E.representative - size,
      why: "usual-of-kind",
    });
  // One run of the same line is shown once with its count by the packer (`[×N]`).
  const run = last - first + 1 === m.length && lines[first] === lines[last];
  if (m.length >= FREQUENT && !run) w.suffix.set(first, alikeSuffix(m.length, starts[first]!, starts[last]!));
  w.picks.push({
    from: last,
    to: last,
    prio: quiet ? E.other + 15 : E.lastOfKind - size,
    why: "last-of-kind",
  });
  return opts.outliers !== false && !quiet;
}

/** Lines holding one rare value among the most frequent kinds: all when few, else the first and last with their count. */
function rankOutliers(w: Work, kinds: Template[], small: readonly Template[]): void {
  const { lines, starts } = w;
  const rareValued = new Map<string, number[]>();
  // In an output of hundreds of kinds, a rare value in each small one is no exception worth a line.
  kinds.sort((a, b) => b.members.length - a.members.length);
  const bodyAt = w.opts.bodyAt ?? (() => 0);
  const next: number[][] = [];
  for (const tpl of kinds.slice(0, OUTLIER_KINDS)) outliers(lines, tpl, rareValued, bodyAt, undefined, next);
  // Ranked at a rare kind's best even where read as a rare line already (rareWorth ranks lower).
  for (const i of loneValues(lines, small, bodyAt, w.noise)) fact(w, i, i, E.rare, "outlier");
  // The next largest of a field spanning orders: before other lines that are no facts, as room allows.
  for (const ranked of next)
    for (let r = 0; r < ranked.length; r++)
      w.picks.push({ from: ranked[r]!, to: ranked[r]!, prio: E.representative + 6 - r / 8, why: "outlier" });
  outputOutliers(lines, w.t, (i) => !w.noise(i), rareValued, bodyAt);
  overZero(lines, (i) => w.t.of[i]! >= 0 && !w.noise(i), rareValued, bodyAt);
  if (kinds.length > 0)
    for (const i of minorityRecords(lines, w.t.list, w.noise)) fact(w, i, i, E.outlier - 1, "outlier");
  for (const i of minorityRows(lines, w.noise)) if (!w.facts.has(i)) fact(w, i, i, E.outlier - 1, "outlier");
  for (const i of wordApart(w.t.list, kinds, w.noise))
    if (!w.facts.has(i)) fact(w, i, i, E.outlier - 1, "outlier");
  for (const all of rareValued.values()) {
    // A frame in the runtime's or a library's code is odd by its path or line, not news.
    const at = all.filter((i) => !isForeignFrame(lines[i]!));
    if (at.length === 0) continue;
    if (at.length <= RARE) {
      for (const i of at) {
        if (!w.facts.has(i)) fact(w, i, i, E.outlier, "outlier");
        // A value of a record laid out one field a line (`sqlite3 -line`, `\x`): the record
        // whole, or the odd value would have no id.
        const record = recordAround(lines, i) ?? recordOfPeriod(w.t, w.lines, i);
        if (record) fact(w, record[0], record[1], E.outlier - 1, "outlier");
        else withRecordId(w, i, E.outlier - 1);
      }
      continue;
    }
    const first = at[0]!;
    const last = at[at.length - 1]!;
    fact(w, first, first, E.outlier, "outlier");
    fact(w, last, last, E.outlier - 1, "outlier");
    if (!w.suffix.has(first)) w.suffix.set(first, alikeSuffix(at.length, starts[first]!, starts[last]!));
  }
}

/**
 * The rest by template: rare lines are facts where most lines repeat (or the kind says so,
 * unless nearly all are rare); frequent ones by their ends. Whether rare lines were facts.
 */
function rankRest(w: Work, nonBlank: number, blame = false): boolean {
  const background = repetitive(w.t, nonBlank);
  const rare = rareLimit(nonBlank);
  const rareAreFacts = rareAreFactsIn(w, nonBlank, rare, background, blame);
  // Where templates differ by directory (a diffstat's files), rare lines abound; a line
  // whose shape, any path alike, is rare among shapes that nearly all repeat is still news.
  const rareShape = rareAreFacts || !background ? undefined : rareShapes(w, rare);
  const valued: Template[] = [];
  const small: Template[] = [];
  const few = fewByShape(w.t, rare, (i) => !w.noise(i));
  const shared = sharedEndings(
    w.lines,
    (i) => w.t.of[i]! >= 0 && !w.noise(i),
    (i) => w.t.list[w.t.of[i]!]?.members.length ?? 1,
  );
  for (const tpl of w.t.list) {
    if (tpl.strict) {
      // Problems grouped by their words differ in their values: a rare one is news (the one
      // host; ffmpeg's one `stream #0:0` decode error among 40 of `#0:1`, fresh29), whether
      // or not most lines are problems.
      if (tpl.members.length > w.few) valued.push(tpl);
      continue;
    }
    if (tpl.members.length <= rare || few?.(tpl)) {
      rankRare(w, tpl, rareAreFacts, rareShape, shared);
      if (background && w.opts.outliers !== false) small.push(tpl);
    } else {
      const whole = rareAreFacts && fewAlike(w.lines, tpl.members, rare, w.opts.bodyAt);
      if (rankFrequent(w, tpl, whole) && background) valued.push(tpl);
    }
  }
  // In a blame, values odd in the code's words are no news either: its fields that are
  // (each commit, each file under -C) are read by blameFacts.
  if (!blame) rankOutliers(w, valued, small);
  if (rareAreFacts) demoteEchoes(w);
  return rareAreFacts;
}

/**
 * The beginning: its first line says what the output is (`Usage: …`, a dump's first
 * row, the tool's banner), a fact; the next as room allows.
 */
function rankHead(w: Work): void {
  const { lines, t } = w;
  for (let i = 0, kept = 0; i < lines.length && kept < 2; i++) {
    if (t.of[i]! < 0) continue;
    if (kept === 0 && lines[i]!.length <= 400) fact(w, i, i, E.first, "head");
    else w.picks.push({ from: i, to: i, prio: E.head - kept, why: "head" });
    kept++;
  }
}

/** A frame in the runtime's or a library's code (traces.ts FOREIGN): no fact by its path or line alone. */
function isForeignFrame(line: string): boolean {
  return isFrame(line) && FOREIGN.test(line);
}

/** What the ranking works on: a document's problem lines, its templates, nothing picked yet. */
export function workOf(doc: Doc, opts: EngineOptions = {}): Work {
  const noise = opts.noise ?? (() => false);
  const problem = problemsOf(doc, opts, noise);
  const allProblems = madeOfProblems(doc, problem);
  // A frame is told by its function's name: frames of two functions are two kinds of line.
  const frame = (k: number) => isFrame(doc.lines[k]!);
  const t = templatesOf(
    doc,
    (k) => problem[k] === 1,
    opts.bodyAt,
    undefined,
    allProblems,
    opts.classOf,
    frame,
  );
  const gate: number[] = [];
  for (let i = 0; i < doc.lines.length; i++) if (problem[i]) gate.push(i);
  return {
    lines: doc.lines,
    starts: doc.starts,
    source: doc.source,
    t,
    opts,
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

/** The engine's ranking of a document's lines. */
export function rank(doc: Doc, opts: EngineOptions = {}): Ranking {
  const w = workOf(doc, opts);
  const { t, noise, problem } = w;
  const problems = w.gate.length;
  rankProblems(w);
  // A problem too long for any template (templates.ts skips overlong lines): aws-cdk's one
  // 13 KB line of a cyclic reference, shown by its head and its closing sentence (exception-end.ts).
  for (let i = 0; i < doc.lines.length; i++)
    if (problem[i] && t.of[i]! < 0 && doc.lines[i]!.length > OVERLONG) fact(w, i, i, E.problem, "problem");
  rankEnd(w);
  rankAsked(w);
  let rareFacts = false;
  if (!opts.factsOnly) {
    const blame = blameFacts(doc.lines);
    rareFacts = rankRest(w, nonBlankOf(t), blame !== undefined);
    for (const i of outcomeLines(doc.lines, t, opts.bodyAt, (k) => noise(k) || problem[k] === 1, FEW))
      if (!w.facts.has(i)) fact(w, i, i, E.rare, "outcome");
    for (const i of failedCalls(doc.lines)) if (!w.facts.has(i)) fact(w, i, i, E.rare, "outcome");
    // Ranked as a problem even where read as a rare line already (a rare kind's rank is lower).
    for (const i of failedTestOutput(doc.lines)) fact(w, i, i, E.problem, "outcome");
    rankStoppedBy(w);
    rankHead(w);
    rankRecords(w);
    rankStructure(w);
    for (const i of newestLines(doc.lines)) fact(w, i, i, E.asked, "newest");
    const changed = regimeChange(t);
    if (changed >= 0) fact(w, changed, changed, E.beforeCrash, "before-crash");
    for (const b of blame ?? [])
      if (!w.facts.has(b.line)) fact(w, b.line, b.line, E.rare + b.weight, "blame");
    // A loop's first round whole (a stack overflow's recursion) says what it goes through.
    const loop = repeatedBlock(doc.lines);
    if (loop && loop.chars <= ROUND_CHARS) fact(w, loop.from, loop.to, E.first, "cycle");
  } else if (opts.rest) {
    // What the kind does not read itself, after all it picked.
    const rest: Work = { ...w, picks: [], facts: new Set(), gate: [] };
    rankRest(rest, nonBlankOf(t));
    for (const p of rest.picks)
      if (!noise(p.from) || !noise(p.to)) w.picks.push({ ...p, prio: asRoom(p.prio) });
  }
  return {
    picks: w.picks,
    suffix: w.suffix,
    templates: t,
    problems,
    gate: w.gate,
    rareFacts,
  };
}
