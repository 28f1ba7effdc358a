/**
 * git diff and git show: every file's header with its +/- counts, mode changes, then
 * the changed lines of each file in turn (first block of every file before the second
 * of any); context lines are what is cut. --stat alone: summary and largest entries.
 */

import { withoutCollapsed } from "../../excerpt/brace-lines.ts";
import { docOf, excerpt, plural, unshownNote } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick, SUBSTANCE_CEILING, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { collapseChanges, compactChange, DIFF_BRACE_LINE } from "./diff-lines.ts";

const DIFF_FILE = /^diff --git a\/(.+) b\/(.+)$|^diff --(?:cc|combined) (.+)$/;
const MODE =
  /^(?:new file mode|deleted file mode|old mode|new mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|Binary files )/;
const HUNK = /^@@+ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@+/;
export const STAT = /^ (.+?)\s+\|\s+(?:(\d+)(?: [+-]*)?|Bin .*)$/;
export const STAT_SUMMARY = /^ \d+ files? changed(?:, \d+ insertions?\(\+\))?(?:, \d+ deletions?\(-\))?$/;

/**
 * What a block that replaces lines one for one changed, when every pair changed the
 * same way: `'options' → 'config'` (words in common at both ends left out); else undefined.
 */
export function blockSubstitution(lines: readonly string[], from: number, to: number): string | undefined {
  let mid = from;
  while (mid <= to && lines[mid]![0] === "-") mid++;
  const removed = mid - from;
  if (removed === 0 || to - mid + 1 !== removed) return undefined;
  let sub: string | undefined;
  const word = (c: string | undefined) => c !== undefined && /\w/.test(c);
  for (let k = 0; k < removed; k++) {
    const a = lines[from + k]!;
    const b = lines[mid + k]!;
    // Common characters at both ends (after the +/-), widened to whole words.
    let head = 1;
    while (head < a.length && head < b.length && a[head] === b[head]) head++;
    while (head > 1 && word(a[head - 1]) && (word(a[head]) || word(b[head]))) head--;
    let tail = 0;
    while (
      tail < a.length - head &&
      tail < b.length - head &&
      a[a.length - 1 - tail] === b[b.length - 1 - tail]
    )
      tail++;
    while (
      tail > 0 &&
      word(a[a.length - tail]) &&
      (word(a[a.length - 1 - tail]) || word(b[b.length - 1 - tail]))
    )
      tail--;
    const was = a.slice(head, a.length - tail);
    const now = b.slice(head, b.length - tail);
    if (was.length > 40 || now.length > 40 || (was === "" && now === "")) return undefined;
    const pair = `'${was}' → '${now}'`;
    if (sub !== undefined && sub !== pair) return undefined;
    sub = pair;
  }
  return sub;
}

/** `diff --git a/x b/x` as `diff x` (the same path twice says nothing); a rename stays whole. */
function fileHeader(line: string): string {
  const m = DIFF_FILE.exec(line);
  return m?.[1] !== undefined && m[1] === m[2] ? `diff ${m[1]}` : line;
}

/** What reading a diff gathers: picks and displays, counts, and the repeated edits. */
interface DiffScan {
  readonly lines: readonly string[];
  readonly picks: Pick[];
  readonly display: Map<number, string>;
  /** How often each changed line was seen (a line seen again says nothing new). */
  readonly repeats: Map<string, number>;
  readonly substitutions: Map<string, number>;
  files: number;
  added: number;
  removed: number;
  /** The current file: its header line, counts, whether it is deleted, its blocks so far. */
  header: number;
  plus: number;
  minus: number;
  deleted: boolean;
  blocks: number;
  /** Where the current file's hunks start (new-file line numbers); each file's changed lines with a word. */
  hunkStarts: number[];
  readonly changed: number[][];
  /** The open block (a run of +/- lines). */
  blockStart: number;
  blockWorth: number;
}

/**
 * How much a block of changed lines comes first: the k-th block of every file before
 * the (k+1)-th of any; a deleted file's body last; a block of bare punctuation or lines
 * seen already, and the same edit made again after its first two, after the others.
 */
function blockPrio(s: DiffScan, end: number): number {
  if (s.deleted) return MUST;
  if (s.blockWorth === 0) return 60 - Math.min(40, s.blocks * 4);
  const prio = MUST + 9 - Math.min(9, s.blocks);
  const sub = blockSubstitution(s.lines, s.blockStart, end);
  if (!sub) return prio;
  const seen = s.substitutions.get(sub) ?? 0;
  s.substitutions.set(sub, seen + 1);
  // A file's first change stays: it says what happened to that file. The same edit
  // again is still a changed line (substance), after every other.
  return seen >= 2 && s.blocks > 0 ? MUST + 0.5 - Math.min(0.4, seen / 1000) : prio;
}

/** Picks for a block that ends at `end`: its first lines (what became what), the rest. */
function closeBlock(s: DiffScan, end: number): void {
  if (s.blockStart < 0) return;
  const { lines, picks, blockStart } = s;
  const prio = blockPrio(s, end);
  picks.push({ from: blockStart, to: blockStart, prio });
  // Its first removed and first added line go together (what became what).
  const sign = lines[blockStart]![0];
  let other = blockStart + 1;
  while (other <= end && lines[other]![0] === sign) other++;
  if (other <= end) picks.push({ from: other, to: other, prio, with: blockStart });
  // The rest of a long block (a new file's body) comes after the first lines of the
  // other files' blocks.
  if (end > blockStart)
    picks.push({
      from: blockStart + 1,
      to: end,
      prio: prio >= MUST ? MUST + (prio - MUST) / 2 : prio - 5,
      split: "head",
    });
  s.blocks++;
  s.blockStart = -1;
}

function closeFile(s: DiffScan, end: number): void {
  closeBlock(s, end);
  if (s.header < 0) return;
  const hunks = s.hunkStarts.length > 0 ? `, hunks at ${s.hunkStarts.join(" ")}` : "";
  s.display.set(s.header, `${fileHeader(s.lines[s.header]!)}  (+${s.plus} -${s.minus}${hunks})`);
}

function changedLine(s: DiffScan, i: number): void {
  const line = s.lines[i]!;
  if (line.startsWith("+")) {
    s.plus++;
    s.added++;
  } else {
    s.minus++;
    s.removed++;
  }
  if (s.blockStart < 0) {
    s.blockStart = i;
    s.blockWorth = 0;
  }
  const again = s.repeats.get(line) ?? 0;
  s.repeats.set(line, again + 1);
  // A line with a word in it says something (a comment too); bare punctuation and a
  // line seen already do not.
  if (again === 0 && /\w/.test(line.slice(1))) s.blockWorth++;
  if (/\w/.test(line)) s.changed[s.changed.length - 1]?.push(i);
  const compact = compactChange(line);
  if (compact !== line) s.display.set(i, compact);
}

/** Reads the diff from `first` on: file headers, mode lines, hunks and blocks. */
function scanDiff(lines: readonly string[], first: number, picks: Pick[]): DiffScan {
  const s: DiffScan = {
    lines,
    picks,
    display: new Map(),
    repeats: new Map(),
    substitutions: new Map(),
    files: 0,
    added: 0,
    removed: 0,
    header: -1,
    plus: 0,
    minus: 0,
    deleted: false,
    blocks: 0,
    hunkStarts: [],
    changed: [],
    blockStart: -1,
    blockWorth: 0,
  };
  let inHunk = false;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i]!;
    const change = inHunk && (line.startsWith("+") || line.startsWith("-"));
    if (!change) closeBlock(s, i - 1);
    if (DIFF_FILE.test(line)) {
      closeFile(s, i - 1);
      s.header = i;
      s.files++;
      s.plus = s.minus = s.blocks = 0;
      s.hunkStarts = [];
      s.changed.push([]);
      s.deleted = false;
      inHunk = false;
      picks.push({ from: i, to: i, prio: MUST + 10 });
    } else if (!inHunk && MODE.test(line)) {
      if (/^deleted file mode/.test(line)) s.deleted = true;
      picks.push({ from: i, to: i, prio: MUST + 5 });
    } else if (HUNK.test(line)) {
      inHunk = true;
      // Where the hunk is, said once on the file's line: the changed lines are the
      // substance, the numbers find them (a deleted file's from the old side).
      const [, old, now] = HUNK.exec(line)!;
      s.hunkStarts.push(Number(now) || Number(old));
    } else if (change) changedLine(s, i);
    else if (inHunk && line.startsWith(" ")) picks.push({ from: i, to: i, prio: 12 });
  }
  closeFile(s, lines.length - 1);
  return s;
}

/** Index of every changed line (inside a hunk) from `first` on. */
function changedLines(lines: readonly string[], first: number): number[] {
  const changed: number[] = [];
  let inside = false;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i]!;
    if (DIFF_FILE.test(line)) inside = false;
    else if (HUNK.test(line)) inside = true;
    else if (inside && (line.startsWith("+") || line.startsWith("-"))) changed.push(i);
  }
  return changed;
}

function diffNotes(s: DiffScan, first: number, shownBy: ReadonlyMap<number, number>): Note[] {
  const braces =
    shownBy.size > 0
      ? "; a file's + (or -) lines alike but for one word: once, values in braces as bash expands them"
      : "";
  const notes: Note[] = [
    {
      at: 0,
      text: `[${plural(s.files, "file")} changed, +${s.added} -${s.removed}; context and indentation omitted; "hunks at": new-file lines${braces}]`,
      prio: MUST + 20,
    },
  ];
  const again = [...s.substitutions].filter(([, n]) => n > 2).sort((a, b) => b[1] - a[1]);
  if (again.length > 0) {
    const list = again.slice(0, 8).map(([sub, n]) => `${sub} ×${n}`);
    notes.push({
      at: 0,
      text: `[the same edit on many lines (kept after every other change): ${list.join("; ")}${again.length > 8 ? "; …" : ""}]`,
      prio: MUST + 18,
    });
  }
  // Without markers (one per context gap would cost more than the changes), the end
  // says how many changed lines did not fit and how to see them.
  const changed = changedLines(s.lines, first);
  notes.push(unshownNote(changed, s.lines.length, MUST + 19, "changed lines", "^[-+]", shownBy));
  return notes;
}

/**
 * Every changed line with a word in it is substance, and in a diff they are a fifth of
 * the bytes or more, more than substanceCap allows: the diff shows them all up to 30%
 * of the output (never past SUBSTANCE_CEILING), less reduction rather than
 * lost changes; past that, the note at the end counts them and gives the --grep.
 */
export const DIFF_SHARE = 0.3;

function diffCap(budget: number, size: number): number {
  if (size <= 8000) return substanceCap(budget, size);
  return Math.max(substanceCap(budget, size), Math.floor(Math.min(size * DIFF_SHARE, SUBSTANCE_CEILING)));
}

function diffExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks: Pick[] = [];
  // git show / format-patch: the commit header, message and stat before the first diff.
  let firstDiff = 0;
  while (firstDiff < lines.length && !DIFF_FILE.test(lines[firstDiff]!)) firstDiff++;
  for (let i = 0; i < Math.min(firstDiff, 40); i++) {
    const line = lines[i]!;
    const key = /^(?:commit |Author:|Date:|Merge:|From |Subject:)|^ {4}\S|^ \d+ files? changed/.test(line);
    picks.push({ from: i, to: i, prio: key ? MUST + 15 : STAT.test(line) ? 80 : 40 });
  }
  const scan = scanDiff(lines, firstDiff, picks);
  const shownBy = collapseChanges(lines, scan.changed, scan.display);
  const hardCap = diffCap(budget, doc.size);
  const made = excerpt("git-diff", doc, budget, {
    picks: withoutCollapsed(picks, shownBy),
    notes: diffNotes(scan, firstDiff, shownBy),
    kept: `${plural(scan.files, "file")}: headers, changed lines`,
    options: { display: scan.display, hardCap, markers: false, maxLine: DIFF_BRACE_LINE },
  });
  return { ...made, ceiling: hardCap };
}

function statExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const picks: Pick[] = [];
  doc.lines.forEach((line, i) => {
    const m = STAT.exec(line);
    if (STAT_SUMMARY.test(line)) picks.push({ from: i, to: i, prio: MUST + 10 });
    else if (m) picks.push({ from: i, to: i, prio: 50 + Math.min(40, Math.log2(Number(m[2] ?? 1) + 1) * 5) });
  });
  return excerpt("git-diff", doc, budget, { picks, kept: "summary, largest changes" });
}

export function gitDiffExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  return /^diff --git /m.test(text) ? diffExcerpt(text, budget) : statExcerpt(text, budget);
}
