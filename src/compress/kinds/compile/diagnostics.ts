/**
 * Compiler and linter diagnostics, whatever the tool. Diagnostics that say the same
 * thing (same file, severity, code and message) are printed once, as their first
 * occurrence verbatim followed by every location: `…  [×121 at line:col 1-120:14,
 * 121:40]`. Every error's and warning's place is substance: the hard cap is the
 * substance cap, and an index lists by file and code, errors first, each one whose line
 * is not shown (error-index.ts). By priority: the tool's summary lines and counts, the
 * first line of each kind (its message is read nowhere else), the index, every error,
 * the first warning of each kind per file; repeats the index lists, context lines (code
 * frames, carets, help) and the rest while the budget lasts.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, plural, shapeOf } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt } from "../../excerpt/types.ts";
import type { Diagnostic, Group } from "./diagnostic.ts";
import { type ErrorIndex, errorIndex, indexable, wholeIndexLength } from "./error-index.ts";
import { locationPhrase } from "./locations.ts";
import { D, elevateLeads, INDEX, locationOf, MARKER_CHARS, priorities, type Ranked } from "./ranking.ts";

export { D };

/** A message with quoted names and numbers normalised, to tell kinds of messages apart. */
export function messageShape(message: string): string {
  return message
    .replace(/‘[^’]*’|'[^']*'|"[^"]*"|`[^`]*`/g, "Q")
    .replace(/\d+/g, "#")
    .slice(0, 80);
}

export interface DiagnosticOptions {
  /** Lines that summarise the run ("Found 3 errors", "5 errors", "✖ 12 problems"). */
  readonly summaries?: readonly number[];
  /** Other lines worth keeping at a given priority (build steps, make failures). */
  readonly extra?: readonly Pick[];
  /** Label for the kind in the overview note ("code", "rule", "flag"). */
  readonly kindLabel?: string;
  /** Tidied text for some lines (alignment padding removed). */
  readonly display?: ReadonlyMap<number, string>;
}

/**
 * What a compiler's line-by-line scan collects: its diagnostics, the lines that
 * summarise the run, and other lines worth keeping. Each compressor reads the lines
 * its own way; packing what it found is the same for all.
 */
export interface Findings {
  readonly doc: Doc;
  readonly lines: readonly string[];
  readonly diags: Diagnostic[];
  readonly summaries: number[];
  readonly extra: Pick[];
  /** Packs what was found into the excerpt. */
  excerpt(name: string, budget: number, options?: Omit<DiagnosticOptions, "summaries" | "extra">): Excerpt;
}

export function findingsOf(text: string): Findings {
  const doc = docOf(text);
  const diags: Diagnostic[] = [];
  const summaries: number[] = [];
  const extra: Pick[] = [];
  return {
    doc,
    lines: doc.lines,
    diags,
    summaries,
    extra,
    excerpt: (name, budget, options = {}) =>
      diagnosticExcerpt(name, doc, budget, diags, { ...options, summaries, extra }),
  };
}

/**
 * The last line of a diagnostic's context: from `from`, the following lines while
 * `belongs` says they are its (a code frame, an indented note), at most `max` of them.
 */
export function contextEnd(
  lines: readonly string[],
  from: number,
  belongs: (line: string) => boolean,
  max = Number.POSITIVE_INFINITY,
): number {
  let end = from;
  while (end + 1 < lines.length && end - from < max && belongs(lines[end + 1]!)) end++;
  return end;
}

function groupsOf(diags: readonly Diagnostic[]): Group[] {
  const groups: Group[] = [];
  // By file, then by severity and kind, then by message: maps of the strings as they are
  // (a key made by joining them would copy every message once more).
  const byFile = new Map<string, Map<string, Map<string, Group>>>();
  for (const d of diags) {
    if (d.line === undefined || d.message === undefined || d.severity === "note") {
      groups.push({ lead: d, members: [d] });
      continue;
    }
    const kinds = byFile.get(d.file) ?? new Map<string, Map<string, Group>>();
    byFile.set(d.file, kinds);
    const kind = d.severity === "error" ? d.kind : `${d.severity}\0${d.kind}`;
    const messages = kinds.get(kind) ?? new Map<string, Group>();
    kinds.set(kind, messages);
    const g = messages.get(d.message);
    if (g) g.members.push(d);
    else {
      const fresh = { lead: d, members: [d] };
      messages.set(d.message, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}

interface Overview {
  readonly note?: Note;
  /** "3 errors in 2 files", "5 warnings": what the excerpt kept, for the header. */
  readonly parts: readonly string[];
}

/** Counts of errors and warnings (by kind, given its label), for a note before everything else. */
function overviewOf(diags: readonly Diagnostic[], kindLabel: string | undefined): Overview {
  const errorKinds = new Map<string, number>();
  const warningKinds = new Map<string, number>();
  const files = new Set<string>();
  let errors = 0;
  let warnings = 0;
  for (const d of diags) {
    if (d.severity === "error") {
      errors++;
      files.add(d.file);
      errorKinds.set(d.kind, (errorKinds.get(d.kind) ?? 0) + 1);
    } else if (d.severity === "warning") {
      warnings++;
      warningKinds.set(d.kind, (warningKinds.get(d.kind) ?? 0) + 1);
    }
  }
  const parts: string[] = [];
  if (errors > 0) parts.push(`${plural(errors, "error")}${files.size > 1 ? ` in ${files.size} files` : ""}`);
  if (warnings > 0) parts.push(plural(warnings, "warning"));
  if (errors + warnings <= 3) return { parts };
  const top = (m: Map<string, number>) =>
    [...m]
      .filter(([, n]) => n > 1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, n]) => `${k} ×${n}`)
      .join(", ");
  const byKind = kindLabel ? [top(errorKinds), top(warningKinds)].filter(Boolean).join("; ") : "";
  // The counts alone are in the excerpt's header already (`kept`).
  if (!byKind) return { parts };
  const text = `[${parts.join(", ")}; by ${kindLabel}: ${byKind}]`;
  // Many diagnostics: the counts come first, before the index and every line.
  return { parts, note: { at: 0, text, prio: errors + warnings > 10 ? D.summary : D.overview } };
}

/** Share of the hard cap the first line of each kind may take before the index. */
const LEADS_SHARE = 0.15;
/**
 * How far below the facts an instance of a kind already shown goes once the index lists
 * where it is: its location is kept there, its message is one already read.
 */
const INDEXED = 30;

/** What the counts and the tool's own summary lines take: they come before everything else. */
function firstCost(
  doc: Doc,
  overview: Overview,
  summaries: readonly number[],
  gathered: readonly Note[],
): number {
  let first = overview.note && overview.note.prio >= D.summary ? overview.note.text.length + 1 : 0;
  for (const i of summaries) first += doc.lines[i]!.length + 1 + MARKER_CHARS;
  for (const note of gathered) first += note.text.length + 1;
  return first;
}

/** What the first error's (or warning's) line takes: it is kept before the index, always. */
function leadFloor(doc: Doc, groups: readonly Group[]): number {
  const lead =
    groups.find((g) => g.lead.severity === "error")?.lead ??
    groups.find((g) => g.lead.severity === "warning")?.lead;
  return lead ? doc.lines[lead.at]!.length + 1 + MARKER_CHARS : 0;
}

/** Summary lines of one shape that are gathered rather than shown where they are. */
const GATHER = 3;

/**
 * Summary lines alike in shape, scattered through the output (make -k's `make: ***
 * [Makefile:8: a.o] Error 1` after each failed target): shown together, verbatim, where
 * the last of them is, which saves an omission marker between each two. The others stay
 * where they are.
 */
function gatherSummaries(doc: Doc, summaries: readonly number[]): { single: number[]; gathered: Note[] } {
  const byShape = new Map<string, number[]>();
  for (const i of summaries) {
    const key = shapeOf(doc.lines[i]!).replace(/\S*\/\S*/g, "P");
    const list = byShape.get(key);
    if (list) list.push(i);
    else byShape.set(key, [i]);
  }
  const single: number[] = [];
  const gathered: Note[] = [];
  for (const list of byShape.values()) {
    if (list.length < GATHER) single.push(...list);
    else {
      const text = list.map((i) => doc.lines[i]!).join("\n");
      gathered.push({ at: list[list.length - 1]! + 1, text, prio: D.summary });
    }
  }
  return { single: single.sort((a, b) => a - b), gathered };
}

export function diagnosticExcerpt(
  name: string,
  doc: Doc,
  budget: number,
  diags: readonly Diagnostic[],
  options: DiagnosticOptions = {},
): Excerpt {
  const picks: Pick[] = [...(options.extra ?? [])];
  const notes: Note[] = [];
  const { single, gathered } = gatherSummaries(doc, options.summaries ?? []);
  for (const i of single) picks.push({ from: i, to: i, prio: D.summary });
  notes.push(...gathered);
  // Every diagnostic's location is substance: the budget only decides what else is shown.
  const hardCap = Math.max(budget, substanceCap(budget, doc.size));
  const groups = groupsOf(diags);
  // With an index (a location to list), its rows name every kind: the counts say the rest.
  const overview = overviewOf(diags, groups.some(indexable) ? undefined : (options.kindLabel ?? "kind"));
  if (overview.note) notes.push(overview.note);
  const ranked = priorities(doc, groups);
  const first = firstCost(doc, overview, single, gathered);
  // When the index of every place would not fit beside them, the first lines of the kinds
  // keep only the room it leaves (never less than the first error's or warning's).
  const whole = wholeIndexLength(groups);
  const spare = hardCap - first - whole - MARKER_CHARS;
  const leads = elevateLeads(
    doc,
    groups,
    ranked,
    Math.floor(Math.max(Math.min(hardCap * LEADS_SHARE, spare), leadFloor(doc, groups))),
  );
  const index = errorIndex(
    groups,
    indexAllowance(doc, groups, ranked, leads.shown, hardCap - first - leads.cost - MARKER_CHARS),
    leads.shown,
  );
  if (index) {
    notes.push({
      at: lastLine(diags) + 1,
      text: index.text,
      final: index.final,
      bound: index.bound,
      prio: INDEX,
    });
    // Once the index lists where it is, another instance of a kind is no longer a fact:
    // its line goes within the budget, not the hard cap.
    ranked.prio.forEach((p, k) => {
      if (ranked.repeat[k] && index.refunds.has(k)) ranked.prio[k] = p - INDEXED;
    });
  }
  const suffix = new Map<number, string>();
  const lists = locationLists(groups, index?.share);
  groupPicks(groups, ranked.prio, index, notes.length - 1, lists, suffix, picks);
  const n = doc.lines.length;
  picks.push({ from: n - 2, to: n - 1, prio: D.milestone + 2, split: "tail" });
  picks.push({ from: 0, to: 1, prio: D.milestone + 1, split: "head" });
  return excerpt(name, doc, budget, {
    picks,
    notes,
    kept: overview.parts.length > 0 ? overview.parts.join(", ") : "output",
    options: { hardCap, suffix, ...(options.display ? { display: options.display } : {}) },
  });
}

/** Each group's line (standing for all its members), with what explains it. */
function groupPicks(
  groups: readonly Group[],
  prios: readonly number[],
  index: ErrorIndex | undefined,
  indexNote: number,
  lists: ReadonlyMap<number, string>,
  suffix: Map<number, string>,
  picks: Pick[],
): void {
  groups.forEach((g, k) => {
    const d = g.lead;
    const prio = prios[k]!;
    const headerEnd = d.headerEnd ?? d.at;
    const end = Math.max(headerEnd, d.end ?? headerEnd);
    // The line stands for its whole group: every location, after any cut of the line.
    const list = lists.get(k);
    if (list !== undefined) {
      suffix.set(headerEnd, list ? `  [×${g.members.length} at ${list}]` : `  [×${g.members.length}]`);
    }
    const refund = index?.refunds.get(k);
    picks.push({
      from: d.at,
      to: headerEnd,
      prio,
      split: "none",
      ...(d.needs !== undefined ? { also: d.needs } : {}),
      ...(refund !== undefined ? { refund: { note: indexNote, chars: refund } } : {}),
    });
    // What explains a line is shown only with it.
    // (After the index: its room was measured without them.)
    const near = Math.min(prio - 0.5, INDEX - 0.5);
    if (d.context !== undefined) picks.push({ from: d.context, to: d.context, prio: near, with: d.at });
    for (const i of d.details ?? []) picks.push({ from: i, to: i, prio: D.note, with: d.at });
    if (end > headerEnd)
      picks.push({
        from: headerEnd + 1,
        to: end,
        prio: Math.min(prio, MUST) - 52,
        split: "head",
        with: d.at,
      });
  });
}

/**
 * What the index may take of `room` (what the summaries and the leads leave). Every place
 * of an error is substance, and the first line of each error kind (its message, read
 * nowhere else) comes before the places of warnings: those share what is left after
 * those lines (at most LEADS_SHARE of the room). Without warnings the index takes it all.
 */
function indexAllowance(
  doc: Doc,
  groups: readonly Group[],
  ranked: Ranked,
  shown: ReadonlySet<number>,
  room: number,
): number {
  let messages = 0;
  groups.forEach((g, k) => {
    if (ranked.lead[k] && g.lead.severity === "error" && !shown.has(k))
      messages += doc.lines[g.lead.at]!.length + 1 + MARKER_CHARS;
  });
  const errors = wholeIndexLength(groups, "error");
  const reserve = Math.min(messages, room * LEADS_SHARE);
  return Math.floor(Math.max(Math.min(room, errors), room - reserve));
}

/** The last line of any diagnostic: the index of errors not shown goes after it. */
function lastLine(diags: readonly Diagnostic[]): number {
  let last = -1;
  for (const d of diags) last = Math.max(last, d.end ?? d.headerEnd ?? d.at, d.headerEnd ?? d.at);
  return last;
}

/**
 * Where each group of several is (by group index), for the line that stands for it,
 * cut as much as its entry in the index (`share`: what part of its lines fit there).
 */
function locationLists(
  groups: readonly Group[],
  share: ReadonlyMap<number, number> = new Map(),
): Map<number, string> {
  const lists = new Map<number, string>();
  groups.forEach((g, k) => {
    if (g.lead.line === undefined || g.members.length < 2 || g.lead.severity === "note") return;
    const locs = g.members.map(locationOf);
    const text = locationPhrase(locs);
    const part = share.get(k) ?? 1;
    lists.set(k, part >= 1 ? text : locationPhrase(locs, Math.floor(text.length * part)));
  });
  return lists;
}
