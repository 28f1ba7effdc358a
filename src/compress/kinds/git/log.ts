/**
 * git log: every commit's hash with its subject on one line (the substance), each
 * author once, the newest and oldest commits' stat summaries, the biggest changes and
 * renames as room allows. With patches (-p), the patches are read as git diff's are
 * (diff.ts): an edit made alike in many commits is counted, every other changed line is
 * a fact, and its commit is shown as git printed it. --oneline: newest, oldest,
 * decorated and unusual commits.
 */

import { SMALL_OUTPUT } from "../../excerpt/budget.ts";
import { type Doc, subDoc } from "../../excerpt/doc.ts";
import { farAbove } from "../../excerpt/far-values.ts";
import { alikeSuffix, note } from "../../excerpt/framing.ts";
import { intentLines } from "../../excerpt/intent.ts";
import { docOf, excerpt, lastNonBlank, plural, shapeOf } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import { templatesOf } from "../../excerpt/templates.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { bigCommitPicks } from "./big-commits.ts";
import { changedLinesNote, editsShownOnce } from "./changed-note.ts";
import { changedPicks, PatchReader, STAT, STAT_SUMMARY } from "./diff.ts";
import { formatStatPicks } from "./format-stat.ts";
import { nameStatusPicks } from "./name-status.ts";

const COMMIT = /^commit ([0-9a-f]{7,64})/;

function onelineExcerpt(doc: Doc, budget: number): Excerpt {
  const { lines } = doc;
  const picks: Pick[] = [];
  const shapes = new Map<string, number>();
  for (const line of lines) shapes.set(shapeOf(line), (shapes.get(shapeOf(line)) ?? 0) + 1);
  lines.forEach((line, i) => {
    let prio = 50 - Math.min(20, shapes.get(shapeOf(line))!);
    if (/\((?:HEAD|tag: |origin\/)/.test(line)) prio = MUST;
    else if (i < 5) prio = 90 - i;
    picks.push({ from: i, to: i, prio });
  });
  const last = lastNonBlank(lines);
  picks.push({ from: last - 1, to: last, prio: 85, split: "tail" });
  // With its files (--name-status), the oldest commit's first line is above them: it says
  // where the history listed starts, as the oldest commit's stat summary does below.
  const oldest = nameStatusPicks(lines, picks);
  if (oldest >= 0) picks.push({ from: oldest, to: oldest, prio: MUST });
  // With its stat lines (--stat), every commit's line, its stat lines never facts.
  const stat = formatStatPicks(lines, picks);
  return excerpt("git-log", doc, budget, {
    picks,
    kept: "newest, oldest, decorated and unusual commits",
    ...(stat ? { engine: { noise: stat } } : {}),
  });
}

interface Commit {
  start: number;
  end: number;
  subject: number;
  summary: number;
  size: number;
  biggest: number;
  rename: boolean;
}

/** A commit's parts: its subject line, stat summary and size, biggest stat line, whether it renames. */
function readCommit(lines: readonly string[], start: number, end: number): Commit {
  const info: Commit = { start, end, subject: -1, summary: -1, size: 0, biggest: -1, rename: false };
  let biggestSize = -1;
  for (let i = start + 1; i <= end; i++) {
    const line = lines[i]!;
    if (info.subject < 0 && /^ {4}\S/.test(line)) info.subject = i;
    const stat = STAT.exec(line);
    if (stat) {
      const n = Number(stat[2] ?? 0);
      if (n > biggestSize) {
        biggestSize = n;
        info.biggest = i;
      }
      if (/=>/.test(stat[1]!)) info.rename = true;
    }
    const sum = /(\d+) insertions?\(\+\)(?:, (\d+) deletions?)?|(\d+) deletions?\(-\)/.exec(line);
    if (STAT_SUMMARY.test(line)) {
      info.summary = i;
      if (sum) info.size = Number(sum[1] ?? 0) + Number(sum[2] ?? 0) + Number(sum[3] ?? 0);
    }
  }
  return info;
}

/**
 * How many hex digits name a commit unambiguously here, as git abbreviates by default:
 * half the bits of the repository's object count, at least 7. The count is guessed from
 * the commits listed (about 8 objects a commit: trees and blobs), and the length grows
 * until every hash listed reads differently.
 */
export function abbreviation(hashes: readonly string[]): number {
  const objects = Math.max(1, hashes.length * 8);
  let length = Math.max(7, Math.ceil((Math.log2(objects) + 1) / 2));
  while (length < 40 && new Set(hashes.map((h) => h.slice(0, length))).size < new Set(hashes).size) length++;
  return length;
}

const trim = (line: string) => line.trim();

/**
 * The stat lines worth a look: files the history touches rarely (the one change to
 * src/http/client.ts among migrations) as room allows, and the changes far bigger than
 * the rest (a vendored import, a generated file) as facts, each with its commit.
 */
function statPicks(doc: Doc, commitOf: Int32Array, picks: Pick[]): void {
  const { lines } = doc;
  const stats: number[] = [];
  lines.forEach((line, i) => {
    if (STAT.test(line)) stats.push(i);
  });
  const files = templatesOf(subDoc(doc, stats, trim), () => false);
  for (const t of files.list) {
    if (t.members.length > 2) continue;
    for (const k of t.members)
      picks.push({ from: stats[k]!, to: stats[k]!, prio: 84, with: commitOf[stats[k]!] });
  }
  const sizes = stats.map((i) => Number(STAT.exec(lines[i]!)?.[2] ?? 0));
  for (const k of farAbove(sizes))
    picks.push({ from: stats[k]!, to: stats[k]!, prio: MUST, with: commitOf[stats[k]!] });
}

/**
 * The patches of `git log -p`, read as git diff reads one (diff.ts changedPicks): the
 * changed lines of edits made once are facts, with their file's header and hunk's; an
 * edit made alike in many commits, its first and last. Returns the commits whose change
 * is shown (they are printed as git printed them, not as one line) and the suffixes of
 * the alike edits.
 */
function patchPicks(doc: Doc, commitOf: Int32Array, picks: Pick[]) {
  const { lines } = doc;
  const patch = new PatchReader(lines.length);
  const { headers, hunks, fileOf, hunkOf } = patch;
  const changed: number[] = [];
  const all: number[] = [];
  const braces: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (COMMIT.test(line)) patch.inHunk = false;
    else if (patch.read(line, i) === "changed") {
      all.push(i);
      (/\w/.test(line) ? changed : braces).push(i);
    }
  }
  const shown = new Set<number>();
  if (changed.length === 0)
    return { shown, suffix: new Map<number, string>(), alike: 0, again: 0, promised: [], all };
  const before = picks.length;
  const { shownFile, shownHunk, alike, again, suffix, promised } = changedPicks(
    doc,
    changed,
    fileOf,
    hunkOf,
    picks,
    braces,
  );
  for (const p of picks.slice(before)) if (p.prio >= MUST) shown.add(commitOf[p.from]!);
  headers.forEach((i, k) => {
    if (shownFile.has(k)) picks.push({ from: i, to: i, prio: MUST + 4 });
  });
  hunks.forEach((i, k) => {
    if (shownHunk.has(k)) picks.push({ from: i, to: i, prio: MUST + 4 });
  });
  return { shown, suffix, alike, again, promised, all };
}

/**
 * The patches' picks (patchPicks), and each commit whose change is shown as git printed
 * it: its header and subject, then its patch. What the note may say of the patches
 * (PatchNote), or undefined where no change is shown.
 */
function showPatches(
  doc: Doc,
  infos: readonly Commit[],
  commitOf: Int32Array,
  out: { picks: Pick[]; display: Map<number, string>; suffix: Map<number, string> },
): PatchNote | undefined {
  const patches = patchPicks(doc, commitOf, out.picks);
  for (const [at, text] of patches.suffix) out.suffix.set(at, text);
  for (const info of infos) {
    if (!patches.shown.has(info.start)) continue;
    out.display.delete(info.start);
    out.picks.push({ from: info.start, to: info.start, prio: MUST + 5 });
    if (info.subject >= 0) out.picks.push({ from: info.subject, to: info.subject, prio: MUST + 5 });
  }
  return patches.shown.size > 0
    ? { alike: patches.alike > 0, again: patches.again > 0, promised: patches.promised, all: patches.all }
    : undefined;
}

/** How the shown patches were cut beyond context: what the note says of them, only where true. */
interface PatchNote {
  /** An edit made alike in many places is shown once with its count. */
  readonly alike: boolean;
  /** An edit made in many places of one file is shown once there (others as room allows). */
  readonly again: boolean;
  /** The changed lines "every changed line" promises (changed-note.ts), and every changed line. */
  readonly promised: readonly number[];
  readonly all: readonly number[];
}

/** The note's words on the patches, as diff.ts words a diff's. */
function patchWords(p: PatchNote, changedLines: string): string {
  return `; patches: ${changedLines}${editsShownOnce(p.alike, p.again)}`;
}

/**
 * An output of 8 KB or less is an excerpt only when it keeps every fact (compress-with.ts):
 * every line with a word, a commit's header with its hash abbreviated (as `git log
 * --abbrev-commit` prints it). Each subject and stat line is a fact, and each other line
 * once, where it is first said: an author, a date, a stat summary said again in the next
 * commits is told by the one shown.
 */
function smallLogPicks(
  lines: readonly string[],
  infos: readonly Commit[],
  commitOf: Int32Array,
  picks: Pick[],
): void {
  const subjects = new Set(infos.map((info) => info.subject));
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (COMMIT.test(line) || !/[A-Za-z]{2}/.test(line)) return;
    if (STAT.test(line) || subjects.has(i)) picks.push({ from: i, to: i, prio: MUST, with: commitOf[i] });
    else if (!seen.has(line.trim())) picks.push({ from: i, to: i, prio: MUST });
    seen.add(line.trim());
  });
}

/**
 * What the excerpt's note and `kept` say it holds. A small log's method is all the note
 * would say beyond its counts (each subject and file, each other line once): the header
 * says it (header.ts, once per context), and the note said it again in 139 characters.
 */
function described(
  commits: number,
  authors: number,
  patched: PatchNote | undefined,
  small: boolean,
): { note: Note; kept: string; method: string } {
  const head = `${plural(commits, "commit")} by ${plural(authors, "author")}`;
  const kept = plural(commits, "commit");
  if (small)
    return {
      note: { at: 0, text: note(head), prio: MUST + 20 },
      kept,
      method: "every subject and file changed, each other line once",
    };
  const sentence = (changedLines: string) =>
    `${head}: each commit as its hash and subject, commits alike counted${patched ? patchWords(patched, changedLines) : ""}; dates, bodies${patched ? ", context lines" : ""} and most file stats omitted`;
  return {
    // What the patches' note says of their changed lines is true of what was kept (changed-note.ts).
    note: patched
      ? changedLinesNote(sentence, patched.promised, patched.all, 0, MUST + 20)
      : { at: 0, text: note(sentence("")), prio: MUST + 20 },
    kept,
    method: "every kind of subject, authors, files changed rarely",
  };
}

function logExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines, starts } = doc;
  const commits: number[] = [];
  for (let i = 0; i < lines.length; i++) if (COMMIT.test(lines[i]!)) commits.push(i);
  if (commits.length === 0) return onelineExcerpt(doc, budget);
  const picks: Pick[] = [];
  const suffix = new Map<number, string>();
  const authors = new Set<string>();
  const commitOf = new Int32Array(lines.length).fill(-1);
  const infos = commits.map((start, k) => {
    const end = k + 1 < commits.length ? commits[k + 1]! - 1 : lines.length - 1;
    for (let i = start; i <= end; i++) {
      commitOf[i] = start;
      const line = lines[i]!;
      if (/^Author:/.test(line) && !authors.has(line)) {
        authors.add(line);
        picks.push({ from: i, to: i, prio: MUST + 6 });
      }
    }
    return readCommit(lines, start, end);
  });
  const display = new Map<number, string>();
  const short = abbreviation(infos.map((info) => COMMIT.exec(lines[info.start]!)![1]!));
  // A small log without patches (smallLogPicks); patches are read as git diff's are.
  const small = doc.size <= SMALL_OUTPUT && !lines.some((l) => l.startsWith("diff --git "));
  // Each commit on one line, as `git log --oneline` shows it: its hash and its subject; in
  // a small log, where every subject is shown as printed, its header's hash abbreviated.
  for (const info of infos) {
    const hash = COMMIT.exec(lines[info.start]!)![1]!.slice(0, short);
    const subject = info.subject >= 0 ? lines[info.subject]!.trim() : "";
    if (small) display.set(info.start, `commit ${hash}`);
    else display.set(info.start, subject ? `${hash} ${subject}` : lines[info.start]!);
  }
  // Subjects alike but for their numbers and names ("db: add migration 0046_…") are one
  // kind: its first and last commit stand for it, with a count; a subject like no other is a fact.
  const withSubject = infos.filter((info) => info.subject >= 0);
  const kinds = templatesOf(
    subDoc(
      doc,
      withSubject.map((info) => info.subject),
      trim,
    ),
    () => false,
  );
  for (const t of kinds.list) {
    const members = t.members.map((k) => withSubject[k]!.start);
    if (members.length <= 2 || small) {
      for (const i of members) picks.push({ from: i, to: i, prio: MUST + 5 });
      continue;
    }
    const first = members[0]!;
    const last = members[members.length - 1]!;
    picks.push({ from: first, to: first, prio: MUST + 3 });
    picks.push({ from: last, to: last, prio: MUST + 2 });
    suffix.set(first, alikeSuffix(members.length, starts[first]!, starts[last]!));
    members.slice(1, -1).forEach((i, k) => {
      picks.push({ from: i, to: i, prio: 60 - Math.min(20, k / 5) });
    });
  }
  for (const info of infos.filter((i) => i.subject < 0))
    picks.push({ from: info.start, to: info.start, prio: MUST + 5 });
  const patched = showPatches(doc, infos, commitOf, { picks, display, suffix });
  if (small) smallLogPicks(lines, infos, commitOf, picks);
  statPicks(doc, commitOf, picks);
  bigCommitPicks(lines, infos, picks);
  // The oldest commit's stat summary says what the history starts from.
  const oldest = infos[infos.length - 1]!;
  if (oldest.summary >= 0) picks.push({ from: oldest.summary, to: oldest.summary, prio: MUST });
  // What the agent said it is after: the lines that name it, with their commit.
  for (const i of intentLines(lines, hints.intent, (k) => lines[k]!.trim() !== "")) {
    picks.push({ from: i, to: i, prio: MUST + 4 });
    if (commitOf[i]! >= 0) picks.push({ from: commitOf[i]!, to: commitOf[i]!, prio: MUST + 4 });
  }
  const said = described(commits.length, authors.size, patched, small);
  const notes: Note[] = [said.note];
  return excerpt("git-log", doc, budget, {
    picks,
    notes,
    kept: said.kept,
    method: said.method,
    // A marker between every two commits would cost more than the subjects; the note
    // above says what is left out.
    options: { maxLine: 600, display, suffix, markers: false },
    engine: false,
    hints,
    // A commit's header is told by its hash (display), shown with each commit, a fact.
    told: (i) => display.has(i),
  });
}

export const gitLogExcerpt: ExcerptFn = (text: string, hints: Hints, budget: number) =>
  logExcerpt(text, hints, budget);
