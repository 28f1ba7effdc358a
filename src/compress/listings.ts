/**
 * Directory listings (find, Glob results, ls -R, tree): the first entries as they
 * came, then the whole list as a tree cut with counts, so the agent sees where the
 * files are and how many; ls -R keeps each directory's header, tree its top levels.
 */

import { docOf, excerpt, lastNonBlank, plural } from "./common.ts";
import type { Doc } from "./doc.ts";
import { MUST, type Note, type Pick } from "./pack.ts";
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

export function pathListExcerpt(name: string, doc: Doc, budget: number): Excerpt {
  const { lines } = doc;
  const paths: string[] = [];
  const indexes: number[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== "" && line.length < 2000) {
      paths.push(line.trim());
      indexes.push(i);
    }
  });
  const picks: Pick[] = [];
  picks.push({ from: 0, to: Math.min(lines.length, 3) - 1, prio: 85, split: "head" });
  picks.push({ from: 3, to: Math.min(lines.length, 8) - 1, prio: 60, split: "head" });
  const last = lastNonBlank(lines);
  if (last >= 0) picks.push({ from: last, to: last, prio: 70 });
  // Claude Code's Glob/Grep say when a result was cut; keep that line.
  lines.forEach((line, i) => {
    if (/^\(Results are truncated|^No files found|^Found \d+ files?/.test(line))
      picks.push({ from: i, to: i, prio: MUST });
  });
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

function lsExcerpt(doc: Doc, budget: number): Excerpt {
  const picks: Pick[] = [];
  let dirs = 0;
  let entries = 0;
  const display = new Map<number, string>();
  let header = -1;
  let count = 0;
  const close = () => {
    if (header >= 0) display.set(header, `${doc.lines[header]}  (${plural(count, "entry", "entries")})`);
  };
  doc.lines.forEach((line, i) => {
    if (LS_HEADER.test(line)) {
      close();
      header = i;
      count = 0;
      dirs++;
      picks.push({ from: i, to: i, prio: MUST + 5 - Math.min(5, dirs / 20) });
    } else if (LS_ENTRY.test(line)) {
      entries++;
      if (/ \.\.?$/.test(line)) return;
      count++;
      picks.push({ from: i, to: i, prio: 60 - Math.min(40, count * 4) });
    }
  });
  close();
  return excerpt("listing", doc, budget, {
    picks,
    kept: `${plural(dirs, "directory", "directories")}, ${plural(entries, "entry", "entries")}`,
    options: { display },
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
    if (
      lines.filter((l) => LS_ENTRY.test(l)).length > lines.length / 3 &&
      lines.some((l) => LS_HEADER.test(l))
    ) {
      return 0.8;
    }
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
    if (sample.some((l) => LS_HEADER.test(l)) && sample.some((l) => LS_ENTRY.test(l)))
      return lsExcerpt(doc, budget);
    return pathListExcerpt("listing", doc, budget);
  },
};
