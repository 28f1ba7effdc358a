/**
 * Lists of paths (find, Glob, fd, git ls-files, grep -l): the names are the output's
 * information, written whole and readable: each directory once, then the whole names of
 * its entries (`node_modules/@types/node/: fs.d.ts path.d.ts`); a directory of one or two
 * entries as its paths, as the tool printed them. Every directory is named. The names of
 * a rare kind (the one `.js` among source maps) and of small directories are facts (a file
 * alone in its folder is what a search is for); a large directory is counted and shows as
 * many of its first names as the room allows, every large directory its share. When even the directories are too many, they are
 * counted by the folders above them, and the paths of a rare kind are written whole.
 */

import type { Doc } from "./doc.ts";
import { cutLine, groupLines, note, shownName } from "./framing.ts";
import { groupPaths, isPathLine, type PathGroup } from "./paths.ts";
import type { Excerpt } from "./types.ts";

export interface DirGroup {
  /** The directory, ending in `/` ("" for names without one). */
  readonly dir: string;
  /** The entries' names, as the paths end. */
  readonly names: string[];
  /** The paths as the tool printed them. */
  readonly paths: string[];
}

/** Paths grouped by their directory, in the order each directory first appears. */
export function byDirectory(paths: readonly string[]): DirGroup[] {
  const groups = new Map<string, DirGroup>();
  for (const path of paths) {
    // Only a path ending in `/` is cut (a directory fd or ls printed): a search along every path found none in most.
    const clean =
      path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.replace(/\/+$/, "") : path;
    const cut = clean.lastIndexOf("/");
    const dir = cut < 0 ? "" : clean.slice(0, cut + 1);
    let g = groups.get(dir);
    if (!g) {
      g = { dir, names: [], paths: [] };
      groups.set(dir, g);
    }
    g.names.push(clean.slice(cut + 1) + (path.endsWith("/") && path.length > 1 ? "/" : ""));
    g.paths.push(path);
  }
  return [...groups.values()];
}

/** A directory of at most this many entries has its names written as facts (to the cap); larger ones, as room allows. */
const SMALL_DIR = 20;
/** A directory of at most this many entries is shown as its paths. */
const AS_PATHS = 2;

/**
 * The lines of a group whose entries `chosen` (indexes, in order) are named: its paths, or
 * `dir/: names`, or `dir/ (N entries): some names [M more]`, or `dir/ (N entries)`.
 */
function groupText(g: DirGroup, chosen: readonly number[]): string[] {
  if (g.paths.length <= AS_PATHS && chosen.length >= g.paths.length) return g.paths.map(shownName);
  const dir = g.dir === "" ? "." : g.dir;
  if (chosen.length >= g.names.length) return groupLines(dir, g.names);
  const head = `${dir} (${g.names.length} entries)`;
  if (chosen.length === 0) return [head];
  const lines = groupLines(
    head,
    chosen.map((k) => g.names[k]!),
  );
  lines[lines.length - 1] += ` ${note(`${g.names.length - chosen.length} more`)}`;
  return lines;
}

const size = (lines: readonly string[]) => lines.reduce((a, l) => a + l.length + 1, 0);

export interface PathListing {
  readonly lines: string[];
  /** Paths whose names are written out, of all. */
  readonly named: number;
  readonly total: number;
  readonly dirs: number;
}

/** The kind of file a name is by its extension (`.js.map`, `.d.ts`, `.json`; "" without one). */
const endingOf = (name: string) => /(?:\.(?:d|min|js|test|spec|module))?\.[^./]+$/.exec(name)?.[0] ?? "";

/**
 * Which paths are rare in the listing: their name ends otherwise than nearly all others
 * do (the one `.js` among source maps, the `package.json` among `.d.ts` files).
 */
function rarePaths(groups: readonly DirGroup[], total: number): Array<[number, number]> {
  const counts = new Map<string, number>();
  // Each name's ending, read once (a search along the name), where it was read three times.
  const endings = groups.map((g) => g.names.map(endingOf));
  for (const names of endings) for (const e of names) counts.set(e, (counts.get(e) ?? 0) + 1);
  const few = Math.max(2, total * 0.05);
  const out: Array<[number, number]> = [];
  endings.forEach((names, k) => {
    names.forEach((e, j) => {
      if ((counts.get(e) ?? 0) <= few) out.push([k, j]);
    });
  });
  return out;
}

/**
 * `dir/ (N paths)`, or `dir/ (N paths in M other directories)` for what a folder holds beside
 * its named parts (`in itself and M other directories` where files of its own are among them): the paths under it at any depth, not its entries (`@babel/generator/
 * (10 entries)` stood for 10 files three folders down, and the folder holds one entry).
 */
function countLine(prefix: string, count: number): string {
  const other = /^(.*) \(((?:itself and )?\d+ other director(?:y|ies))\)$/.exec(prefix);
  const paths = count === 1 ? "path" : "paths";
  return other ? `${other[1]} (${count} ${paths} in ${other[2]})` : `${prefix} (${count} ${paths})`;
}

/**
 * How many paths `dir/ (N paths)` says: a group's own, or where a group named below it
 * was split out of it (`src/ (5 paths)` over `src/a/ (79 paths)`), every path under it,
 * as a reader takes it (table/dir-rows.ts counts a table's rows so). A group of what a
 * folder holds beside its named parts says so (`… in K other directories`): its own.
 */
function under(g: PathGroup, groups: readonly PathGroup[], paths: readonly string[]): number {
  const { prefix } = g;
  if (!prefix.endsWith("/") || !groups.some((o) => o !== g && o.prefix.startsWith(prefix))) return g.paths;
  let n = 0;
  for (const p of paths) if (p.startsWith(prefix)) n++;
  return n;
}

/**
 * Too many directories to name each: paths written whole, those of a rare kind first, then
 * the first of each directory, then the others in order, to three quarters of the cap;
 * the rest counted by the folders above them.
 */
function pathsWhole(
  paths: readonly string[],
  groups: readonly DirGroup[],
  cap: number,
  weights?: readonly number[],
): PathListing {
  const order: number[] = [];
  const seen = new Set<number>();
  const add = (i: number) => {
    if (!seen.has(i)) {
      seen.add(i);
      order.push(i);
    }
  };
  const index = new Map<string, number>();
  paths.forEach((p, i) => {
    if (!index.has(p)) index.set(p, i);
  });
  for (const [k, j] of rarePaths(groups, paths.length)) add(index.get(groups[k]!.paths[j]!)!);
  // The busiest first (a file with most matches), when the tool says how busy each is.
  if (weights) {
    const byWeight = paths.map((_, i) => i).sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0));
    for (const i of byWeight.slice(0, 24)) add(i);
  }
  for (const g of groups) add(index.get(g.paths[0]!)!);
  for (let i = 0; i < paths.length; i++) add(i);
  const shown = new Uint8Array(paths.length);
  let used = 0;
  for (const i of order) {
    const cost = shownName(paths[i]!).length + 1;
    if (used + cost > cap * 0.75) continue;
    shown[i] = 1;
    used += cost;
  }
  const lines = paths.flatMap((p, i) => (shown[i] ? [shownName(p)] : []));
  const rest = paths.filter((_, i) => !shown[i]);
  // A group of one path among the rest is written whole: named too.
  let alone = 0;
  if (rest.length > 0) {
    const restWeights = weights ? paths.flatMap((_, i) => (shown[i] ? [] : [weights[i] ?? 1])) : undefined;
    const cut = groupPaths(rest, Math.max(4, Math.floor((cap - used) / 60)), restWeights);
    lines.push(note(`${rest.length} more paths:`));
    for (const g of cut) {
      if (g.paths === 1) alone++;
      lines.push(g.paths === 1 ? shownName(g.prefix) : countLine(g.prefix, under(g, cut, rest)));
    }
  }
  return { lines, named: paths.length - rest.length + alone, total: paths.length, dirs: groups.length };
}

/**
 * The listing of `paths` in about `room` characters; names may take it to `cap`: every
 * name is what a listing is read for. Each directory is written at least by its count;
 * then the names of rare kinds, then whole directories (the smallest first), then the
 * first names of the larger ones, a name each in turn, while the room lasts.
 */
export function listPaths(
  paths: readonly string[],
  room: number,
  cap: number,
  weights?: readonly number[],
): PathListing {
  const groups = byDirectory(paths);
  const chosen: number[][] = groups.map((g) => (g.paths.length <= AS_PATHS ? g.names.map((_, j) => j) : []));
  const cost = (k: number) => size(groupText(groups[k]!, chosen[k]!));
  let used = 0;
  for (let k = 0; k < groups.length; k++) used += cost(k);
  if (used > cap) return pathsWhole(paths, groups, cap, weights);
  const choose = (k: number, names: readonly number[], limit: number): boolean => {
    const before = cost(k);
    const old = chosen[k]!;
    chosen[k] = [...new Set([...old, ...names])].sort((a, b) => a - b);
    const after = cost(k);
    if (used - before + after > limit) {
      chosen[k] = old;
      return false;
    }
    used += after - before;
    return true;
  };
  // The rare names first: each is a fact.
  for (const [k, j] of rarePaths(groups, paths.length)) choose(k, [j], cap);
  // Then whole directories, the smallest first, to the cap.
  const order = groups.map((_, k) => k).sort((a, b) => groups[a]!.names.length - groups[b]!.names.length);
  const partial: number[] = [];
  for (const k of order) {
    const g = groups[k]!;
    if (chosen[k]!.length >= g.names.length) continue;
    const all = g.names.map((_, j) => j);
    if (!choose(k, all, g.names.length <= SMALL_DIR ? cap : room)) partial.push(k);
  }
  // The directories that do not fit whole share what room is left, a name each in turn,
  // so that every one of them shows its first names.
  const next = new Map<number, number>(partial.map((k) => [k, 0]));
  let more = true;
  while (more && partial.length > 0) {
    more = false;
    for (const k of partial) {
      const g = groups[k]!;
      let j = next.get(k)!;
      while (j < g.names.length && chosen[k]!.includes(j)) j++;
      if (j >= g.names.length) continue;
      next.set(k, j + 1);
      const add = g.names[j]!.length + 1 + (chosen[k]!.length === 0 ? 1 : 0);
      if (used + add > room) continue;
      chosen[k] = [...chosen[k]!, j].sort((a, b) => a - b);
      used += add;
      more = true;
    }
  }
  const lines = groups.flatMap((g, k) => groupText(g, chosen[k]!));
  const named = chosen.reduce((a, c) => a + c.length, 0);
  return { lines, named, total: paths.length, dirs: groups.length };
}

/** The paths of a listing's lines, and its other lines (a tool's notes) by index. */
export function pathsOf(doc: Doc): { paths: string[]; others: number[] } {
  const paths: string[] = [];
  const others: number[] = [];
  doc.lines.forEach((line, i) => {
    const t = line.trim();
    if (t === "" || i === doc.hole) return;
    if (line.length < 2000 && isPathLine(t)) paths.push(t);
    else others.push(i);
  });
  return { paths, others };
}

/** A listing's excerpt: a note with the counts, the tool's own lines, then the directories. */
export function pathListExcerpt(name: string, doc: Doc, budget: number, cap: number): Excerpt | undefined {
  const { paths, others } = pathsOf(doc);
  // A tool's note or two (Glob's "results are truncated"); more lines that are no paths: no listing.
  if (paths.length === 0 || others.length > Math.max(3, paths.length * 0.1)) return undefined;
  const own = others.map((i) => cutLine(doc.lines[i]!, 300));
  const room = Math.max(200, budget - size(own));
  const listing = listPaths(paths, room, Math.max(room, cap - size(own)));
  const every = listing.named === listing.total;
  const head = note(
    `${listing.total} paths in ${listing.dirs} ${listing.dirs === 1 ? "directory" : "directories"}: each directory once, then its entries' names${every ? "" : "; large directories counted"}`,
  );
  return {
    text: [head, ...own, ...listing.lines].join("\n"),
    compressor: name,
    kept: every
      ? `every path of ${listing.total}`
      : `${listing.named} of ${listing.total} paths named, every directory`,
    keptFacts: every,
  };
}
