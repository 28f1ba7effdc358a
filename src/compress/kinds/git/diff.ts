/**
 * git diff and git show: every file's header and mode changes, and its changed lines,
 * whole and as git printed them. An edit made alike in many places (a rename carried
 * through a dozen files) is one kind of changed line: its first and last stand for it,
 * with a count; every other changed line is a fact, with its hunk's header (where it is).
 * The context around changes follows as room allows. --stat alone: summary and largest entries.
 */

import { byDirectory } from "../../excerpt/dirs.ts";
import { type Doc, subDoc } from "../../excerpt/doc.ts";
import { alikeSuffix, groupLines } from "../../excerpt/framing.ts";
import { intentLines } from "../../excerpt/intent.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import { templatesOf } from "../../excerpt/templates.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { changedLinesNote, editsShownOnce } from "./changed-note.ts";
import { editGroups } from "./edit-pairs.ts";
import { isStatusLine } from "./verbose-status.ts";

// git's default prefixes (a/, b/) or its mnemonic ones (c/, i/, w/, o/: status -v, diff.mnemonicPrefix).
const DIFF_FILE = /^diff --git [abciwo12]\/(.+) [abciwo12]\/(.+)$|^diff --(?:cc|combined) (.+)$/;
const MODE =
  /^(?:new file mode|deleted file mode|old mode|new mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|Binary files )/;
const HUNK = /^@@+ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@+/;
export const STAT = /^ (.+?)\s+\|\s+(?:(\d+)(?: [+-]*)?|Bin .*)$/;
export const STAT_SUMMARY = /^ \d+ files? changed(?:, \d+ insertions?\(\+\))?(?:, \d+ deletions?\(-\))?$/;

/** What a line of a patch is. */
export type PatchLine = "file" | "mode" | "hunk" | "changed" | "context" | "other";

/**
 * A patch read line by line: where its files' and hunks' headers are, and the file and
 * hunk of each changed line.
 */
export class PatchReader {
  readonly headers: number[] = [];
  readonly hunks: number[] = [];
  readonly fileOf: Int32Array;
  readonly hunkOf: Int32Array;
  /** Whether the lines read are inside a hunk (a caller ends it where something else begins: a commit). */
  inHunk = false;

  constructor(lines: number) {
    this.fileOf = new Int32Array(lines).fill(-1);
    this.hunkOf = new Int32Array(lines).fill(-1);
  }

  /** Files line `i` and says what it is. */
  read(line: string, i: number): PatchLine {
    if (DIFF_FILE.test(line)) {
      this.headers.push(i);
      this.inHunk = false;
      return "file";
    }
    if (!this.inHunk && MODE.test(line)) return "mode";
    if (HUNK.test(line)) {
      this.inHunk = true;
      this.hunks.push(i);
      return "hunk";
    }
    if (this.inHunk && (line.startsWith("+") || line.startsWith("-"))) {
      this.fileOf[i] = this.headers.length - 1;
      this.hunkOf[i] = this.hunks.length - 1;
      return "changed";
    }
    return this.inHunk && line.startsWith(" ") ? "context" : "other";
  }
}

/** Changed lines alike in this share of their words are one edit made in many places. */
const SAME_EDIT = 0.75;

/**
 * The changed lines: an edit made alike in many places is one kind of changed line
 * (templates.ts, split by what its lines change: edit-pairs.ts), its first and last facts
 * with its count, the others as room allows; every other changed line is a fact, unless
 * its edit was shown before. Which files and hunks have a change shown.
 */
export function changedPicks(
  doc: Doc,
  changed: readonly number[],
  fileOf: Int32Array,
  hunkOf: Int32Array,
  picks: Pick[],
  braces: readonly number[],
): {
  shownFile: Set<number>;
  shownHunk: Set<number>;
  alike: number;
  again: number;
  suffix: Map<number, string>;
  /**
   * The changed lines a note saying "every changed line" promises (changed-note.ts): those
   * picked as facts, and the lines of punctuation alone (`braces`), no facts but changed lines.
   */
  promised: number[];
} {
  const { starts } = doc;
  const kinds = templatesOf(subDoc(doc, changed), () => false, undefined, SAME_EDIT);
  const suffix = new Map<number, string>();
  const shownFile = new Set<number>();
  const shownHunk = new Set<number>();
  let alike = 0;
  let again = 0;
  const facts: number[] = [];
  // Lines alike in their words are one edit only where they change the same words
  // (edit-pairs.ts); an edit shown once in a file (a rename where its name is declared) is
  // shown again there as room allows (where it is called).
  const kindsAt = kinds.list.map((t) => t.members.map((k) => changed[k]!));
  for (const g of editGroups(doc.lines, changed, kindsAt, fileOf)) {
    const { at } = g;
    if (g.again && at.length <= 2) {
      again++;
      for (const i of at) picks.push({ from: i, to: i, prio: 60 });
      continue;
    }
    if (at.length <= 2) {
      for (const i of at) {
        picks.push({ from: i, to: i, prio: MUST + 3 });
        facts.push(i);
        shownFile.add(fileOf[i]!);
        shownHunk.add(hunkOf[i]!);
      }
      continue;
    }
    alike++;
    const first = at[0]!;
    const last = at[at.length - 1]!;
    picks.push({ from: first, to: first, prio: MUST + 2 });
    picks.push({ from: last, to: last, prio: MUST + 1 });
    facts.push(first, last);
    shownFile.add(fileOf[first]!);
    shownFile.add(fileOf[last]!);
    shownHunk.add(hunkOf[first]!);
    shownHunk.add(hunkOf[last]!);
    suffix.set(first, alikeSuffix(at.length, starts[first]!, starts[last]!));
    at.slice(1, -1).forEach((i, k) => {
      picks.push({ from: i, to: i, prio: 60 - Math.min(20, k / 4) });
    });
  }
  return { shownFile, shownHunk, alike, again, suffix, promised: [...facts, ...braces] };
}

/**
 * git show / format-patch: the commit header, message and stat before the first diff, as
 * picks; git status -v: the status above its patch, every line of it (verbose-status.ts).
 * Where the first diff begins.
 */
function headPicks(lines: readonly string[], picks: Pick[]): number {
  let firstDiff = 0;
  while (firstDiff < lines.length && !DIFF_FILE.test(lines[firstDiff]!)) firstDiff++;
  for (let i = 0; i < firstDiff; i++) {
    const line = lines[i]!;
    const status = isStatusLine(line);
    if (i >= 40 && !status) continue;
    const key =
      status || /^(?:commit |Author:|Date:|Merge:|From |Subject:)|^ {4}\S|^ \d+ files? changed/.test(line);
    picks.push({ from: i, to: i, prio: key ? MUST + 15 : STAT.test(line) ? 80 : 40 });
  }
  return firstDiff;
}

function diffExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks: Pick[] = [];
  const firstDiff = headPicks(lines, picks);
  let added = 0;
  let removed = 0;
  const patch = new PatchReader(lines.length);
  const { headers, hunks, fileOf, hunkOf } = patch;
  const changed: number[] = [];
  const allChanged: number[] = [];
  const braces: number[] = [];
  for (let i = firstDiff; i < lines.length; i++) {
    const line = lines[i]!;
    const kind = patch.read(line, i);
    if (kind === "mode") picks.push({ from: i, to: i, prio: MUST + 5 });
    else if (kind === "changed") {
      allChanged.push(i);
      if (line[0] === "+") added++;
      else removed++;
      // A line of punctuation alone (a brace) says little: room allowing.
      if (/\w/.test(line)) changed.push(i);
      else {
        picks.push({ from: i, to: i, prio: 70 });
        braces.push(i);
      }
    } else if (kind === "context") {
      // Context next to a change says where it is.
      const near = /^[-+]/.test(lines[i + 1] ?? "") || /^[-+]/.test(lines[i - 1] ?? "");
      picks.push({ from: i, to: i, prio: near ? 66 : 20 });
    }
  }
  const { shownFile, shownHunk, alike, again, suffix, promised } = changedPicks(
    doc,
    changed,
    fileOf,
    hunkOf,
    picks,
    braces,
  );
  // A hunk's header says where its changes are in the file: with them when they are shown.
  hunks.forEach((i, k) => {
    picks.push({ from: i, to: i, prio: shownHunk.has(k) ? MUST + 4 : 78 });
  });
  // Every file is named: by its header where its changes are shown, else in the list on top.
  const names: string[] = [];
  headers.forEach((i, k) => {
    picks.push({ from: i, to: i, prio: shownFile.has(k) ? MUST + 10 : 72 });
    const m = DIFF_FILE.exec(lines[i]!)!;
    names.push(m[2] ?? m[3]!);
  });
  const files = headers.length;
  // What the agent said it is after: the lines that name it.
  for (const i of intentLines(lines, hints.intent, (k) => lines[k]!.trim() !== ""))
    picks.push({ from: i, to: i, prio: MUST + 3 });
  const notes = [
    changedLinesNote(
      (changedLines) =>
        `${plural(files, "file")} changed, +${added} -${removed}: ${changedLines}${editsShownOnce(alike > 0, again > 0)}; context lines omitted`,
      promised,
      allChanged,
      0,
      MUST + 20,
    ),
    // The files by directory, each directory once (dirs.ts).
    ...byDirectory(names).flatMap((g) =>
      (g.paths.length <= 2 ? [g.paths.join(" ")] : groupLines(g.dir, g.names)).map((text) => ({
        at: 0,
        text,
        prio: MUST + 19,
      })),
    ),
  ];
  return excerpt("git-diff", doc, budget, {
    picks,
    notes,
    kept: `${plural(files, "file")}: headers, changed lines`,
    // A marker per context gap would cost more than the changes: the note says they are left out.
    options: { suffix, markers: false, maxLine: 400 },
    engine: false,
    hints,
  });
}

/** Of a --stat listing, this many largest changes are facts (before any kind of line). */
const LARGEST = 5;

function statExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const picks: Pick[] = [];
  const sizes: [number, number][] = [];
  doc.lines.forEach((line, i) => {
    const m = STAT.exec(line);
    if (STAT_SUMMARY.test(line)) picks.push({ from: i, to: i, prio: MUST + 10 });
    else if (m) sizes.push([i, Number(m[2] ?? 0)]);
  });
  // The largest changes first, by their size against the largest's (a cap on the size
  // made every change of 256 lines or more alike).
  sizes.sort((a, b) => b[1] - a[1]);
  const top = Math.log2((sizes[0]?.[1] ?? 0) + 2);
  sizes.forEach(([i, size], rank) => {
    const prio = rank < LARGEST && size > 0 ? MUST + LARGEST - rank : 50 + (40 * Math.log2(size + 2)) / top;
    picks.push({ from: i, to: i, prio });
  });
  return excerpt("git-diff", doc, budget, { picks, kept: "summary, largest changes" });
}

export function gitDiffExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  return /^diff --git /m.test(text) ? diffExcerpt(text, hints, budget) : statExcerpt(text, budget);
}
