/**
 * Where a line of a tree hangs and what hangs from it, read by its depth (past its
 * indentation and any tree drawing): the lines above it that it hangs from, the lines right
 * under it, the line naming the record of a JSON or YAML document that holds it. Pure; the
 * engine (engine.ts) ranks by them.
 */

/** Where a line's text starts past its indentation and any tree drawing (`│ ├─┬ name`). */
export function depthOf(line: string): number {
  let i = 0;
  while (i < line.length && isDrawing(line.charCodeAt(i))) i++;
  return i;
}

/** A blank or a tree's drawing: ` \t│├└─┬|`+` and a non-breaking space. */
function isDrawing(c: number): boolean {
  if (c < 0x2500) return c === 32 || c === 9 || c === 124 || c === 96 || c === 43 || c === 0xa0;
  return c === 0x2502 || c === 0x251c || c === 0x2514 || c === 0x2500 || c === 0x252c;
}

/** A line's depth (depthOf), or -1 for a blank line. */
export type Depths = (k: number) => number;

const depthNow =
  (lines: readonly string[]): Depths =>
  (k) =>
    lines[k]!.trim() === "" ? -1 : depthOf(lines[k]!);

/** Each document's depths read so far, by its lines (which are never changed once split). */
const tables = new WeakMap<readonly string[], Depths>();

/**
 * A document's depths, each line's read once however many walks up and down the tree
 * pass it (a walk may pass thousands of lines, once for each rare line under them).
 */
export function depthsOf(lines: readonly string[]): Depths {
  let table = tables.get(lines);
  if (table === undefined) {
    const now = depthNow(lines);
    const known = new Int32Array(lines.length).fill(-2);
    table = (k) => {
      let d = known[k]!;
      if (d === -2) known[k] = d = now(k);
      return d;
    };
    tables.set(lines, table);
  }
  return table;
}

/**
 * The lines a line of a tree hangs from, nearest first (at most `most`, and none past
 * the first one `until` accepts).
 */
export function ancestors(
  lines: readonly string[],
  i: number,
  most = 4,
  until?: (line: string) => boolean,
  depthAt: Depths = depthNow(lines),
): number[] {
  const out: number[] = [];
  let depth = depthOf(lines[i]!);
  for (let k = i - 1; k >= 0 && depth > 0 && out.length < most && i - k < 5000; k--) {
    const d = depthAt(k);
    if (d < 0) continue;
    if (d < depth) {
      out.push(k);
      depth = d;
      if (until?.(lines[k]!)) break;
    }
  }
  return out;
}

/** The lines right under a line of a tree (its children, not theirs), at most `most`. */
export function children(
  lines: readonly string[],
  i: number,
  most = 12,
  depthAt: Depths = depthNow(lines),
): number[] {
  const out: number[] = [];
  const depth = depthOf(lines[i]!);
  let childDepth = -1;
  for (let k = i + 1; k < lines.length && out.length < most; k++) {
    const d = depthAt(k);
    if (d < 0) continue;
    if (d <= depth) break;
    if (childDepth < 0) childDepth = d;
    if (d === childDepth) out.push(k);
  }
  return out;
}

/**
 * The line that names the record holding line `i` of a JSON or YAML document: the first
 * member of the nearest enclosing element of a list (`{` alone on its line, then
 * `"id": "tenant-023"`), or the list item's own line (`- id: tenant-023`). An odd value
 * deep in a record means nothing without it.
 */
export function recordIdOf(
  lines: readonly string[],
  i: number,
  depths: Depths = depthNow(lines),
): number | undefined {
  // The walk up stops at the record's start: a deep document's root may be far above.
  const a = ancestors(lines, i, 6, recordStart, depths).pop();
  if (a === undefined) return undefined;
  const t = lines[a]!.trim();
  if (t === "{") return a + 1 < i ? a + 1 : undefined;
  return t.startsWith("- ") ? a : undefined;
}

/** A list element's first line: `{` alone (JSON) or `- ` (YAML). */
function recordStart(line: string): boolean {
  const t = line.trim();
  return t === "{" || t.startsWith("- ");
}
