/**
 * The one ranking every excerpt starts from, whatever printed the output. Lines are
 * grouped into templates (templates.ts) and the room is spent by information:
 *
 *   1. every problem line (an error, a failure, a warning) whose template is rare, with
 *      the lines that locate it (the `file:line`, the source line and caret, the frames
 *      and comparison under it);
 *   2. the last lines of the output (how it ended: the exit, the summary) and the lines
 *      just before a crash;
 *   3. the first and the last line of each frequent problem template, the first saying how
 *      many lines are alike and where;
 *   4. in a repetitive output, every line of a rare template, and every line whose value
 *      in some field is rare among the lines of its template (the one 500 among 200s);
 *   5. the first and last line of each other frequent template, with its count;
 *   6. the beginning.
 *
 * The first four are facts: they may take the excerpt past its budget up to the cap
 * (budget.ts); the rest share the budget. A kind adds its own picks (what it knows of
 * its tool's structure) to these, and the packer (pack.ts) keeps what fits.
 */

import type { Doc } from "./doc.ts";
import { alikeSuffix } from "./framing.ts";
import { intentLines } from "./intent.ts";
import { FOREIGN } from "./traces.ts";
import { MUST, type Pick } from "./pack-items.ts";
import {
  farAbove,
  hasLocation,
  indentOf,
  isCaret,
  isCodeFrame,
  isComparison,
  isFrame,
  isProblem,
  isSevere,
  isSuccess,
  isSummary,
} from "./signals.ts";
import { type Template, type Templates, templatesOf, tokensOf } from "./templates.ts";

/** Priorities of the engine's picks (MUST and above are facts). */
export const E = {
  /** An error of a rare kind, and what locates it. */
  problem: MUST + 20,
  end: MUST + 16,
  summary: MUST + 14,
  locator: MUST + 12,
  /** The first error of a frequent kind. */
  firstProblem: MUST + 10,
  /** A warning of a rare kind, and what locates it. */
  warning: MUST + 9,
  warnLocator: MUST + 7,
  lastProblem: MUST + 6,
  beforeCrash: MUST + 5,
  outlier: MUST + 4,
  asked: MUST + 3,
  rare: MUST + 2,
  first: MUST + 1,
  representative: 92,
  head: 90,
  lastOfKind: 86,
  moreLocator: 82,
  other: 40,
} as const;

export interface EngineOptions {
  /**
   * Lines the kind knows carry nothing however they read (a passing test named "rejects
   * an invalid id", npm's download chatter): never facts, only counted with their kind.
   */
  readonly noise?: (i: number) => boolean;
  /** Look for rare values in the fields of frequent lines (off for kinds that read their own columns). */
  readonly outliers?: boolean;
  /** Problems the kind knows of though their words do not say so (an access log's 5xx). */
  readonly problem?: (i: number) => boolean;
  /** Whether a line's words may make it a problem (not in source code, where `error` is a name). */
  readonly problemWords?: boolean;
  /**
   * Where a line's own text starts (grep's `path:12:` before it): lines are judged and
   * grouped by that text, so one match found in many files is one kind of line.
   */
  readonly bodyAt?: (i: number) => number;
  /** What the agent said it ran the command for: lines that name what it is after are facts (intent.ts). */
  readonly intent?: string | undefined;
  /** The output is a tree (indented or drawn): what a line the agent asked about hangs from and holds go with it. */
  readonly tree?: boolean;
  /** Only the facts the agent asked about and the problems: the kind shows the rest its own way. */
  readonly factsOnly?: boolean;
  /**
   * Every line of a rare kind is a fact, however varied the output (grep's matches: each
   * is what was searched for), the shorter first.
   */
  readonly rareAreFacts?: boolean;
}

export interface Ranking {
  readonly picks: Pick[];
  /** `  [×N like this, lines A-B]` after the first line of each frequent template. */
  readonly suffix: Map<number, string>;
  readonly templates: Templates;
  /** Lines that are facts (problem lines, the end, rare lines): an excerpt of a small output must keep them all. */
  readonly facts: number[];
  /** Problem lines in all. */
  readonly problems: number;
  /**
   * Every line an excerpt of a small output (8 KB or less) must show whole to be made at
   * all: each problem line, alike or not, and each rare line (budget.ts).
   */
  readonly gate: number[];
}

/** A template this size or smaller is rare. */
const RARE = 2;
/** A template this size or larger is frequent (its first and last line stand for it). */
const FREQUENT = 3;
/** Problem lines alike up to this many are all shown: where each one is, is news. */
const FEW = 8;
/** An output is repetitive when this share of its lines belong to templates of 5 lines or more. */
const REPETITIVE = 0.5;
/** Lines after a problem line that may locate it (frames, carets, comparisons). */
const ATTACHED = 10;
/** Of those, this many are facts. */
const ATTACHED_FACTS = 4;

/** Lines after `i` that belong to it: deeper, or frames, carets, comparisons, locations. */
function attachedAfter(lines: readonly string[], i: number, isProblemAt: (k: number) => boolean): number {
  const base = indentOf(lines[i]!);
  let end = i;
  for (let k = i + 1; k < lines.length && k - i <= ATTACHED; k++) {
    const line = lines[k]!;
    // A blank or a success (a passing test under its file's line) ends what goes with it.
    if (line.trim() === "" || isSuccess(line)) break;
    const deeper = indentOf(line) > base;
    if (!(deeper || isFrame(line) || isCaret(line) || isComparison(line)) || (!deeper && isProblemAt(k)))
      break;
    end = k;
  }
  return end;
}

/** The first of the lines before `i` that locate it (`file:12`, the source line, its caret), or i. */
function locatedBefore(lines: readonly string[], i: number): number {
  let from = i;
  let blanks = 0;
  for (let k = i - 1; k >= 0 && i - k <= 5; k--) {
    const line = lines[k]!;
    if (line.trim() === "") {
      if (++blanks > 1) break;
      continue;
    }
    if (isCaret(line)) from = Math.max(0, k - 1);
    else if (hasLocation(line) && !isProblem(line) && line.length < 300) from = k;
    else if (from > k) break;
  }
  return from;
}

/** Whether most lines belong to big templates: rare lines then stand out from a background. */
function repetitive(t: Templates, nonBlank: number): boolean {
  let inBig = 0;
  for (const tpl of t.list) if (tpl.members.length >= 5) inBig += tpl.members.length;
  return nonBlank > 0 && inBig >= nonBlank * REPETITIVE;
}

/** Where a line's text starts past its indentation and any tree drawing (`│ ├─┬ name`). */
export function depthOf(line: string): number {
  let i = 0;
  while (i < line.length && " \t│├└─┬|`+\u00a0".includes(line[i]!)) i++;
  return i;
}

/** The lines a line of a tree hangs from, nearest first (at most `most`). */
export function ancestors(lines: readonly string[], i: number, most = 4): number[] {
  const out: number[] = [];
  let depth = depthOf(lines[i]!);
  for (let k = i - 1; k >= 0 && depth > 0 && out.length < most && i - k < 5000; k--) {
    const line = lines[k]!;
    if (line.trim() === "") continue;
    const d = depthOf(line);
    if (d < depth) {
      out.push(k);
      depth = d;
    }
  }
  return out;
}

/** The lines right under a line of a tree (its children, not theirs), at most `most`. */
export function children(lines: readonly string[], i: number, most = 12): number[] {
  const out: number[] = [];
  const depth = depthOf(lines[i]!);
  let childDepth = -1;
  for (let k = i + 1; k < lines.length && out.length < most; k++) {
    const line = lines[k]!;
    if (line.trim() === "") continue;
    const d = depthOf(line);
    if (d <= depth) break;
    if (childDepth < 0) childDepth = d;
    if (d === childDepth) out.push(k);
  }
  return out;
}

/**
 * Lines of a frequent template whose value in some field is rare among its lines: the
 * field holds few values (a status, a level, a state) and one of them holds most lines.
 */
function outliers(
  lines: readonly string[],
  tpl: Template,
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
): void {
  const add = (key: string, i: number) => {
    const list = out.get(key);
    if (list) list.push(i);
    else out.set(key, [i]);
  };
  const n = tpl.members.length;
  if (n < 8) return;
  const width = tpl.tokens.length;
  const counts: Map<string, number>[] = [];
  const numbers: number[][] = [];
  for (let k = 0; k < width; k++) {
    counts.push(new Map());
    numbers.push([]);
  }
  const categorical = new Uint8Array(width).fill(1);
  const numeric = new Uint8Array(width).fill(1);
  const tokensAt = (i: number) => tokensOf(lines[i]!.slice(bodyAt(i)));
  for (const i of tpl.members) {
    const tokens = tokensAt(i);
    for (let k = 0; k < width; k++) {
      const v = tokens[k] ?? "";
      if (categorical[k]) {
        const c = counts[k]!;
        c.set(v, (c.get(v) ?? 0) + 1);
        if (c.size > 12) categorical[k] = 0;
      }
      if (numeric[k]) {
        const m = NUMBER.exec(v);
        if (m) numbers[k]!.push(Number(m[1]));
        else numeric[k] = 0;
      }
    }
  }
  // A value is rare when few lines hold it; a field whose other values are common is no category of exceptions.
  const rareAt = Math.max(2, Math.floor(n * 0.05));
  for (let k = 0; k < width; k++) {
    if (numeric[k] && !categorical[k]) {
      // A field of numbers (a size, a duration): the few far above the rest.
      for (const j of farAbove(numbers[k]!)) add(`${tpl.members[0]}:${k}:${j}`, tpl.members[j]!);
      continue;
    }
    const c = counts[k]!;
    if (!categorical[k] || c.size < 2) continue;
    let top = 0;
    for (const v of c.values()) top = Math.max(top, v);
    if (top < n * 0.5) continue;
    const rare = new Set([...c].filter(([, v]) => v <= rareAt).map(([value]) => value));
    if (rare.size === 0) continue;
    for (const i of tpl.members) {
      const v = tokensAt(i)[k] ?? "";
      if (rare.has(v)) add(`${tpl.members[0]}:${k}:${v}`, i);
    }
  }
}

/** A number with a unit or in brackets: `123`, `12ms`, `1.5s`, `(30`, `4.2KB,`. */
const NUMBER = /^[([]?(\d+(?:\.\d+)?)(?:[a-zA-Z%]{0,3})[)\],;:]?$/;

/**
 * A start most lines share (`npm error `, `[INFO] `): it names the output, not a part of
 * it, so a problem word in it says nothing of any one line. Undefined when none does.
 */
function commonLead(lines: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < lines.length && total < 400; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    total++;
    const m = /^\S+ (?:\S+ )?/.exec(line);
    if (m) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  }
  let best: string | undefined;
  let most = 0;
  for (const [lead, k] of counts) if (k > most) [best, most] = [lead, k];
  return best !== undefined && most >= Math.max(8, total * 0.4) && isProblem(best) ? best : undefined;
}

/** The file a diagnostic names before its line number (`src/a.ts(4,9)`, `lib/x.py:12`). */
const FILE_AT = /(?:^|[\s(])((?:[\w.@~+-]+\/)*[\w.@+-]+\.[A-Za-z]\w{0,7})(?=[:(]\d)/;

/** The first member naming each file, when the members name two files or more (at most 2 × FEW). */
function firstPerFile(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
): number[] {
  const seen = new Map<string, number>();
  for (const i of members) {
    const file = FILE_AT.exec(bodyAt ? lines[i]!.slice(bodyAt(i)) : lines[i]!)?.[1];
    if (file === undefined || seen.has(file)) continue;
    seen.set(file, i);
    if (seen.size > 2 * FEW) break;
  }
  return seen.size >= 2 ? [...seen.values()] : [];
}

/** The engine's ranking of a document's lines. */
export function rank(doc: Doc, opts: EngineOptions = {}): Ranking {
  const { lines, starts } = doc;
  const n = lines.length;
  const noise = opts.noise ?? (() => false);
  const problem = new Uint8Array(n);
  let problems = 0;
  const lead = commonLead(lines);
  for (let i = 0; i < n; i++) {
    let body = opts.bodyAt ? lines[i]!.slice(opts.bodyAt(i)) : lines[i]!;
    if (lead && body.startsWith(lead)) body = body.slice(lead.length);
    const worded = opts.problemWords !== false && isProblem(body);
    if (i !== doc.hole && !noise(i) && (worded || opts.problem?.(i))) {
      problem[i] = 1;
      problems++;
    }
  }
  const isProblemAt = (k: number) => problem[k] === 1;
  const t = templatesOf(doc, isProblemAt, opts.bodyAt);
  const picks: Pick[] = [];
  const suffix = new Map<number, string>();
  const facts = new Set<number>();
  const fact = (from: number, to: number, prio: number) => {
    picks.push({ from, to, prio });
    for (let k = from; k <= to; k++) facts.add(k);
  };
  let nonBlank = 0;
  for (let i = 0; i < n; i++) if (t.of[i]! >= 0) nonBlank++;
  const background = repetitive(t, nonBlank);

  // Problems: rare ones whole, with what locates them; frequent ones by their first and last.
  for (const tpl of t.list) {
    const m = tpl.members;
    if (!tpl.strict) continue;
    // Errors and what locates them before warnings and theirs.
    const severe = isSevere(lines[m[0]!]!);
    const where = severe ? E.locator : E.warnLocator;
    const located = (i: number) => {
      const before = locatedBefore(lines, i);
      if (before < i) fact(before, i - 1, where);
      const after = attachedAfter(lines, i, isProblemAt);
      // Its first lines locate it, but not frames in the runtime's or a library's code.
      let located = 0;
      for (let k = i + 1; k <= after; k++) {
        if (located < ATTACHED_FACTS && !FOREIGN.test(lines[k]!)) {
          fact(k, k, where);
          located++;
        } else picks.push({ from: k, to: k, prio: E.moreLocator });
      }
    };
    // Few alike (the same error in a handful of files): each one, its place is news; the
    // same line again says nothing new but that it came again.
    const same = m.every((i) => lines[i] === lines[m[0]!]);
    if (m.length <= (same ? RARE : FEW)) {
      for (const i of m) {
        fact(i, i, severe ? E.problem : E.warning);
        located(i);
      }
      continue;
    }
    const first = m[0]!;
    const last = m[m.length - 1]!;
    fact(first, first, severe ? E.firstProblem : E.warning - 1);
    located(first);
    fact(last, last, severe ? E.lastProblem : E.lastProblem - 2);
    suffix.set(first, alikeSuffix(m.length, starts[first]!, starts[last]!));
    // The same error in a few files: where it first stands in each is news (a file to open).
    const byFile = firstPerFile(lines, m, opts.bodyAt);
    for (const i of byFile) if (i !== first && i !== last) fact(i, i, byFile.length <= FEW ? where : E.rare);
  }

  // How it ended: the last lines, and what came just before a crash near the end.
  let end = n - 1;
  for (let kept = 0; end >= 0 && kept < 3; end--) {
    if (t.of[end]! < 0) continue;
    fact(end, end, E.end - kept);
    kept++;
  }
  for (let i = Math.floor(n * 0.8); i < n; i++) {
    if (!problem[i] || (i > 0 && problem[i - 1])) continue;
    const from = locatedBefore(lines, i);
    for (let k = from - 1, kept = 0; k >= 0 && kept < 2; k--) {
      if (t.of[k]! < 0) continue;
      if (problem[k]) break;
      fact(k, k, E.beforeCrash);
      kept++;
    }
    break;
  }

  // What the agent said it is after.
  for (const i of intentLines(
    lines,
    opts.intent,
    (k) => t.of[k]! >= 0 && !noise(k) && !isSuccess(lines[k]!),
  )) {
    fact(i, i, E.asked);
    if (!opts.tree) continue;
    for (const a of ancestors(lines, i)) fact(a, a, E.asked - 1);
    for (const c of children(lines, i)) fact(c, c, E.asked - 2);
  }
  const gate: number[] = [];
  for (let i = 0; i < n; i++) if (problem[i]) gate.push(i);
  const result = (): Ranking => ({
    picks,
    suffix,
    templates: t,
    facts: [...facts].sort((a, b) => a - b),
    problems,
    gate,
  });
  if (opts.factsOnly) return result();

  // The rest by template: rare lines are facts where most lines repeat; frequent ones by their ends.
  const rareValued = new Map<string, number[]>();
  let rareLines = 0;
  for (const tpl of t.list) if (!tpl.strict && tpl.members.length <= RARE) rareLines += tpl.members.length;
  const rareAreFacts = opts.rareAreFacts === true || (background && rareLines <= nonBlank * 0.3);
  for (const tpl of t.list) {
    if (tpl.strict) continue;
    const m = tpl.members;
    const quiet = noise(m[0]!);
    if (m.length <= RARE) {
      for (const i of m) {
        // Quoted source (a code frame) locates a problem; alone it is no fact.
        if (isCodeFrame(lines[i]!)) {
          picks.push({ from: i, to: i, prio: E.other });
          continue;
        }
        const summary = !quiet && isSummary(lines[i]!);
        if (summary) fact(i, i, E.summary);
        else if (rareAreFacts && !quiet) fact(i, i, E.rare - Math.min(1, lines[i]!.length / 1000));
        if (summary || (rareAreFacts && !quiet)) gate.push(i);
        else picks.push({ from: i, to: i, prio: E.other + 10 });
      }
      continue;
    }
    const first = m[0]!;
    const last = m[m.length - 1]!;
    // Quoted code, carets and rules are read with the line they point at, never as a kind of their own.
    if (isCodeFrame(lines[first]!) || isCaret(lines[first]!) || !/[A-Za-z]{3}/.test(lines[first]!)) continue;
    // The smaller a kind of line, the more its first line tells.
    const size = Math.min(10, Math.log2(m.length));
    // Where every line is what was asked for (grep), each kind's first line is a fact too.
    if (opts.rareAreFacts && !quiet) fact(first, first, E.rare + 1);
    else picks.push({ from: first, to: first, prio: quiet ? E.other + 20 : E.representative - size });
    // One run of the same line is shown once with its count by the packer (`[×N]`).
    const run = last - first + 1 === m.length && lines[first] === lines[last];
    if (m.length >= FREQUENT && !run) suffix.set(first, alikeSuffix(m.length, starts[first]!, starts[last]!));
    picks.push({ from: last, to: last, prio: quiet ? E.other + 15 : E.lastOfKind - size });
    if (opts.outliers !== false && !quiet && background)
      outliers(lines, tpl, rareValued, opts.bodyAt ?? (() => 0));
  }
  // Lines holding one rare value: all of them when few, else the first and last with their count.
  for (const at of rareValued.values()) {
    if (at.length <= RARE) {
      for (const i of at) if (!facts.has(i)) fact(i, i, E.outlier);
      continue;
    }
    const first = at[0]!;
    const last = at[at.length - 1]!;
    fact(first, first, E.outlier);
    fact(last, last, E.outlier - 1);
    if (!suffix.has(first)) suffix.set(first, alikeSuffix(at.length, starts[first]!, starts[last]!));
  }

  // The beginning: its first line says what the output is (`Usage: …`, a dump's first
  // row, the tool's banner), a fact; the next as room allows.
  for (let i = 0, kept = 0; i < n && kept < 2; i++) {
    if (t.of[i]! < 0) continue;
    if (kept === 0 && lines[i]!.length <= 400) fact(i, i, E.first);
    else picks.push({ from: i, to: i, prio: E.head - kept });
    kept++;
  }
  return result();
}
