/**
 * Lists of paths (find, Glob, fd, git ls-files): every path is substance, so the excerpt
 * writes them all as bash brace words (`node_modules/yaml/{LICENSE,dist/{cli,index}.js}`),
 * the whole path of each recoverable from its word as bash's echo would expand it. A
 * directory printed with its contents shows through them. When even that is too long,
 * the longest words become `prefix… (N paths)` and a note gives the `--grep` that lists
 * them; only when that fails too does the excerpt fall back to counts by directory.
 */

import { type Fitted, fitWords, prefixPattern } from "./brace-fit.ts";
import { braceable, braceWords, type Word } from "./brace-names.ts";
import type { Doc } from "./doc.ts";
import { excerpt, lastNonBlank, plural } from "./lines.ts";
import { MUST, type Note, type Pick, substanceCap } from "./pack.ts";
import { groupPaths, PATH_LINE } from "./paths.ts";
import type { Excerpt } from "./types.ts";

/** Characters per line of brace words: long enough that a prefix is rarely written twice. */
const WIDTH = 1000;

const BRACES_NOTE = "a/{b,c/{d,e}}.js is a/b.js a/c/d.js a/c/e.js";

/** Notes listing the groups of a path list, each "prefix  N files". */
export function groupNotes(
  paths: readonly string[],
  at: number,
  maxGroups: number,
  noun = "file",
  weights?: readonly number[],
  nouns = `${noun}s`,
): Note[] {
  const groups = groupPaths(paths, maxGroups, weights);
  return groups.map((g, k) => ({
    at,
    text: `${g.prefix}  ${g.paths === 1 && !weights ? "" : plural(g.count, noun, nouns)}`.trimEnd(),
    prio: 80 - Math.min(30, k / 4) + Math.min(8, Math.log2(g.count + 1)),
  }));
}

/** The paths to write: each once, without those a longer path already shows (its directories). */
export function pathsToWrite(paths: readonly string[]): string[] {
  const unique = [...new Set(paths.map((p) => (p.length > 1 ? p.replace(/\/+$/, "") : p)))];
  const dirs = new Set<string>();
  for (const p of unique)
    for (let k = p.indexOf("/", 1); k > 0; k = p.indexOf("/", k + 1)) dirs.add(p.slice(0, k));
  return unique.filter((p) => !dirs.has(p));
}

/** The words for some paths: brace words for those bash reads as written, the others one word each. */
export function pathWords(paths: readonly string[], width = WIDTH): Word[] {
  const { plain, odd } = splitOdd(paths);
  return [
    ...braceWords(plain, width),
    // Quoted, so that bash reads it as the one path it is (a space, a brace, a glob).
    ...odd.map((p) => ({
      text: p.includes("'") ? `"${p}"` : `'${p}'`,
      prefix: "",
      count: 1,
      names: () => [p],
    })),
  ];
}

const splits = new WeakMap<readonly string[], { plain: string[]; odd: string[] }>();

/** The paths bash reads as written, and the others; once per list (its trie is kept with it). */
function splitOdd(paths: readonly string[]): { plain: string[]; odd: string[] } {
  let split = splits.get(paths);
  if (!split) {
    split = { plain: paths.filter(braceable), odd: paths.filter((p) => !braceable(p)) };
    splits.set(paths, split);
  }
  return split;
}

function collapsedNote(collapsed: ReadonlyMap<string, number>): string {
  const n = [...collapsed.values()].reduce((a, k) => a + k, 0);
  const pattern = prefixPattern([...collapsed.keys()]);
  return `[${plural(n, "path")} shown as counts (dir/… all under dir, dir/* the files in it): the header's command with --grep '${pattern}' lists them]`;
}

/** The words fitted in `room` with the note on what was collapsed, which takes room too. */
function fitIn(words: readonly Word[], room: number, deep: boolean): Fitted | undefined {
  let fitted = fitWords(words, room, WIDTH, deep);
  for (let r = room, k = 0; k < 5 && fitted; k++) {
    const note = fitted.collapsed.size > 0 ? collapsedNote(fitted.collapsed).length + 1 : 0;
    const size = fitted.lines.reduce((a, l) => a + l.length + 1, 0);
    const over = size + note - room;
    if (over <= 0) return fitted;
    // Below what the words took, not below the room they were given: a word collapses
    // whole, so a fit often leaves room unused, and shrinking that would change nothing.
    r = Math.min(r, size) - over;
    fitted = fitWords(words, r, WIDTH, deep);
  }
  return undefined;
}

/** Every path as brace words, or undefined when not even collapsed words fit. */
function bracedExcerpt(name: string, doc: Doc, budget: number, entries: readonly string[], picks: Pick[]) {
  const hardCap = substanceCap(budget, doc.size);
  const paths = pathsToWrite(entries);
  const what = `[${plural(entries.length, "path")} in bash brace words (${BRACES_NOTE}); a directory shows through its paths]`;
  let room = hardCap - what.length - 100;
  for (const p of picks) room -= doc.lines[p.from]!.length + 1;
  // Long words repeat their prefix least; short ones collapse in finer parts when not
  // all fit; deep counts name more directories. The fit that names most wins: each path
  // written, and each directory a count names.
  let fitted: Fitted | undefined;
  let best = -1;
  for (const width of [WIDTH, 240, 120]) {
    const words = pathWords(paths, width);
    for (const deep of [false, true]) {
      const f = fitIn(words, room, deep);
      if (!f) continue;
      const named = paths.length - [...f.collapsed.values()].reduce((a, n) => a + n, 0) + f.collapsed.size;
      if (named > best) [fitted, best] = [f, named];
      if (f.collapsed.size === 0) break;
    }
    if (fitted && fitted.collapsed.size === 0) break;
  }
  if (!fitted) return undefined;
  const notes: Note[] = [{ at: 0, text: what, prio: MUST + 10 }];
  for (const text of fitted.lines) notes.push({ at: 0, text, prio: MUST });
  if (fitted.collapsed.size > 0) notes.push({ at: 0, text: collapsedNote(fitted.collapsed), prio: MUST + 9 });
  const every = fitted.collapsed.size === 0;
  return excerpt(name, doc, budget, {
    picks,
    notes,
    kept: `${every ? "every path" : "most paths"} of ${plural(entries.length, "path")}, in brace words`,
    options: { hardCap, maxLine: WIDTH + 200, markers: false },
  });
}

export function pathListExcerpt(name: string, doc: Doc, budget: number): Excerpt {
  const { lines } = doc;
  const paths: string[] = [];
  const entries: string[] = [];
  const picks: Pick[] = [];
  lines.forEach((line, i) => {
    const t = line.trim();
    if (t === "" || line.length >= 2000) return;
    paths.push(t);
    if (PATH_LINE.test(t)) entries.push(t);
    // Claude Code's Glob/Grep say when a result was cut; keep that line, and any other
    // line that is not a path (a note from the tool) as it is.
    else
      picks.push({
        from: i,
        to: i,
        prio: /^\(Results are truncated|^No files found|^Found \d+ files?/.test(line) ? MUST + 5 : 90,
      });
  });
  if (entries.length >= paths.length * 0.9) {
    const braced = bracedExcerpt(name, doc, budget, entries, picks);
    if (braced) return braced;
  }
  picks.push({ from: 0, to: Math.min(lines.length, 3) - 1, prio: 85, split: "head" });
  picks.push({ from: 3, to: Math.min(lines.length, 8) - 1, prio: 60, split: "head" });
  const last = lastNonBlank(lines);
  if (last >= 0) picks.push({ from: last, to: last, prio: 70 });
  const maxGroups = Math.max(8, Math.min(60, Math.floor(budget / 70)));
  const notes = groupNotes(paths, Math.min(lines.length, 8), maxGroups);
  notes.unshift({
    at: Math.min(lines.length, 8),
    text: `[${plural(paths.length, "path")} by directory:]`,
    prio: MUST,
  });
  return excerpt(name, doc, budget, {
    picks,
    notes,
    kept: `${plural(paths.length, "path")} grouped by directory`,
  });
}
