/**
 * Matches without line numbers: `grep -r PATTERN dir` and ripgrep writing to a pipe (its
 * default there) print `path:text` for a match and, with -A/-B/-C, `path-text` for a context
 * line, no number between. Read as the numbered form is (which files matched, a file's only
 * match, each kind of match once), they were a generic output: 100 kinds of line, the rare
 * files' matches among them dropped. Only a search's output comes here (the Grep tool, or a
 * command naming grep or rg: grep/detect.ts), so a `name.ext:` prefix elsewhere is no match.
 */

import { NOT_A_SCHEME, NOT_AT_HOUR } from "./dated-cut.ts";

/**
 * A match: a path (a slash or a dot in it, no blank, no colon), a colon, the text; the path
 * not a date cut at its time's first colon nor a URL's scheme (dated-cut.ts).
 */
const BARE = new RegExp(String.raw`^([^\s:]*[/.][^\s:]*)${NOT_AT_HOUR}${NOT_A_SCHEME}:(.*)$`);

export interface Bare {
  /** Where each line's text starts after its `path:` (or a context line's `path-`); 0 where none. */
  readonly bodyAt: Int32Array;
  /** The file of each match line; undefined for context and other lines. */
  readonly file: (string | undefined)[];
  /** Match lines. */
  readonly count: number;
}

/** How many lines are read to decide (a search's first 150 lines are most of them matches). */
const HEAD = 150;

/**
 * The matches and context lines of an unnumbered search, or undefined where over 40% of the
 * first lines are neither (the bound numbered matches have: grep/detect.ts modeOf).
 */
export function bareMatches(lines: readonly string[]): Bare | undefined {
  const path: (string | undefined)[] = new Array(lines.length);
  const paths = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 5000) continue;
    const m = BARE.exec(line);
    if (m) {
      path[i] = m[1]!;
      paths.add(m[1]!);
    }
  }
  // Matches in fewer than two files are no search's output: its context lines need not be read.
  if (paths.size < 2) return undefined;
  // A context line whose text holds a colon (`file.c-label:`) reads as a match of the path
  // `file.c-label`: where a path that matched stands before its dash, it is that file's context.
  const file: (string | undefined)[] = new Array(lines.length);
  const bodyAt = new Int32Array(lines.length);
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 5000) continue;
    const own = contextOf(line, paths);
    if (own !== undefined) {
      bodyAt[i] = own + 1;
      continue;
    }
    const p = path[i];
    if (p === undefined) continue;
    file[i] = p;
    bodyAt[i] = p.length + 1;
    count++;
  }
  if (!mostAre(lines, bodyAt)) return undefined;
  return { bodyAt, file, count };
}

/**
 * The length of the matched path a context line starts with (`path-`), or undefined. A path
 * holds no blank and no colon, so its dash stands before the line's first of either.
 */
function contextOf(line: string, paths: ReadonlySet<string>): number | undefined {
  for (let k = 1; k < line.length; k++) {
    const c = line.charCodeAt(k);
    if (c === 32 || c === 58 || c === 9) return undefined;
    if (c === 45 && paths.has(line.slice(0, k))) return k;
  }
  return undefined;
}

/** Whether over 60% of the first lines that count (not blank, not `--`) are matches or context. */
function mostAre(lines: readonly string[], bodyAt: Int32Array): boolean {
  let total = 0;
  let read = 0;
  for (let i = 0; i < Math.min(lines.length, HEAD); i++) {
    const line = lines[i]!;
    if (line === "" || line === "--") continue;
    total++;
    if (bodyAt[i]! > 0) read++;
  }
  return total > 0 && read / total > 0.6;
}
