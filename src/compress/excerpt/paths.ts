/**
 * Grouping many paths into a readable tree cut: the biggest directory is split into
 * its subdirectories until there are about as many groups as asked for, so a deep,
 * busy directory gets detail and a shallow, quiet one stays one line.
 */

import type { Note } from "./pack-items.ts";

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

export interface PathGroup {
  /** Directory prefix ending in "/", or a file path when the group is one file. */
  readonly prefix: string;
  /** Items (paths, or matches when weighted) under it. */
  readonly count: number;
  /** Distinct paths under it. */
  readonly paths: number;
  /** Index of the first path (in input order) under it. */
  readonly first: number;
}

interface Work {
  prefix: string;
  depth: number;
  members: number[];
  weight: number;
  /** What is left of a directory after its busiest subdirectories got their own groups. */
  rest?: boolean;
}

function segmentsOf(path: string): string[] {
  return path.split("/");
}

/** The longest directory prefix (in segments) every path shares. */
function commonDepth(segs: readonly string[][]): number {
  let common = 0;
  if (segs.length === 0) return 0;
  const first = segs[0]!;
  for (; common < first.length - 1; common++) {
    for (const s of segs) if (s.length - 1 <= common || s[common] !== first[common]) return common;
  }
  return common;
}

/**
 * Splits group `g` into its heaviest subdirectories (each a new group) and what is left
 * of it; a group with one subdirectory and no files of its own descends into it.
 */
function splitGroup(
  g: Work,
  segs: readonly string[][],
  weightOf: (i: number) => number,
  room: number,
  maxGroups: number,
  groups: Work[],
  done: Work[],
): void {
  const children = new Map<string, number[]>();
  const files: number[] = [];
  for (const i of g.members) {
    const s = segs[i]!;
    if (s.length - 1 <= g.depth) files.push(i);
    else {
      const key = s[g.depth]!;
      const list = children.get(key);
      if (list) list.push(i);
      else children.set(key, [i]);
    }
  }
  if (children.size === 1 && files.length === 0) {
    // One subdirectory only: descend without counting it as a split.
    const [key, members] = [...children][0]!;
    groups.push({ prefix: `${g.prefix}${key}/`, depth: g.depth + 1, members, weight: g.weight });
    return;
  }
  if (children.size === 0 || room < 2) {
    done.push(g);
    return;
  }
  const ranked = [...children]
    .map(([key, members]) => ({ key, members, weight: members.reduce((a, i) => a + weightOf(i), 0) }))
    .sort((a, b) => b.weight - a.weight);
  // One busy directory may not take all the room at once: others deserve detail too.
  // What is left of it stays one group, which may be split again later.
  const limit = Math.min(room, Math.max(3, Math.floor(maxGroups / 4)) + 1);
  const own = ranked.length + (files.length > 0 ? 1 : 0) <= limit ? ranked.length : limit - 1;
  for (const c of ranked.slice(0, own))
    groups.push({ prefix: `${g.prefix}${c.key}/`, depth: g.depth + 1, members: c.members, weight: c.weight });
  const restMembers = [...files];
  for (const c of ranked.slice(own)) restMembers.push(...c.members);
  if (restMembers.length === 0) return;
  const weight = restMembers.reduce((a, i) => a + weightOf(i), 0);
  const rest: Work = {
    prefix: g.prefix,
    depth: g.depth,
    members: restMembers,
    weight,
    rest: own < ranked.length,
  };
  if (rest.rest) groups.push(rest);
  else done.push(rest);
}

/** A group as shown: its prefix (with how many other directories a rest stands for), counts, first path. */
function labelled(g: Work, paths: readonly string[], segs: readonly string[][]): PathGroup {
  let label = g.prefix;
  if (g.rest) {
    const dirs = new Set<string>();
    let here = false;
    for (const i of g.members)
      if (segs[i]!.length - 1 > g.depth) dirs.add(segs[i]![g.depth]!);
      else here = true;
    // Files of the folder's own among them: the count is not all in the other directories.
    label = `${g.prefix} (${here ? "itself and " : ""}${dirs.size} other director${dirs.size === 1 ? "y" : "ies"})`;
  }
  const single = g.members.length === 1 ? paths[g.members[0]!]! : label;
  let first = Number.POSITIVE_INFINITY;
  for (const i of g.members) if (i < first) first = i;
  return { prefix: single, count: g.weight, paths: g.members.length, first };
}

export function groupPaths(
  paths: readonly string[],
  maxGroups: number,
  weights?: readonly number[],
): PathGroup[] {
  const segs = paths.map(segmentsOf);
  const weightOf = (i: number) => weights?.[i] ?? 1;
  // Start from the longest common directory prefix.
  const common = commonDepth(segs);
  const rootPrefix = segs.length > 0 && common > 0 ? `${segs[0]!.slice(0, common).join("/")}/` : "";
  const all = paths.map((_, i) => i);
  const groups: Work[] = [
    { prefix: rootPrefix, depth: common, members: all, weight: all.reduce((a, i) => a + weightOf(i), 0) },
  ];
  const done: Work[] = [];
  while (groups.length + done.length < maxGroups && groups.length > 0) {
    // Split the heaviest group that can still be split.
    groups.sort((a, b) => b.weight - a.weight);
    const g = groups.shift()!;
    splitGroup(g, segs, weightOf, maxGroups - groups.length - done.length, maxGroups, groups, done);
  }
  const out = [...groups, ...done].map((g) => labelled(g, paths, segs));
  return out.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
}

// Segments exclude "/" so each run of slashes can only be a separator: a segment class
// that also matched "/" let a line with many slashes and a ':' (a grep hit) backtrack
// exponentially, hanging the hook.
// A name right under the root (`/usr`, dpkg -L's `/.`) is a path too: read as a tool's own
// line, it was left out of the listing's `[N paths in M directories]`, two short of dpkg's.
export const PATH_LINE =
  /^(?:\.{0,2}\/|[A-Za-z]:[\\/]|~\/)?\/*[^\s:*?"<>|/]+(?:\/+[^\s:*?"<>|/]+)+\/*$|^[\w.@-]+\.\w{1,8}$|^\/[^\s:*?"<>|/]+\/?$/;

/**
 * Whether a line is a path (PATH_LINE). A path holds no ':' but a drive letter's, so a
 * line with one elsewhere (a grep hit, a log line) is told at once, before the regex
 * tries each split of it.
 */
export function isPathLine(line: string): boolean {
  const colon = line.indexOf(":");
  if (colon >= 0 && (colon !== 1 || line.indexOf(":", 2) >= 0)) return false;
  return PATH_LINE.test(line);
}

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
