/**
 * Lists of paths (find, Glob, fd, git ls-files, grep -l): the names are the output's
 * information, written whole and readable: each directory once, then the whole names of
 * its entries (`node_modules/@types/node/: fs.d.ts path.d.ts`); a directory of one or two
 * entries as its paths, as the tool printed them. Every directory is named. The names of
 * small directories are facts (a file alone in its folder is what a search is for); a
 * large directory is counted and shows as many of its names as the room allows. When
 * even the directories are too many, they are counted by the folders above them.
 */

import type { Doc } from "./doc.ts";
import { cutLine, groupLines, note, shownName } from "./framing.ts";
import { groupPaths, PATH_LINE } from "./paths.ts";
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
    const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
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

/** Directories of at most this many entries have their names listed as facts. */
const SMALL_DIR = 20;
/** A directory of at most this many entries is shown as its paths. */
const AS_PATHS = 2;

/** The lines of a group: its paths, or `dir/: names`, or `dir/ (N entries): first names [M more]`. */
function groupText(g: DirGroup, shown: number, width: number): string[] {
  if (g.paths.length <= AS_PATHS && shown >= g.paths.length) return g.paths.map(shownName);
  const dir = g.dir === "" ? "." : g.dir;
  if (shown >= g.names.length) return groupLines(dir, g.names, width);
  const head = `${dir} (${g.names.length} entries)`;
  if (shown === 0) return [head];
  const lines = groupLines(head, g.names.slice(0, shown), width);
  lines[lines.length - 1] += ` ${note(`${g.names.length - shown} more`)}`;
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

/**
 * The listing of `paths` in about `room` characters (small directories' names may take it
 * to `cap`). Each directory is written at least by its count; then directories are
 * written out whole, the smallest first, while the room lasts.
 */
export function listPaths(paths: readonly string[], room: number, cap: number, width = 200): PathListing {
  const groups = byDirectory(paths);
  const shown = groups.map((g) => (g.paths.length <= AS_PATHS ? g.paths.length : 0));
  let used = 0;
  for (let k = 0; k < groups.length; k++) used += size(groupText(groups[k]!, shown[k]!, width));
  if (used > cap) {
    // Too many directories to name each: counted by the folders above them.
    const cut = groupPaths(paths, Math.max(8, Math.floor(cap / 60)));
    const lines = cut.map((g) => (g.paths === 1 ? g.prefix : `${g.prefix} (${g.count} entries)`));
    return {
      lines,
      named: cut.filter((g) => g.paths === 1).length,
      total: paths.length,
      dirs: groups.length,
    };
  }
  // Small directories first: their names are facts and may take the room to the cap.
  const order = groups.map((_, k) => k).sort((a, b) => groups[a]!.names.length - groups[b]!.names.length);
  for (const k of order) {
    const g = groups[k]!;
    if (shown[k]! >= g.names.length) continue;
    const limit = g.names.length <= SMALL_DIR ? cap : room;
    const before = size(groupText(g, shown[k]!, width));
    const whole = size(groupText(g, g.names.length, width));
    if (used - before + whole <= limit) {
      used += whole - before;
      shown[k] = g.names.length;
      continue;
    }
    // A large directory: as many of its first names as fit.
    let fit = 0;
    for (let n = 1; n < g.names.length; n++) {
      if (used - before + size(groupText(g, n, width)) > room) break;
      fit = n;
    }
    if (fit > 0) {
      used += size(groupText(g, fit, width)) - before;
      shown[k] = fit;
    }
  }
  const lines = groups.flatMap((g, k) => groupText(g, shown[k]!, width));
  const named = shown.reduce((a, n) => a + n, 0);
  return { lines, named, total: paths.length, dirs: groups.length };
}

/** The paths of a listing's lines, and its other lines (a tool's notes) by index. */
export function pathsOf(doc: Doc): { paths: string[]; others: number[] } {
  const paths: string[] = [];
  const others: number[] = [];
  doc.lines.forEach((line, i) => {
    const t = line.trim();
    if (t === "" || i === doc.hole) return;
    if (line.length < 2000 && PATH_LINE.test(t)) paths.push(t);
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
