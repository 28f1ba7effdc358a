/**
 * grep / ripgrep / Claude Code's Grep: every file that matched with its count (busiest
 * first, the files of one count in bash brace words), the first match of each file as
 * it came, and for large results the directories they fall in. Files-only and count
 * modes too.
 */

import { commonPrefix, wordLines } from "../../excerpt/brace-names.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, plural, unshownNote } from "../../excerpt/lines.ts";
import { BRACE_LINE, collapseSections, type Section, stampRange } from "../../excerpt/log-lines.ts";
import { MUST, type Note, type Pick, substanceCap } from "../../excerpt/pack.ts";
import { groupNotes, pathListExcerpt, pathWords } from "../../excerpt/path-list.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { ERROR_LEVEL, logShape, problemLevel, problemsNote, WARN_LEVEL } from "../log/excerpt.ts";
import { COUNT, MATCH, type Mode, modeOf } from "./detect.ts";

interface FileMatches {
  count: number;
  first: number;
  second: number;
}

/** Matches per file, in the order the files came. */
function matchesByFile(
  lines: readonly string[],
  mode: Mode,
): { files: Map<string, FileMatches>; matches: number } {
  const files = new Map<string, FileMatches>();
  let matches = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 5000) continue;
    const m = mode === "count" ? COUNT.exec(line) : MATCH.exec(line);
    if (!m) continue;
    const n = mode === "count" ? Number(m[2]) : 1;
    matches += n;
    const f = files.get(m[1]!);
    if (f) {
      f.count += n;
      if (f.second < 0) f.second = i;
    } else files.set(m[1]!, { count: n, first: i, second: -1 });
  }
  return { files, matches };
}

/**
 * Matches that are a log's problems (its ERROR and WARN lines) are the point of
 * grepping logs: each is substance, the first of each shape first; a display notes how
 * many of its shape there are.
 */
function problemPicks(doc: Doc, picks: Pick[], display: Map<number, string>): number {
  const { lines } = doc;
  const problems = new Map<string, { first: number; count: number; last: number }>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 5000) continue;
    const m = MATCH.exec(line);
    if (!m) continue;
    const content = m[3]!;
    // A log line's level word comes early; "err" in source code is not a problem.
    const head = content.slice(0, 80);
    if (!ERROR_LEVEL.test(head) && !WARN_LEVEL.test(head)) continue;
    const shape = `${m[1]}\0${logShape(content)}`;
    const seen = problems.get(shape);
    const severe = ERROR_LEVEL.test(head);
    if (seen) {
      seen.count++;
      seen.last = i;
      picks.push({ from: i, to: i, prio: (severe ? MUST + 1 : MUST) - Math.min(0.9, seen.count / 100) });
    } else {
      problems.set(shape, { first: i, count: 1, last: i });
      picks.push({ from: i, to: i, prio: severe ? MUST + 5 : MUST + 2 });
    }
  }
  for (const p of problems.values())
    if (p.count > 1)
      display.set(
        p.first,
        `${display.get(p.first) ?? lines[p.first]}  [×${p.count} of this shape, lines ${doc.starts[p.first]}-${doc.starts[p.last]}]`,
      );
  return [...problems.values()].reduce((a, p) => a + p.count, 0);
}

/**
 * Every file that matched is substance, with its count, busiest first: one list on
 * top, as `grep -c` prints it.
 */
function fileNotes(files: Map<string, FileMatches>): Note[] {
  const ranked = [...files].sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first);
  return ranked.map(([path, f], rank) => ({
    at: 0,
    text: `${path}:${f.count}`,
    prio: MUST + 1 - Math.min(0.9, rank / 1000),
  }));
}

/**
 * Every file that matched, grouped by its count (busiest first), each line `N: paths`
 * with the paths of that count in bash brace words: a long shared folder is written
 * once per line, not once per file.
 */
function fileCountNotes(files: Map<string, FileMatches>): Note[] {
  const byCount = new Map<number, string[]>();
  for (const [path, f] of files) {
    const list = byCount.get(f.count);
    if (list) list.push(path);
    else byCount.set(f.count, [path]);
  }
  const notes: Note[] = [];
  [...byCount.keys()]
    .sort((a, b) => b - a)
    .forEach((count, rank) => {
      // Each path followed by a colon, as grep writes it before what it found there.
      const words = pathWords(byCount.get(count)!, FILE_LINE).map((w) => `${w.text}:`);
      for (const line of wordLines(words, FILE_LINE))
        notes.push({ at: 0, text: `${count}: ${line}`, prio: MUST + 1 - Math.min(0.9, rank / 1000) });
    });
  return notes;
}

/** Characters of paths per line of the file list. */
const FILE_LINE = 240;
const BRACES_NOTE = "a/{b,c}.js: is a/b.js: a/c.js:";

/** The folder (ending in `/`) all `paths` are in, or "". */
function commonDir(paths: readonly string[]): string {
  const shared = commonPrefix(paths);
  return shared.slice(0, shared.lastIndexOf("/") + 1);
}

/** The match lines, with their text after `path:line:`. */
function matchSection(lines: readonly string[]): Section {
  const s: Section = { at: [], text: [] };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = line.length > 5000 ? null : MATCH.exec(line);
    if (!m) continue;
    s.at.push(i);
    s.text.push(m[3]!);
  }
  return s;
}

/**
 * grep over logs: every matched line is substance. Every file with its count on top
 * (as grep -c prints it); then the lines of all files, those that differ in one word
 * (after the `path:line:` prefix and the timestamp) as one brace line.
 */
function logMatchExcerpt(doc: Doc, budget: number): Excerpt | undefined {
  const section = matchSection(doc.lines);
  const problems: number[] = [];
  const levels = new Set<string>();
  section.text.forEach((t, k) => {
    const level = problemLevel(t.slice(0, 120));
    if (level === undefined) return;
    problems.push(section.at[k]!);
    levels.add(level);
  });
  if (problems.length === 0) return undefined;
  const { files, matches } = matchesByFile(doc.lines, "content");
  const c = collapseSections([section]);
  const range = stampRange(section.text);
  // Files come before their lines; their common folder is said once.
  const dir = commonDir([...files.keys()]);
  const notes =
    files.size > 1
      ? fileNotes(files).map((n) => ({ ...n, text: n.text.slice(dir.length), prio: n.prio + 5 }))
      : [];
  if (notes.length > 0)
    notes.unshift({
      at: 0,
      text: `[per file as grep -c prints it (path:count), busiest first${dir ? `, in ${dir}` : ""}:]`,
      prio: MUST + 10,
    });
  // What was collapsed is said in the header (kept), briefly, not in a note of its own.
  const collapsed = c.headOf.size > c.groups;
  const legend = `${collapsed ? "; lines alike but for one word: once, values in braces" : ""}${range ? "; timestamps dropped" : ""}`;
  const grep = [...levels].sort().join("|");
  const packing = {
    picks: c.picks,
    kept: `${plural(matches, "match", "matches")} in ${plural(files.size, "file")}, ${plural(problems.length, "problem line")}${legend}`,
    options: {
      display: c.display,
      hardCap: substanceCap(budget, doc.size),
      markers: false,
      maxLine: BRACE_LINE,
    },
  };
  // The note counting unshown problem lines is charged at its longest, so it can take
  // the room of the very lines it would count: first try without it, and keep that
  // excerpt when every problem line is in it.
  let missing = -1;
  const probe: Note = {
    at: 0,
    text: "",
    prio: MUST + 9,
    final: (kept) => {
      missing = problems.filter((i) => !kept(c.headOf.get(i) ?? i)).length;
      return "";
    },
  };
  // Only worth a try when the problem lines could all fit at all (packing twice costs).
  let need = 0;
  for (const p of c.picks)
    need += Math.min(BRACE_LINE, (c.display.get(p.from) ?? doc.lines[p.from]!).length) + 1;
  if (need <= packing.options.hardCap) {
    const bare = excerpt("grep", doc, budget, { ...packing, notes: [...notes, probe] });
    if (missing === 0) return bare;
  }
  notes.push(unshownNote(problems, doc.lines.length, MUST + 9, "error and warning lines", grep, c.headOf));
  return excerpt("grep", doc, budget, { ...packing, notes });
}

function matchExcerpt(doc: Doc, mode: Mode, budget: number): Excerpt {
  const picks: Pick[] = [];
  const display = new Map<number, string>();
  const { files, matches } = matchesByFile(doc.lines, mode);
  // grep -c prints the counts already.
  const notes = mode === "content" && files.size > 1 ? fileCountNotes(files) : [];
  const problems = mode === "content" ? problemPicks(doc, picks, display) : 0;
  notes.unshift({
    at: 0,
    text: `[${plural(matches, "match", "matches")} in ${plural(files.size, "file")}]${notes.length > 0 ? `\n[files by their number of matches, busiest first ("N: path:", the paths with N matches each, in bash brace words: ${BRACES_NOTE}):]` : ""}`,
    prio: MUST + 10,
  });
  // The first match says what was found; the first lines as room allows.
  let firstMatch = -1;
  for (const f of files.values()) if (firstMatch < 0 || f.first < firstMatch) firstMatch = f.first;
  if (firstMatch >= 0) picks.push({ from: firstMatch, to: firstMatch, prio: MUST + 2 });
  picks.push({ from: 0, to: 2, prio: 88, split: "head" });
  const ranked = [...files].sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first);
  ranked.forEach(([, f], rank) => {
    // The first match of every file, busiest files first (of the busiest three, and of
    // every file grep -c counted, as substance after the list of files); a second
    // match for the top ones.
    const prio = mode === "count" ? MUST : rank < 3 ? MUST + 0.05 : 78 - Math.min(40, rank / 2);
    picks.push({ from: f.first, to: f.first, prio });
    if (f.second >= 0 && rank < 10) picks.push({ from: f.second, to: f.second, prio: 50 - rank });
  });
  const hardCap = substanceCap(budget, doc.size);
  if (files.size > 40) {
    const paths = ranked.map(([p]) => p);
    const weights = ranked.map(([, f]) => f.count);
    const maxGroups = Math.max(8, Math.min(40, Math.floor(budget / 120)));
    // When the list of files is far too long to be whole, where they are comes first.
    let listed = 0;
    for (const note of notes) listed += note.text.length + 1;
    const lift = listed > hardCap * 1.5 ? MUST + 1.5 - 84 : 0;
    notes.push({ at: 0, text: "[by directory:]", prio: 84 + lift + 10 });
    for (const note of groupNotes(paths, 0, maxGroups, "match", weights, "matches"))
      notes.push({ ...note, prio: lift ? MUST + 1.5 - note.prio / 1000 : note.prio + 4 });
  }
  const kept = `${plural(matches, "match", "matches")} in ${plural(files.size, "file")}: every file with its count, first match of each${problems > 0 ? `, ${plural(problems, "problem line")}` : ""}`;
  if (problems > 0)
    notes.push(
      ...problemsNote(doc, (line) => {
        const m = MATCH.exec(line);
        return m ? problemLevel(m[3]!) : undefined;
      }),
    );
  return excerpt("grep", doc, budget, {
    picks,
    notes,
    kept,
    options: { display, hardCap },
  });
}

export function grepExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const mode = modeOf(doc.lines);
  if (mode === "files" || mode === undefined)
    return { ...pathListExcerpt("grep", doc, budget), compressor: "grep" };
  return (mode === "content" ? logMatchExcerpt(doc, budget) : undefined) ?? matchExcerpt(doc, mode, budget);
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { grep: grepExcerpt };
