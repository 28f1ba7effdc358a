/**
 * Directory listings (find, Glob results, ls -R, tree): the first entries as they
 * came, then the whole list as a tree cut with counts, so the agent sees where the
 * files are and how many; ls -R keeps each directory's header, tree its top levels.
 */

import { docOf, excerpt, lastNonBlank, plural } from "./common.ts";
import type { Doc } from "./doc.ts";
import { dirLine, dirLines, namesByDir } from "./names.ts";
import { MUST, type Note, type Pick, substanceCap } from "./pack.ts";
import { groupPaths } from "./paths.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

// Segments exclude "/" so each run of slashes can only be a separator: a segment class
// that also matched "/" let a line with many slashes and a ':' (a grep hit) backtrack
// exponentially, hanging the hook.
const PATH_LINE =
  /^(?:\.{0,2}\/|[A-Za-z]:[\\/]|~\/)?\/*[^\s:*?"<>|/]+(?:\/+[^\s:*?"<>|/]+)+\/*$|^[\w.@-]+\.\w{1,8}$/;
const LS_HEADER = /^(\S.*):$/;
const LS_ENTRY = /^[-dlcbps][-rwxsStT]{9}[.+@]?\s+\d+\s/;
// tree draws with non-breaking spaces in UTF-8 locales.
const TREE_LINE = /^(?:[│|\s\u00a0]{4})*(?:├──|└──|\|--|`--)[\s\u00a0]/;
const TREE_SUMMARY = /^\d+ director(?:y|ies)(?:, \d+ files?)?$/;

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

const BRACES_NOTE = "a{.x,.y} is a.x a.y, a{1..3} a1 a2 a3, {a,b}.x a.x b.x";

export function pathListExcerpt(name: string, doc: Doc, budget: number): Excerpt {
  const { lines } = doc;
  const paths: string[] = [];
  const entries: { path: string; line: number }[] = [];
  const indexes: number[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== "" && line.length < 2000) {
      paths.push(line.trim());
      indexes.push(i);
      if (PATH_LINE.test(line.trim())) entries.push({ path: line.trim(), line: i });
    }
  });
  const picks: Pick[] = [];
  // Claude Code's Glob/Grep say when a result was cut; keep that line.
  lines.forEach((line, i) => {
    if (/^\(Results are truncated|^No files found|^Found \d+ files?/.test(line))
      picks.push({ from: i, to: i, prio: MUST + 5 });
  });
  // Every name is substance: one line per directory with its names, collapsed by
  // structure as far as needed to fit.
  const hardCap = substanceCap(budget, doc.size);
  const groups = namesByDir(entries);
  const listed = entries.length >= paths.length * 0.9 ? dirLines(groups, hardCap - 200) : undefined;
  if (listed) {
    const what = `[${plural(entries.length, "path")} in ${plural(groups.length, "directory", "directories")}, one line per directory: directory (count): names${listed.collapse > 0 ? `; ${BRACES_NOTE}` : ""}]`;
    const notes: Note[] = [{ at: 0, text: what, prio: MUST + 10 }];
    for (const text of listed.lines) notes.push({ at: 0, text, prio: MUST });
    // Lines that are not paths (a note from the tool) are kept as they are.
    lines.forEach((line, i) => {
      if (line.trim() !== "" && !PATH_LINE.test(line.trim())) picks.push({ from: i, to: i, prio: 90 });
    });
    return excerpt(name, doc, budget, {
      picks,
      notes,
      kept: `every name of ${plural(entries.length, "path")}, by directory`,
      options: { hardCap },
    });
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

/** The name an `ls -l` entry shows (a link's target apart), or undefined. */
function lsName(line: string): { name: string; target?: string } | undefined {
  // perms links owner group size month day time|year name
  const m = /^\S+\s+\d+\s+\S+\s+\S+\s+[\d,]+(?:\s*,\s*\d+)?\s+\S+\s+\S+\s+\S+\s(.+)$/.exec(line);
  if (!m) return undefined;
  const arrow = line.startsWith("l") ? m[1]!.indexOf(" -> ") : -1;
  return arrow < 0 ? { name: m[1]! } : { name: m[1]!.slice(0, arrow), target: m[1]!.slice(arrow + 4) };
}

/** A line of names cut at name boundaries into lines of about `width` characters. */
function chunks(names: string, width: number): string[] {
  const out: string[] = [];
  let rest = names;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(" ", width);
    if (cut <= 0) break;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut + 1).trimStart();
  }
  out.push(rest);
  return out;
}

interface LsDir {
  readonly header: number;
  readonly names: string[];
}

/** An `ls -l` entry's kind: type, permissions, owner and group (what makes an entry rare). */
const KIND = /^(\S+)\s+\S+\s+(\S+)\s+(\S+)/;
const kindOf = (line: string) => {
  const m = KIND.exec(line);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : line;
};

/**
 * Each directory of an `ls -l`/`ls -lR` listing with its entries' names (a directory
 * marked `/`, a link `@`), and how often each kind of entry occurs.
 */
function parseLs(lines: readonly string[]): {
  dirs: LsDir[];
  kinds: Map<string, number>;
  kindAt: Map<number, string>;
  entries: number;
} {
  const dirs: LsDir[] = [];
  const kinds = new Map<string, number>();
  const kindAt = new Map<number, string>();
  let entries = 0;
  lines.forEach((line, i) => {
    if (LS_HEADER.test(line)) dirs.push({ header: i, names: [] });
    else if (LS_ENTRY.test(line)) {
      entries++;
      const entry = lsName(line);
      if (!entry || entry.name === "." || entry.name === "..") return;
      if (dirs.length === 0) dirs.push({ header: -1, names: [] });
      const mark = line.startsWith("d") ? "/" : entry.target !== undefined ? "@" : "";
      dirs[dirs.length - 1]!.names.push(entry.name + mark);
      const kind = kindOf(line);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      kindAt.set(i, kind);
    }
  });
  return { dirs, kinds, kindAt, entries };
}

function lsExcerpt(doc: Doc, budget: number): Excerpt {
  const { lines } = doc;
  const picks: Pick[] = [];
  const display = new Map<number, string>();
  // Every name is substance; sizes, dates, permissions and owners are decoration, shown
  // only for the rare kinds of entry (a link, an executable, another owner).
  const { dirs, kinds, kindAt, entries } = parseLs(lines);
  const hardCap = substanceCap(budget, doc.size);
  const groups = dirs.map((d) => ({ dir: "", first: d.header, names: d.names }));
  let headers = 0;
  for (const d of dirs) headers += d.header >= 0 ? lines[d.header]!.length + 8 : 0;
  // The least collapse at which every directory's names fit; when none does, the most
  // collapsed names of the first directories, as far as they go.
  const listed = dirLines(groups, hardCap - headers - 250, false);
  const braced = listed ? listed.collapse > 0 : groups.some((g) => dirLine(g, 3, false).includes("{"));
  const notes: Note[] = [];
  notes.push({
    at: 0,
    text: `[${plural(dirs.length, "directory", "directories")}, each as "header (entries)" with its names (name/ a directory, name@ a link)${braced ? `; ${BRACES_NOTE}` : ""}; permissions, owners, sizes, dates and link targets only for rare kinds of entry${listed ? "" : "; not every name fits: --grep finds the others"}]`,
    prio: MUST + 7,
  });
  dirs.forEach((d, k) => {
    const names = listed ? listed.lines[k]! : dirLine(groups[k]!, 3, false);
    // In lines of about 200 characters, so that when not all fit, the first ones do.
    chunks(names, 200).forEach((text, c) => {
      notes.push({
        at: d.header + 1,
        text: `  ${text}`,
        prio: MUST + 4 - Math.min(4, k / 50) - Math.min(0.9, c / 100),
      });
    });
    if (d.header < 0) return;
    display.set(d.header, `${lines[d.header]} (${d.names.length})`);
    picks.push({ from: d.header, to: d.header, prio: MUST + 5 - Math.min(5, k / 20) });
  });
  for (const [i, kind] of kindAt)
    picks.push({ from: i, to: i, prio: (kinds.get(kind) ?? 0) <= 2 ? MUST - 10 : 30 });
  return excerpt("listing", doc, budget, {
    picks,
    notes,
    kept: `${plural(dirs.length, "directory", "directories")}, ${listed ? "every name" : "names"} of ${plural(entries, "entry", "entries")}`,
    // Without markers: every directory's header says how many entries it has, and the
    // note on top what the names stand for; a marker per directory would cost more.
    options: { display, hardCap, maxLine: 4000, markers: false },
  });
}

function treeExcerpt(doc: Doc, budget: number): Excerpt {
  const picks: Pick[] = [];
  doc.lines.forEach((line, i) => {
    if (TREE_SUMMARY.test(line)) picks.push({ from: i, to: i, prio: MUST + 5 });
    else if (TREE_LINE.test(line)) {
      const depth = Math.floor((line.search(/(?:├──|└──|\|--|`--)/) ?? 0) / 4);
      picks.push({
        from: i,
        to: i,
        prio: depth === 0 ? 90 : depth === 1 ? 60 : 30 - Math.min(20, depth * 5),
      });
    } else if (line.trim() !== "") picks.push({ from: i, to: i, prio: MUST });
  });
  return excerpt("listing", doc, budget, { picks, kept: "roots, top levels, summary" });
}

export const listings: Compressor = {
  name: "listing",
  detect(text: string, hints: Hints): number {
    const lines = text.split("\n", 120).filter((l) => l.trim() !== "");
    if (lines.length < 3) return 0;
    if (lines.filter((l) => TREE_LINE.test(l)).length > lines.length / 2) return 0.8;
    const entries = lines.filter((l) => LS_ENTRY.test(l)).length;
    if (entries > lines.length / 3 && lines.some((l) => LS_HEADER.test(l))) return 0.8;
    // `ls -l` of one directory: entries under a "total N" line.
    if (entries > lines.length * 0.8) return 0.75;
    const pathLike = lines.filter((l) => PATH_LINE.test(l)).length / lines.length;
    let score = pathLike > 0.9 ? 0.6 : pathLike > 0.7 ? 0.4 : 0;
    if (hints.tool === "Glob") score += 0.3;
    if (hints.command && /\b(?:find|fd|ls|tree|rg --files|git ls-files|du)\b/.test(hints.command))
      score += 0.2;
    return Math.min(1, score);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const sample = doc.lines.slice(0, 300);
    if (sample.filter((l) => TREE_LINE.test(l)).length > sample.length / 3) return treeExcerpt(doc, budget);
    const entries = sample.filter((l) => LS_ENTRY.test(l)).length;
    if (entries > 0 && (sample.some((l) => LS_HEADER.test(l)) || entries > sample.length * 0.8))
      return lsExcerpt(doc, budget);
    return pathListExcerpt("listing", doc, budget);
  },
};
