/**
 * grep, ripgrep and Claude Code's Grep. Matches (`path:12:text`) go through the engine
 * judged by their text, not their path: a match found in many files (a bundled copy, a
 * minified build) is one kind of line shown once with its count, a match like no other
 * is a fact; the problems in grepped logs are facts with their `path:line`. The files
 * that matched are listed by directory on top; a file's only match is a fact, the first
 * match of each other file follows as room allows. Lists of files (`-l`, files_with_matches)
 * are listings; counts (`-c`) keep every file that matched.
 */

import { factCap } from "../../excerpt/budget.ts";
import { listPaths, pathListExcerpt } from "../../excerpt/dirs.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { rank } from "../../excerpt/engine.ts";
import { sortedAt } from "../../excerpt/far-values.ts";
import { note } from "../../excerpt/framing.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { genericExcerpt } from "../generic/excerpt.ts";
import { bareMatches } from "./bare.ts";
import { checkerErrors } from "./checker-errors.ts";
import { CONTEXT, COUNT, isSearch, MATCH, modeOf } from "./detect.ts";
import { oneFileMatches } from "./one-file.ts";
import { aboutNames, searchedNames } from "./searched.ts";

/** From this many files, the files that matched are listed by directory before the matches. */
const FILE_LIST = 4;
/** A context line next to a match: after every match, before the rest of the output. */
const CONTEXT_PRIO = 45;

/**
 * A log line's start: a time or a level word; or a linter's level in brackets
 * (`path:12:3: [error] …`, yamllint's and others' one-line formats), which code does not write.
 */
const LOG_START =
  /\b(?:\d\d:\d\d:\d\d|ERROR|ERR|WARN|WARNING|INFO|DEBUG|FATAL|CRITICAL|TRACE|NOTICE)\b|\[(?:error|warning|warn|info|notice|fatal)\]/;

/** Where each line's text starts after its `path:line:` (or a context line's `path-line-`), and its file. */
function matches(doc: Doc): { bodyAt: Int32Array; file: (string | undefined)[]; count: number } {
  const { lines } = doc;
  const bodyAt = new Int32Array(lines.length);
  const file: (string | undefined)[] = new Array(lines.length);
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 5000) continue;
    // A context line whose text holds `15:04:05` reads as a match of a path with blanks in
    // it: a path without blanks reads first.
    const hit = MATCH.exec(line);
    const m = hit && !/\s/.test(hit[1]!) ? hit : (CONTEXT.exec(line) ?? hit);
    if (!m) continue;
    bodyAt[i] = m[1]!.length + m[2]!.length + 2;
    if (line[m[1]!.length] === ":") {
      // A path set in by blanks (a linter's report, a backtrace's frames at two depths) is
      // one file at any depth: counted by its indent, rspec's 21 files of frames were 28.
      file[i] = m[1]!.trimStart();
      count++;
    }
  }
  return { bodyAt, file, count };
}

/**
 * Each file's first match line and how many matches it has, in one pass (two read the lines
 * twice, each file looked up twice in each): a file is first met where it is first counted,
 * so both maps take the files in the order they first match. A file is looked up only where
 * it differs from the one before (a grep's matches come file by file): each line's is a
 * string of its own, hashed at each lookup.
 */
export function filesMatched(file: readonly (string | undefined)[]): {
  firsts: Map<string, number>;
  matched: Map<string, number>;
} {
  const firsts = new Map<string, number>();
  const counts = new Map<string, { n: number }>();
  let last: string | undefined;
  let count = { n: 0 };
  for (let i = 0; i < file.length; i++) {
    const f = file[i];
    if (f === undefined) continue;
    if (f !== last) {
      last = f;
      const known = counts.get(f);
      if (known) count = known;
      else {
        count = { n: 0 };
        counts.set(f, count);
        firsts.set(f, i);
      }
    }
    count.n++;
  }
  const matched = new Map<string, number>();
  for (const [f, c] of counts) matched.set(f, c.n);
  return { firsts, matched };
}

function contentExcerpt(doc: Doc, budget: number, hints: Hints, read = matches(doc)): Excerpt {
  const { bodyAt, file, count } = read;
  const picks: Pick[] = [];
  // Matches in logs (a level word or a time near their start) may be problems; in source
  // code, `error` and `deprecated` are names.
  let logLines = 0;
  doc.lines.forEach((line, i) => {
    if (file[i] !== undefined && LOG_START.test(line.slice(bodyAt[i]!, bodyAt[i]! + 48))) logLines++;
  });
  const logs = logLines >= count / 2;
  const { firsts, matched } = filesMatched(file);
  // The first match of each file, in order: which files matched, as room allows.
  let order = 0;
  for (const i of firsts.values()) picks.push({ from: i, to: i, prio: 88 - Math.min(30, order++ / 4) });
  // How many matches in how many files is the header's to say (kept): a note on top
  // said it again, 28 characters above each list of files.
  const notes: Note[] = [];
  // Context lines (`-C`, `path-12-text`) are there to be read with a match: of a kind of
  // their own far more often than the matches, which are alike by what was searched for,
  // they would be the rare lines and take the room the matches need. Never facts, they
  // come beside the matches kept, as room allows.
  const context = (i: number) => file[i] === undefined && (bodyAt[i]! > 0 || doc.lines[i] === "--");
  for (let i = 0; i < doc.lines.length; i++)
    if (file[i] !== undefined) {
      if (i > 0 && context(i - 1)) picks.push({ from: i - 1, to: i - 1, prio: CONTEXT_PRIO });
      if (i + 1 < doc.lines.length && context(i + 1))
        picks.push({ from: i + 1, to: i + 1, prio: CONTEXT_PRIO });
    }
  // A command that searched nothing found each line: its errors are problems (checker-errors.ts).
  const searched = hints.command === undefined || isSearch(hints.command);
  const ranking = rank(doc, {
    bodyAt: (i) => bodyAt[i]!,
    noise: context,
    problemWords: logs,
    problem: checkerErrors(doc.lines, bodyAt, file, searched),
    rareAreFacts: true,
    intent: hints.intent,
  });
  // Which files matched is what a search across files is for: each directory once, then
  // its files' names, before the matches (dirs.ts). Where nearly every match is of a kind
  // of its own (a search for `function `), none stands out (engine.ts, VARIED): the matches
  // share the budget, and every file that matched is named, up to the room facts have.
  // Where rare matches are facts, they take the room up to the cap and the list of files
  // gets a part of the budget: a file's only match, its one mention, is a fact like them
  // (a file with many is named by those). The list takes its room out of the budget, as the
  // first match of each file did that named the files before it: the matches that are not
  // facts get what it leaves, not a budget of their own beside it (a search for `function `
  // over 100 files was 3.3 KB, where Claude Code alone shows a 2 KB preview). The cap on
  // facts stays the one of the whole budget.
  // A command that searched nothing: a file's only line is one more of its kind (vulture's
  // 47 `unused class 'XStyle'`, one a style file, took 3 KB of a 5 KB excerpt).
  if (ranking.rareFacts && searched)
    for (const [f, i] of firsts) if (matched.get(f) === 1) picks.push({ from: i, to: i, prio: MUST + 2 });
  // Where the names searched for are declared, and a file's one use of a name among its namesakes.
  for (const i of aboutNames(doc.lines, bodyAt, file, searchedNames(hints.command)))
    picks.push({ from: i, to: i, prio: MUST + 2 });
  let room = budget;
  if (firsts.size >= FILE_LIST) {
    const names = [...firsts.keys()];
    const cap = ranking.rareFacts ? Math.floor(budget / 3) : factCap(budget, doc.size, hints.tool);
    const listing = listPaths(
      names,
      ranking.rareFacts ? Math.floor(budget / 4) : cap,
      cap,
      names.map((f) => matched.get(f) ?? 1),
    );
    for (const line of listing.lines) room -= line.length + 1;
    listing.lines.forEach((text, k) => {
      notes.push({ at: 0, text, prio: MUST + 9 - Math.min(0.9, k / 1000) });
    });
  }
  const which = ranking.rareFacts
    ? "rare ones and problems whole"
    : "every file named, the rest as room allows, problems whole";
  // A command that searched nothing printing `path:12: text` (a linter's findings: pyright,
  // vulture, luacheck, pylint) is read as a search's matches are (its rare findings and
  // problems whole), but what it printed are lines naming places, not matches.
  const [one, many] = searched ? ["match", "matches"] : ["line", "lines"];
  return excerpt("grep", doc, Math.max(0, room), {
    picks,
    notes,
    kept: `${plural(count, one, many)} in ${plural(firsts.size, "file")}`,
    method: `each kind of ${one} once, ${which}`,
    engine: { ranking },
    options: { hardCap: factCap(budget, doc.size, hints.tool) },
    hints,
  });
}

/** The busiest files of a count are those of its largest this many counts. */
const BUSIEST = 3;

/**
 * `grep -c`: every file that matched as grep listed them, the busiest first where room is
 * short (grep lists by path, not by count: the files with most matches are what is looked
 * at first); the files with none counted.
 */
function countExcerpt(doc: Doc, budget: number, hints: Hints): Excerpt {
  const picks: Pick[] = [];
  let zero = 0;
  let files = 0;
  const counted: { at: number; n: number }[] = [];
  doc.lines.forEach((line, i) => {
    const m = COUNT.exec(line);
    if (!m) {
      if (line.trim() !== "") picks.push({ from: i, to: i, prio: MUST });
      return;
    }
    files++;
    if (m[2] === "0") zero++;
    else counted.push({ at: i, n: Number(m[2]) });
  });
  const busiest = busiestCounts(counted.map((c) => c.n));
  for (const { at, n } of counted) picks.push({ from: at, to: at, prio: n >= busiest ? MUST + 2 : MUST + 1 });
  const notes: Note[] =
    zero > 0 ? [{ at: 0, text: note(`${zero} of ${files} files with no match`), prio: MUST + 5 }] : [];
  return excerpt("grep", doc, budget, {
    picks,
    notes,
    kept: `${plural(files - zero, "file")} with matches`,
    engine: false,
    options: { markers: false },
    hints,
  });
}

/**
 * The least of the largest BUSIEST counts, when they stand above the median count (a count
 * where every file matched once has no busiest); Infinity otherwise.
 */
function busiestCounts(counts: readonly number[]): number {
  const distinct = [...new Set(counts)].sort((a, b) => b - a);
  const median = counts.length > 0 ? sortedAt(Float64Array.from(counts), counts.length >> 1) : 0;
  const least = distinct[Math.min(BUSIEST, distinct.length) - 1] ?? Number.POSITIVE_INFINITY;
  return least > median ? least : Number.POSITIVE_INFINITY;
}

export function grepExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const mode = modeOf(doc.lines);
  if (mode === "content") return contentExcerpt(doc, budget, hints);
  if (mode === "count") return countExcerpt(doc, budget, hints);
  const bare =
    mode === undefined ? (bareMatches(doc.lines) ?? oneFileMatches(doc.lines, hints.command)) : undefined;
  if (bare) return contentExcerpt(doc, budget, hints, bare);
  return (
    pathListExcerpt("grep", doc, budget, factCap(budget, doc.size, hints.tool)) ?? {
      ...genericExcerpt(text, hints, budget),
      compressor: "grep",
    }
  );
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { grep: grepExcerpt };
