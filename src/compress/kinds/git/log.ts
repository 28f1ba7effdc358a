/**
 * git log: every commit's hash with its subject on one line (the substance), each
 * author once, the newest and oldest commits' stat summaries, the biggest changes and
 * renames as room allows. --oneline: newest, oldest, decorated and unusual commits.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, lastNonBlank, plural, shapeOf } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { STAT, STAT_SUMMARY } from "./diff.ts";

const COMMIT = /^commit ([0-9a-f]{7,64})/;

/**
 * The longest subject length L such that the subjects, each cut to L, fit in `room`
 * (only the longest ones are cut); at least 60.
 */
export function subjectRoom(lengths: readonly number[], room: number): number {
  const sorted = [...lengths].sort((a, b) => a - b);
  let used = 0;
  for (let i = 0; i < sorted.length; i++) {
    const rest = sorted.length - i;
    // Cutting every subject from the i-th on to the same length L: used + rest * L <= room.
    const level = Math.floor((room - used) / rest);
    if (level < sorted[i]!) return Math.max(60, level);
    used += sorted[i]!;
  }
  return Math.max(60, sorted[sorted.length - 1] ?? 60);
}

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
  return excerpt("git-log", doc, budget, { picks, kept: "newest, oldest, decorated and unusual commits" });
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
 * Which commits' subjects repeat a shape ("Release 0.#.0") seen more than twice, other
 * than the newest and oldest of that shape: those come after, as the budget allows.
 */
function repeatedSubjects(lines: readonly string[], infos: readonly Commit[]): boolean[] {
  const count = new Map<string, number>();
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const shapes = infos.map((info) => (info.subject >= 0 ? shapeOf(lines[info.subject]!) : ""));
  shapes.forEach((shape, k) => {
    if (infos[k]!.subject < 0) return;
    count.set(shape, (count.get(shape) ?? 0) + 1);
    if (!first.has(shape)) first.set(shape, k);
    last.set(shape, k);
  });
  return shapes.map(
    (shape, k) => (count.get(shape) ?? 1) > 2 && first.get(shape) !== k && last.get(shape) !== k,
  );
}

/**
 * How long a subject may be: when the commits with full hashes and subjects would not
 * fit, abbreviated hashes (`abbreviation`) leave room for more subjects; when even that is
 * too long, each subject gets its share, cut with "…": every commit's hash and the
 * start of its subject beat whole subjects of some commits and nothing of others.
 */
function subjectBudget(
  lines: readonly string[],
  infos: readonly Commit[],
  budget: number,
  hardCap: number,
  big: boolean,
) {
  const room0 = Math.max(hardCap * 0.9 - 400, hardCap * 0.5);
  const subjects: number[] = [];
  let full = 0;
  infos.forEach((info) => {
    const length = info.subject >= 0 ? lines[info.subject]!.trim().length : 0;
    subjects.push(length);
    full += lines[info.start]!.length + 3 + length;
  });
  // Full hashes of a long log only while they fit the budget: past it, the room they
  // take is better spent on subjects (the hard cap is for substance, not for longer
  // hashes). A short log just over its budget stays as it is when it fits the cap.
  const compact = full > (big ? Math.min(room0, budget * 0.9) : room0);
  return { compact, room: compact ? subjectRoom(subjects, room0 - subjects.length * 14) : 600 };
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

function logExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const commits: number[] = [];
  for (let i = 0; i < lines.length; i++) if (COMMIT.test(lines[i]!)) commits.push(i);
  if (commits.length === 0) return onelineExcerpt(doc, budget);
  const picks: Pick[] = [];
  const authors = new Set<string>();
  const infos = commits.map((start, k) => {
    const end = k + 1 < commits.length ? commits[k + 1]! - 1 : lines.length - 1;
    for (let i = start + 1; i <= end; i++) {
      const line = lines[i]!;
      if (/^Author:/.test(line) && !authors.has(line)) {
        authors.add(line);
        picks.push({ from: i, to: i, prio: MUST + 6 });
      }
    }
    return readCommit(lines, start, end);
  });
  const again = repeatedSubjects(lines, infos);
  const hardCap = substanceCap(budget, doc.size);
  const { compact, room } = subjectBudget(lines, infos, budget, hardCap, doc.size > 8000);
  const display = new Map<number, string>();
  const short = compact ? abbreviation(infos.map((info) => COMMIT.exec(lines[info.start]!)![1]!)) : 40;
  infos.forEach((info, k) => {
    // Every commit's hash and subject is substance: one line each (the subject joins its
    // commit line), newest first when they do not all fit; then sizes, biggest first.
    // Compact: as `git log --oneline` shows them (abbreviated hash, subject).
    const hash = compact ? COMMIT.exec(lines[info.start]!)![1]!.slice(0, short) : lines[info.start]!;
    // The newest and the oldest commit keep their whole subject.
    const edge = k === 0 || k === infos.length - 1;
    let subject = info.subject >= 0 ? lines[info.subject]!.trim() : "";
    if (subject.length > room && !edge) subject = `${subject.slice(0, room)}…`;
    display.set(info.start, subject ? `${hash}${compact ? " " : "  "}${subject}` : hash);
    // Subjects of a repeated shape are commits too: after the others, still substance.
    const prio = again[k]
      ? MUST + 0.5 - Math.min(0.4, k / 1000)
      : edge
        ? MUST + 6
        : MUST + 5 - Math.min(4, k / 50);
    picks.push({ from: info.start, to: info.start, prio });
    // The oldest commit's stat summary (what the history starts from) before the subjects
    // of repeated shapes; the newest's after every subject (a stat is no commit).
    const summaryPrio = k === infos.length - 1 ? MUST + 1 : k === 0 ? MUST + 0.05 : 70;
    if (info.summary >= 0) picks.push({ from: info.summary, to: info.summary, prio: summaryPrio });
    if (info.subject < 0 || info.biggest < 0 || info.size < 100) return;
    const weight = Math.min(30, Math.log2(info.size + 1) * 3) + (info.rename ? 25 : 0) - (again[k] ? 15 : 0);
    picks.push({ from: info.biggest, to: info.biggest, prio: 58 + weight });
  });
  const notes: Note[] = [
    {
      at: 0,
      text: `[${plural(commits.length, "commit")} by ${plural(authors.size, "author")}: dates, bodies and most file stats omitted]`,
      prio: MUST + 20,
    },
  ];
  return excerpt("git-log", doc, budget, {
    picks,
    notes,
    kept: "every commit's hash and subject, authors, largest changes",
    // A marker between every two commits would cost more than the subjects; the note
    // above says what is left out.
    options: { maxLine: 600, display, markers: false, hardCap },
  });
}

export const gitLogExcerpt: ExcerptFn = (text: string, _hints: Hints, budget: number) =>
  logExcerpt(text, budget);
