/**
 * Brace words that do not all fit: the ones that save most per path are written as
 * counts by directory (`dir/… (N)` everything under dir, `dir/* (N)` the files right in
 * it), and a pattern for `cairn show --grep` lists what they stand for. Pure.
 */

import { commonPrefix, type Word, wordLines } from "./brace-names.ts";

/** Words that fit `room` once joined in lines, some collapsed to counts by directory. */
export interface Fitted {
  readonly lines: string[];
  /** What collapsed words stood for (`dir/*` the files in dir, `dir/…` everything under it), with how many paths. */
  readonly collapsed: Map<string, number>;
}

/**
 * Paths counted by directory below `base`, at most `depth` directories deep: `dir/*` the
 * files right in dir, `dir/…` everything under a directory at that depth.
 */
function countsAt(dirsOf: readonly string[][], base: string, depth: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const dirs of dirsOf) {
    const key =
      dirs.length > depth
        ? `${base}${dirs.slice(0, depth).join("/")}/…`
        : `${base}${dirs.length > 0 ? `${dirs.join("/")}/` : ""}*`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const countsText = (counts: ReadonlyMap<string, number>) =>
  [...counts].map(([key, n]) => `${key} (${n})`).join(" ");

/**
 * The paths of a word counted by directory, as deep as stays half the word's
 * length (each path's own directory when that is short enough), else one level below
 * the directory its literal start is in (not `deep`: only that), else all of them under
 * that directory.
 */
/** How finely collapsed words are counted: by deep directories, one level down, or all under one. */
type Depth = "deep" | "shallow" | "one";

const countsMemo = { deep: new WeakMap(), shallow: new WeakMap(), one: new WeakMap() } as Record<
  Depth,
  WeakMap<Word, Map<string, number>>
>;

/** dirCounts, once per word: fitting tries the same words in several rooms. */
function dirCountsOnce(w: Word, depth: Depth): Map<string, number> {
  const memo = countsMemo[depth];
  let counts = memo.get(w);
  if (!counts) {
    counts = dirCounts(w, depth);
    memo.set(w, counts);
  }
  return counts;
}

function dirCounts(w: Word, mode: Depth): Map<string, number> {
  const base = w.prefix.slice(0, w.prefix.lastIndexOf("/") + 1);
  if (mode === "one") return new Map([[`${base}…`, w.count]]);
  const deep = mode === "deep";
  // Each path's directories below base, split once for every depth tried.
  const dirsOf = w.names().map((name) => {
    const dirs = name.slice(base.length).split("/");
    dirs.pop();
    return dirs;
  });
  for (let depth = deep ? 4 : 1; depth >= 1; depth--) {
    const counts = countsAt(dirsOf, base, depth);
    if (countsText(counts).length * (depth > 1 ? 2 : 1) < w.text.length) return counts;
  }
  // The shortest: all of them under the one directory.
  return new Map([[`${base}…`, w.count]]);
}

/**
 * Path words in lines of about `width` characters within `room`. While they do not fit,
 * the word still written out whose collapse saves most per path is written as counts
 * by directory instead, one level below its directory (`node_modules/yaml/dist/… (125)`,
 * `node_modules/yaml/* (3)`), or when that is not enough all under it, so the most paths
 * stay written; the room left then buys deeper counts for the collapsed words
 * (`deepFirst`: deep counts from the start, which name more directories and write fewer
 * paths). Undefined when even all counts do not fit.
 */
export function fitWords(
  words: readonly Word[],
  room: number,
  width = 240,
  deepFirst = false,
): Fitted | undefined {
  const levels: Depth[] = deepFirst ? ["deep", "shallow", "one"] : ["shallow", "one"];
  for (const level of levels) {
    const fitted = fitAt(words, room, width, level);
    if (fitted) return fitted;
  }
  return undefined;
}

function fitAt(words: readonly Word[], room: number, width: number, level: Depth): Fitted | undefined {
  const shown = words.map((w) => w.text);
  let size = shown.reduce((a, t) => a + t.length + 1, 0);
  const collapsed = new Map<string, number>();
  if (size <= room) return { lines: wordLines(shown, width), collapsed };
  const shorts = words.map((w) => (w.count < 2 ? undefined : dirCountsOnce(w, level)));
  const savings = words.map((w, i) =>
    shorts[i] ? (w.text.length - countsText(shorts[i]!).length) / w.count : 0,
  );
  const order = words.map((_, i) => i).sort((a, b) => savings[b]! - savings[a]!);
  const counted: number[] = [];
  for (const i of order) {
    if (size <= room) break;
    if (savings[i]! <= 0) continue;
    const short = countsText(shorts[i]!);
    size -= shown[i]!.length - short.length;
    shown[i] = short;
    counted.push(i);
  }
  if (size > room) return undefined;
  // A word collapses whole, so the last collapse often frees more than was needed: the
  // words collapsed first are written out again where they now fit, those that
  // cost least per path first (the last collapsed).
  for (let k = counted.length - 1; k >= 0; k--) {
    const i = counted[k]!;
    const grow = words[i]!.text.length - shown[i]!.length;
    if (size + grow > room) continue;
    size += grow;
    shown[i] = words[i]!.text;
    counted.splice(k, 1);
  }
  for (const i of counted) {
    // Deeper counts where they still fit: they tell more of where the paths are.
    let counts = shorts[i]!;
    const deep = dirCountsOnce(words[i]!, "deep");
    const text = countsText(deep);
    if (size + text.length - shown[i]!.length <= room && text.length < words[i]!.text.length) {
      size += text.length - shown[i]!.length;
      shown[i] = text;
      counts = deep;
    }
    for (const [dir, n] of counts) collapsed.set(dir, (collapsed.get(dir) ?? 0) + n);
  }
  return { lines: wordLines(shown, width), collapsed };
}

/**
 * A pattern (JavaScript regex, as `cairn show --grep` takes it) matching the paths that
 * collapsed entries stand for: `dir/…` every path under dir, `dir/*` the files right in it;
 * past 120 characters, the directory they all lie in.
 */
export function prefixPattern(prefixes: readonly string[]): string {
  const quote = (p: string) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const escaped = [...new Set(prefixes)].map((p) =>
    p.endsWith("/*") ? `${quote(p.slice(0, -1))}[^/]+$` : quote(p.replace(/…$/, "")),
  );
  const all = escaped.length === 1 ? `^${escaped[0]}` : `^(?:${escaped.join("|")})`;
  if (all.length <= 120) return all;
  // Too many to name one by one: the directory they all lie in (it lists some shown paths too).
  const common = commonPrefix(prefixes);
  return `^${quote(common.slice(0, common.lastIndexOf("/") + 1))}`;
}
