/**
 * git output. diff: every file's header with its +/- counts, mode changes, then the
 * changed lines of each file in turn (first hunk of every file before the second of
 * any). log: the newest and oldest commits, the biggest changes and renames, each
 * author once. status and --stat: headers, summaries and the largest entries.
 */

import { docOf, excerpt, lastNonBlank, plural, shapeOf } from "./common.ts";
import { dirLines, namesByDir } from "./names.ts";
import { MUST, type Note, type Pick, substanceCap } from "./pack.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

const DIFF_FILE = /^diff --git a\/(.+) b\/(.+)$|^diff --(?:cc|combined) (.+)$/;
const MODE =
  /^(?:new file mode|deleted file mode|old mode|new mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|Binary files )/;
const HUNK = /^@@+ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
const STAT = /^ (.+?)\s+\|\s+(?:(\d+)(?: [+-]*)?|Bin .*)$/;
const STAT_SUMMARY = /^ \d+ files? changed(?:, \d+ insertions?\(\+\))?(?:, \d+ deletions?\(-\))?$/;

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

function diffExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks: Pick[] = [];
  const display = new Map<number, string>();
  const repeats = new Map<string, number>();
  const substitutions = new Map<string, number>();
  let files = 0;
  let added = 0;
  let removed = 0;
  let header = -1;
  let plus = 0;
  let minus = 0;
  let deleted = false;
  let blocks = 0;
  let inHunk = false;
  let hunk = -1;
  // A block is a run of consecutive +/- lines; blocks are what get kept or cut.
  let blockStart = -1;
  let blockWorth = 0;
  const closeBlock = (end: number) => {
    if (blockStart < 0) return;
    // The k-th block of every file before the (k+1)-th of any; a deleted file's body,
    // changes repeated across files ("+// @ts-check" everywhere), comments and bare
    // punctuation say little.
    // Changed lines are the diff's substance (MUST), as room allows in that order.
    let prio = MUST + 9 - Math.min(9, blocks);
    if (deleted) prio = 10;
    else if (blockWorth === 0) prio = 60 - Math.min(40, blocks * 4);
    else {
      // The same edit made again (a rename applied on line after line): after its first
      // two, it is repetition; a note counts it.
      const sub = blockSubstitution(lines, blockStart, end);
      if (sub) {
        const seen = substitutions.get(sub) ?? 0;
        substitutions.set(sub, seen + 1);
        // A file's first change stays: it says what happened to that file.
        if (seen >= 2 && blocks > 0) prio = 62 - Math.min(20, seen / 5);
      }
    }
    // A block's first line says where and what changed; the rest of a long block (a new
    // file's body) comes after the first lines of the other files' blocks.
    // Its first removed and first added line go together (what became what).
    picks.push({ from: blockStart, to: blockStart, prio });
    const sign = lines[blockStart]![0];
    let other = blockStart + 1;
    while (other <= end && lines[other]![0] === sign) other++;
    if (other <= end) picks.push({ from: other, to: other, prio, with: blockStart });
    if (end > blockStart)
      picks.push({
        from: blockStart + 1,
        to: end,
        prio: prio >= MUST ? MUST + (prio - MUST) / 2 : prio - 5,
        split: "head",
      });
    // A hunk's header (where it is) goes with its first block.
    if (hunk >= 0) picks.push({ from: hunk, to: hunk, prio: prio - 0.5, with: blockStart });
    hunk = -1;
    blocks++;
    blockStart = -1;
  };
  const closeFile = (end: number) => {
    closeBlock(end);
    if (header >= 0) display.set(header, `${lines[header]}  (+${plus} -${minus})`);
  };
  // git show / format-patch: the commit header, message and stat before the first diff.
  let firstDiff = 0;
  while (firstDiff < lines.length && !DIFF_FILE.test(lines[firstDiff]!)) firstDiff++;
  for (let i = 0; i < Math.min(firstDiff, 40); i++) {
    const line = lines[i]!;
    const key = /^(?:commit |Author:|Date:|Merge:|From |Subject:)|^ {4}\S|^ \d+ files? changed/.test(line);
    picks.push({ from: i, to: i, prio: key ? MUST + 15 : STAT.test(line) ? 80 : 40 });
  }
  for (let i = firstDiff; i < lines.length; i++) {
    const line = lines[i]!;
    const change = inHunk && (line.startsWith("+") || line.startsWith("-"));
    if (!change) closeBlock(i - 1);
    if (DIFF_FILE.test(line)) {
      closeFile(i - 1);
      header = i;
      files++;
      plus = minus = blocks = 0;
      deleted = false;
      inHunk = false;
      picks.push({ from: i, to: i, prio: MUST + 10 });
    } else if (!inHunk && MODE.test(line)) {
      if (/^deleted file mode/.test(line)) deleted = true;
      picks.push({ from: i, to: i, prio: MUST + 5 });
    } else if (HUNK.test(line)) {
      inHunk = true;
      hunk = i;
    } else if (change) {
      if (line.startsWith("+")) {
        plus++;
        added++;
      } else {
        minus++;
        removed++;
      }
      if (blockStart < 0) {
        blockStart = i;
        blockWorth = 0;
      }
      const body = line.slice(1).trim();
      const again = repeats.get(line) ?? 0;
      repeats.set(line, again + 1);
      if (again === 0 && body.length >= 4 && !/^(?:\*|\/\/|\/\*|#(?!include|define|if|!))/.test(body))
        blockWorth++;
    } else if (inHunk && line.startsWith(" ")) {
      picks.push({ from: i, to: i, prio: 12 });
    }
  }
  closeFile(lines.length - 1);
  const notes: Note[] = [
    {
      at: 0,
      text: `[${plural(files, "file")} changed, +${added} -${removed}; context lines omitted, hunk headers give the line numbers]`,
      prio: MUST + 20,
    },
  ];
  const again = [...substitutions].filter(([, n]) => n > 2).sort((a, b) => b[1] - a[1]);
  if (again.length > 0) {
    const list = again.slice(0, 8).map(([sub, n]) => `${sub} ×${n}`);
    notes.push({
      at: 0,
      text: `[the same edit on many lines (the first two and each file's first shown, more as room allows): ${list.join("; ")}${again.length > 8 ? "; …" : ""}]`,
      prio: MUST + 18,
    });
  }
  // Without markers (one per context gap would cost more than the changes), the end
  // says how many changed lines did not fit and how to see them.
  const changed: number[] = [];
  let inside = false;
  for (let i = firstDiff; i < lines.length; i++) {
    const line = lines[i]!;
    if (DIFF_FILE.test(line)) inside = false;
    else if (HUNK.test(line)) inside = true;
    else if (inside && (line.startsWith("+") || line.startsWith("-"))) changed.push(i);
  }
  const longest = `[${changed.length} of ${changed.length} changed lines not shown; the header's --grep with '^[-+]' lists them]`;
  notes.push({
    at: lines.length,
    text: longest,
    prio: MUST + 19,
    final: (kept) => {
      const missing = changed.filter((i) => !kept(i)).length;
      return missing === 0
        ? ""
        : `[${missing} of ${changed.length} changed lines not shown; the header's --grep with '^[-+]' lists them]`;
    },
  });
  return excerpt("git-diff", doc, budget, {
    picks,
    notes,
    kept: `${plural(files, "file")}: headers, changed lines`,
    options: { display, hardCap: substanceCap(budget, doc.size), markers: false },
  });
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

const COMMIT = /^commit ([0-9a-f]{7,64})/;
const ONELINE = /^[*|\\/ ]*[0-9a-f]{7,40}\s/;

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

function logExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks: Pick[] = [];
  const commits: number[] = [];
  for (let i = 0; i < lines.length; i++) if (COMMIT.test(lines[i]!)) commits.push(i);
  if (commits.length === 0) {
    // --oneline: the newest, the oldest, decorated ones (branches, tags) and rare subjects.
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
  const authors = new Set<string>();
  const subjectShapes = new Map<string, number>();
  type Info = {
    start: number;
    end: number;
    subject: number;
    summary: number;
    size: number;
    biggest: number;
    rename: boolean;
  };
  const infos: Info[] = [];
  commits.forEach((start, k) => {
    const end = k + 1 < commits.length ? commits[k + 1]! - 1 : lines.length - 1;
    const info: Info = { start, end, subject: -1, summary: -1, size: 0, biggest: -1, rename: false };
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
      if (/^(?:Author|Merge):/.test(line)) {
        if (/^Author:/.test(line) && !authors.has(line)) {
          authors.add(line);
          picks.push({ from: i, to: i, prio: MUST + 6 });
        }
      }
    }
    if (info.subject >= 0) {
      const shape = shapeOf(lines[info.subject]!);
      subjectShapes.set(shape, (subjectShapes.get(shape) ?? 0) + 1);
    }
    infos.push(info);
  });
  const display = new Map<number, string>();
  const firstOfShape = new Map<string, number>();
  const lastOfShape = new Map<string, number>();
  infos.forEach((info, k) => {
    if (info.subject < 0) return;
    const shape = shapeOf(lines[info.subject]!);
    if (!firstOfShape.has(shape)) firstOfShape.set(shape, k);
    lastOfShape.set(shape, k);
  });
  // Subjects of one shape ("Release 0.#.0") repeat: the newest and oldest of a shape
  // are substance, the ones between come after, as the budget allows.
  const again = infos.map((info, k) => {
    const shape = info.subject >= 0 ? shapeOf(lines[info.subject]!) : "";
    return (
      (subjectShapes.get(shape) ?? 1) > 2 && firstOfShape.get(shape) !== k && lastOfShape.get(shape) !== k
    );
  });
  // When the substance commits with full hashes and subjects would not fit, abbreviated
  // hashes (10 digits) leave room for more subjects; when even that is too long
  // (subjects of hundreds of characters), each subject gets its share, cut with "…":
  // every commit's hash and the start of its subject beat whole subjects of some
  // commits and nothing of others.
  const hardCap = substanceCap(budget, doc.size);
  const room0 = hardCap * 0.9 - 400;
  const subjects: number[] = [];
  let full = 0;
  infos.forEach((info, k) => {
    if (again[k]) return;
    const length = info.subject >= 0 ? lines[info.subject]!.trim().length : 0;
    subjects.push(length);
    full += lines[info.start]!.length + 3 + length;
  });
  const compact = full > room0;
  const room = compact ? subjectRoom(subjects, room0 - subjects.length * 14) : 600;
  infos.forEach((info, k) => {
    // Every commit's hash and subject is substance: one line each (the subject joins its
    // commit line), newest first when they do not all fit; then sizes, biggest first.
    // Compact: as `git log --oneline` shows them (abbreviated hash, subject).
    const hash = compact ? COMMIT.exec(lines[info.start]!)![1]!.slice(0, 10) : lines[info.start]!;
    // The newest and the oldest commit keep their whole subject.
    const edgeCommit = k === 0 || k === infos.length - 1;
    let subject = info.subject >= 0 ? lines[info.subject]!.trim() : "";
    if (subject.length > room && !edgeCommit) subject = `${subject.slice(0, room)}…`;
    display.set(info.start, subject ? `${hash}  ${subject}` : hash);
    const prio = again[k] ? 80 : edgeCommit ? MUST + 6 : MUST + 5 - Math.min(4, k / 50);
    picks.push({ from: info.start, to: info.start, prio });
    const edge = k === 0 || k === infos.length - 1;
    if (info.summary >= 0) picks.push({ from: info.summary, to: info.summary, prio: edge ? MUST + 1 : 70 });
    if (info.subject < 0) return;
    const repeated = (subjectShapes.get(shapeOf(lines[info.subject]!)) ?? 1) > 2;
    const weight = Math.min(30, Math.log2(info.size + 1) * 3) + (info.rename ? 25 : 0) - (repeated ? 15 : 0);
    if (info.biggest >= 0 && info.size >= 100) {
      picks.push({ from: info.biggest, to: info.biggest, prio: 58 + weight });
    }
  });
  const notes: Note[] = [
    {
      at: 0,
      text: `[${plural(commits.length, "commit")} by ${plural(authors.size, "author")}: each commit's hash with its subject; dates, message bodies and most file stats omitted]`,
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

const STATUS_SECTION =
  /^(?:On branch |HEAD detached |Your branch |Changes to be committed:|Changes not staged for commit:|Untracked files:|Unmerged paths:|You have unmerged paths|All conflicts fixed|nothing to commit|no changes added|It took )/;
const STATUS_ENTRY =
  /^\t(?:(new file|modified|deleted|renamed|copied|typechange|both modified|both added|deleted by \w+|added by \w+):\s+)?(.+)$/;
const SHORT_ENTRY = /^([ MADRCU?!]{2}) (.+)$/;

function statusExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const picks: Pick[] = [];
  // Every path is substance: per state, one line per directory with its names,
  // collapsed by structure only as far as needed to fit.
  const states = new Map<string, { first: number; entries: { path: string; line: number }[] }>();
  doc.lines.forEach((line, i) => {
    if (STATUS_SECTION.test(line)) {
      picks.push({ from: i, to: i, prio: MUST + 5 });
      return;
    }
    const long = STATUS_ENTRY.exec(line);
    const short = long ? null : SHORT_ENTRY.exec(line);
    if (!long && !short) return;
    const state = long ? (long[1] ?? "untracked") : short![1]!;
    const path = long ? long[2]! : short![2]!;
    const group = states.get(state) ?? { first: i, entries: [] };
    states.set(state, group);
    group.entries.push({ path, line: i });
    picks.push({ from: i, to: i, prio: 40 });
  });
  const last = lastNonBlank(doc.lines);
  picks.push({ from: last, to: last, prio: 85 });
  const hardCap = substanceCap(budget, doc.size);
  const byState = [...states].map(([state, g]) => ({ state, g, dirs: namesByDir(g.entries) }));
  const all = byState.flatMap((s) => s.dirs);
  // As git printed them when they all fit; else by directory.
  let literal = 0;
  for (const { g } of byState) for (const e of g.entries) literal += doc.lines[e.line]!.length + 1;
  if (literal <= hardCap - 300) {
    for (const { g } of byState)
      for (const e of g.entries) picks.push({ from: e.line, to: e.line, prio: MUST + 3 });
    return excerpt("git-status", doc, budget, {
      picks,
      kept: "branch, sections, every path",
      options: { hardCap },
    });
  }
  const listed = dirLines(all, hardCap - 300);
  const notes: Note[] = [];
  if (listed) {
    let k = 0;
    for (const { state, g, dirs } of byState) {
      // A short state list stays as git printed it; a long one becomes lines per directory.
      if (g.entries.length <= 3) {
        for (const e of g.entries) picks.push({ from: e.line, to: e.line, prio: MUST + 3 });
        k += dirs.length;
        continue;
      }
      // As git labels them: `?? dir/ (9): a.js  b.js` (short), `modified: dir/ (3): …` (long).
      const short = /^[ MADRCU?!]{2}$/.test(state);
      for (const _ of dirs)
        notes.push({
          at: g.first,
          text: short ? `${state} ${listed.lines[k++]!}` : `\t${state}: ${listed.lines[k++]!}`,
          prio: MUST + 2,
        });
    }
  }
  const braced = listed ? listed.collapse > 0 : false;
  if (braced) notes.unshift({ at: 0, text: `[paths by directory; ${BRACES}]`, prio: MUST + 6 });
  return excerpt("git-status", doc, budget, {
    picks,
    notes,
    kept: listed ? "branch, sections, every path" : "branch, sections, changed paths",
    options: { hardCap },
  });
}

/** How brace notation reads, for excerpts that collapse names with it. */
const BRACES = "a{.x,.y} stands for a.x a.y, a{1..3} for a1 a2 a3, {a,b}.x for a.x b.x";

export const gitDiff: Compressor = {
  name: "git-diff",
  detect(text: string, hints: Hints): number {
    let score = 0;
    if (/^diff --git a\/\S+ b\/\S+$/m.test(text)) score += 0.7;
    if (/^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/m.test(text)) score += 0.2;
    if (/^ \d+ files? changed, \d+ (?:insertion|deletion)/m.test(text) && /^ \S.* \| +\d+ [+-]+$/m.test(text))
      score += 0.6;
    if (hints.command && /\bgit\s+(?:diff|show|format-patch|stash show)\b/.test(hints.command)) score += 0.2;
    return Math.min(1, score);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    return /^diff --git /m.test(text) ? diffExcerpt(text, budget) : statExcerpt(text, budget);
  },
};

export const gitLog: Compressor = {
  name: "git-log",
  detect(text: string, hints: Hints): number {
    let score = 0;
    if (/^commit [0-9a-f]{40}(?: \(.+\))?$/m.test(text) && /^(?:Author|Date): {1,3}\S/m.test(text))
      score += 0.8;
    if (hints.command && /\bgit\s+(?:log|reflog|shortlog)\b/.test(hints.command)) {
      const oneline = text.split("\n", 50).filter((l) => ONELINE.test(l)).length;
      score += oneline >= 3 ? 0.7 : 0.3;
    }
    return Math.min(1, score);
  },
  compress: (text: string, _hints: Hints, budget: number) => logExcerpt(text, budget),
};

export const gitStatus: Compressor = {
  name: "git-status",
  detect(text: string, hints: Hints): number {
    let score = 0;
    if (/^On branch \S+$|^HEAD detached at /m.test(text)) score += 0.5;
    if (/^(?:Changes to be committed|Changes not staged for commit|Untracked files):$/m.test(text))
      score += 0.4;
    if (hints.command && /\bgit\s+status\b/.test(hints.command)) {
      const short = text.split("\n", 50).filter((l) => SHORT_ENTRY.test(l)).length;
      score += short > 0 ? 0.7 : 0.3;
    }
    return Math.min(1, score);
  },
  compress: (text: string, _hints: Hints, budget: number) => statusExcerpt(text, budget),
};
