/**
 * Compiler and linter diagnostics, whatever the tool. Diagnostics that say the same
 * thing (same file, severity, code and message) are printed once, as their first
 * occurrence verbatim followed by every location: `…  [×121 at line:col 1-120:14,
 * 121:40]`. Then, by priority: every error first (a new kind of error before the
 * first of each kind in each file, before the rest), the first warning of each kind,
 * the first warning of each kind per file; a note counts them all by kind, and an
 * index lists by file and code every error whose line did not fit, so no error's
 * location is lost. Context lines (code frames, carets, help) follow while the
 * budget lasts.
 */

import { docOf, excerpt, plural } from "../common.ts";
import type { Doc } from "../doc.ts";
import { defaultHardCap, MUST, type Note, type Pick } from "../pack.ts";
import type { Excerpt } from "../types.ts";
import type { Diagnostic, Group } from "./diagnostic.ts";
import { errorIndex } from "./error-index.ts";
import { fairCap, type Location, locationPhrase } from "./locations.ts";

export const D = {
  summary: MUST + 30,
  errorFirst: MUST + 10,
  error: MUST,
  warningFirst: MUST,
  overview: MUST - 6,
  warningFile: 64,
  milestone: 70,
  context: 48,
  warning: 40,
  note: 30,
} as const;

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
  const byKey = new Map<string, Group>();
  for (const d of diags) {
    if (d.line === undefined || d.message === undefined || d.severity === "note") {
      groups.push({ lead: d, members: [d] });
      continue;
    }
    const key = `${d.severity}\0${d.file}\0${d.kind}\0${d.message}`;
    const g = byKey.get(key);
    if (g) g.members.push(d);
    else {
      const fresh = { lead: d, members: [d] };
      byKey.set(key, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}

const locationOf = (d: Diagnostic): Location => ({ line: d.line!, col: d.col });

/** Share of the hard cap the index of errors may take, and the warnings' location lists. */
const INDEX_SHARE = 0.6;
const WARNING_LISTS = 0.15;
/** About what an omission marker takes. */
const MARKER_CHARS = 40;
/** Diagnostic lines longer than this lose priority with their length. */
const LONG = 100;

export function diagnosticExcerpt(
  name: string,
  doc: Doc,
  budget: number,
  diags: readonly Diagnostic[],
  options: DiagnosticOptions = {},
): Excerpt {
  const picks: Pick[] = [...(options.extra ?? [])];
  const notes: Note[] = [];
  for (const i of options.summaries ?? []) picks.push({ from: i, to: i, prio: D.summary });
  const hardCap = Math.max(budget, defaultHardCap(budget, doc.size));

  // Counts of everything, for the overview note.
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
  const top = (m: Map<string, number>) =>
    [...m]
      .filter(([, n]) => n > 1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, n]) => `${k} ×${n}`)
      .join(", ");
  if (errors + warnings > 3) {
    const byKind = [top(errorKinds), top(warningKinds)].filter(Boolean).join("; ");
    const label = options.kindLabel ?? "kind";
    notes.push({
      at: 0,
      text: `[${parts.join(", ")}${byKind ? `; by ${label}: ${byKind}` : ""}]`,
      // Many diagnostics: the counts come first, before the index and every line.
      prio: errors + warnings > 10 ? D.summary : D.overview,
    });
  }
  const groups = groupsOf(diags);
  // The index is charged whole before any line: it gets what the counts, the tool's own
  // summary lines (they come first) and the first error's line leave, up to its share.
  let first = 0;
  for (const note of notes) if (note.prio >= D.summary) first += note.text.length + 1;
  for (const i of options.summaries ?? []) first += doc.lines[i]!.length + 1 + MARKER_CHARS;
  const firstError = groups.find((g) => g.lead.severity === "error")?.lead;
  if (firstError) first += doc.lines[firstError.at]!.length + 1 + MARKER_CHARS;
  const index = errorIndex(
    groups,
    Math.floor(Math.min(hardCap * INDEX_SHARE, hardCap - first - MARKER_CHARS)),
  );
  const lists = locationLists(groups, hardCap, index?.share);
  const indexNote = index ? notes.length : -1;
  if (index) {
    notes.push({
      at: lastLine(diags) + 1,
      text: index.text,
      final: index.final,
      bound: index.bound,
      prio: D.summary - 1,
    });
  }
  const suffix = new Map<number, string>();

  const seenKind = new Set<string>();
  const seenFileKind = new Set<string>();
  const fileRank = new Map<string, number>();
  // How common a kind is counts printed lines: a hundred alike are printed once.
  const kindCount = new Map<string, number>();
  for (const g of groups) kindCount.set(g.lead.kind, (kindCount.get(g.lead.kind) ?? 0) + 1);
  let leadErrors = 0;
  let repeat = 0;
  groups.forEach((g, k) => {
    const d = g.lead;
    const headerEnd = d.headerEnd ?? d.at;
    const end = Math.max(headerEnd, d.end ?? headerEnd);
    const key = `${d.severity}\0${d.kind}`;
    const fileKey = `${key}\0${d.file}`;
    const firstOfKind = !seenKind.has(key);
    const firstInFile = !seenFileKind.has(fileKey);
    seenKind.add(key);
    seenFileKind.add(fileKey);
    let prio: number;
    if (d.severity === "error") {
      leadErrors++;
      // A new kind of error first; then the first of each kind in each file, taken
      // round-robin over the files so that every file shows something; the rest last.
      const rank = fileRank.get(d.file) ?? 0;
      if (firstInFile) fileRank.set(d.file, rank + 1);
      // The hundredth instance of a common kind says less than a rare one.
      const common = Math.min(6, Math.log2(kindCount.get(d.kind) ?? 1));
      // The first error printed is often the cause of the rest; new kinds next, rare first.
      prio =
        leadErrors === 1
          ? D.errorFirst + 4
          : firstOfKind
            ? D.errorFirst + 2 - Math.min(1.5, common / 3)
            : firstInFile
              ? D.errorFirst - Math.min(8, rank * 0.5) - common
              : // Still a fact (repeats of its message are folded into it): past the budget.
                D.error + 2 - Math.min(2, repeat++ / 16);
    } else if (d.severity === "warning") {
      prio = firstOfKind ? D.warningFirst : firstInFile ? D.warningFile : D.warning;
    } else {
      prio = D.note;
    }
    prio += d.weight ?? 0;
    // When room is short, a line that takes the room of two has to be worth two (among
    // facts: the penalty never makes one yield to the budget instead of the hard cap).
    if (d.severity !== "note") {
      const penalty = Math.max(0, doc.lines[d.at]!.length - LONG) / 40;
      prio = prio >= MUST ? Math.max(MUST, prio - penalty) : prio - penalty;
    }
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
    if (d.context !== undefined) picks.push({ from: d.context, to: d.context, prio: prio - 0.5, with: d.at });
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

  const n = doc.lines.length;
  picks.push({ from: n - 2, to: n - 1, prio: D.milestone + 2, split: "tail" });
  picks.push({ from: 0, to: 1, prio: D.milestone + 1, split: "head" });
  return excerpt(name, doc, budget, {
    picks,
    notes,
    kept: parts.length > 0 ? parts.join(", ") : "output",
    options: { suffix, ...(options.display ? { display: options.display } : {}) },
  });
}

/** The last line of any diagnostic: the index of errors not shown goes after it. */
function lastLine(diags: readonly Diagnostic[]): number {
  let last = -1;
  for (const d of diags) last = Math.max(last, d.end ?? d.headerEnd ?? d.at, d.headerEnd ?? d.at);
  return last;
}

/**
 * Where each group of several is (by group index), for the line that stands for it.
 * An error's list is cut as much as its entry in the index (`share`: what part of its
 * lines fit there); warnings' lists share a part of the hard cap.
 */
function locationLists(
  groups: readonly Group[],
  hardCap: number,
  share: ReadonlyMap<number, number> = new Map(),
): Map<number, string> {
  const lists = new Map<number, string>();
  const warnings: number[] = [];
  const full: string[] = [];
  groups.forEach((g, k) => {
    if (g.lead.line === undefined || g.members.length < 2) return;
    const locs = g.members.map(locationOf);
    const text = locationPhrase(locs);
    if (g.lead.severity === "warning") {
      warnings.push(k);
      full.push(text);
    } else if (g.lead.severity === "error") {
      const part = share.get(k) ?? 1;
      lists.set(k, part >= 1 ? text : locationPhrase(locs, Math.floor(text.length * part)));
    }
  });
  const cap = fairCap(
    full.map((t) => t.length),
    Math.floor(WARNING_LISTS * hardCap),
  );
  warnings.forEach((k, j) => {
    const text = full[j]!;
    lists.set(k, text.length <= cap ? text : locationPhrase(groups[k]!.members.map(locationOf), cap));
  });
  return lists;
}
