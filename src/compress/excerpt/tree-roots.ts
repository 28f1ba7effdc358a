/**
 * A tree drawn by indenting each line's last field (`python -X importtime`'s imported
 * package under `self | cumulative |`, `ps -ejH`'s command): the lines at the shallowest
 * depth are its roots, each one the total of everything nested under it (pytest's 677 ms,
 * site's 161 ms, the project's own module). Among hundreds of nested lines alike they are
 * few, and the templates see them as more of the same kind. Pure; the engine (engine.ts)
 * makes them facts.
 *
 * A tree is told from a table whose last column merely varies in where it starts by its
 * order: a line goes one level deeper than the line before at most (its parent printed
 * first: ps) or one level shallower at most (its parent printed after its children:
 * importtime), never both ways at once.
 */

import { heaviestChildren } from "./tree-totals.ts";

/** A tree of this many lines or more. */
const LINES = 20;
/** Its indentation steps by this many columns at least (one space is alignment, not depth). */
const STEP = 2;
/** At least this many depths: a root, children and theirs. */
const DEPTHS = 3;
/** At most this share of the lines (a header, a last line) are not of the tree. */
const OUTSIDE = 0.05;
/** Where this many lines are read, most hold a last field after other text, or none is a tree. */
const SAMPLE = 40;
/** The roots are at most this share of the tree's lines, and two at least. */
const ROOTS = 0.1;

/** Where each line's last field starts, when it names something (letters in it); -1 otherwise. */
function lastFieldAt(line: string): number {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) <= 32) end--;
  let start = end;
  let letter = false;
  while (start > 0 && line.charCodeAt(start - 1) > 32) {
    const c = line.charCodeAt(start - 1) | 32;
    if (c >= 97 && c <= 122) letter = true;
    start--;
  }
  if (!letter) return -1;
  // The field follows other text: a line of one word is no row of a table.
  for (let k = start - 1; k >= 0; k--) if (line.charCodeAt(k) > 32) return start;
  return -1;
}

/** The lines at the shallowest depth of a tree drawn in the lines' last field; [] when there is none. */
export function treeRoots(lines: readonly string[]): number[] {
  const at: number[] = [];
  const col: number[] = [];
  let nonBlank = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() === "") continue;
    nonBlank++;
    const c = lastFieldAt(lines[i]!);
    if (c >= 0) {
      at.push(i);
      col.push(c);
    }
    // Lines of one field (CSV rows), or fields starting anywhere (a log's words), show in
    // the first lines: the rest need not be read.
    if (nonBlank === SAMPLE && (at.length < nonBlank * (1 - 2 * OUTSIDE) || !stepped(col))) return [];
  }
  if (at.length < LINES || at.length < nonBlank * (1 - OUTSIDE)) return [];
  // The shallowest column two lines share (one line further left is a header, not a root).
  const seen = new Map<number, number>();
  for (const c of col) seen.set(c, (seen.get(c) ?? 0) + 1);
  let base = Number.POSITIVE_INFINITY;
  let step = Number.POSITIVE_INFINITY;
  for (const [c, k] of seen) if (k >= 2 && c < base) base = c;
  for (const [c, k] of seen) if (k >= 2 && c > base) step = Math.min(step, c - base);
  if (!Number.isFinite(step) || step < STEP) return [];
  const depth: number[] = [];
  const members: number[] = [];
  const starts: number[] = [];
  for (let k = 0; k < at.length; k++) {
    const off = col[k]! - base;
    if (off < 0 || off % step !== 0) continue;
    depth.push(off / step);
    members.push(at[k]!);
    starts.push(col[k]!);
  }
  const order = members.length < nonBlank * (1 - 2 * OUTSIDE) ? undefined : treeOrder(depth);
  if (order === undefined) return [];
  const roots = members.filter((_, k) => depth[k] === 0);
  if (roots.length < 2 || roots.length > members.length * ROOTS) return [];
  // And where a column holds totals, the child holding most of a root's.
  const heaviest = heaviestChildren(lines, members, starts, depth, order === "childrenFirst");
  return [...roots, ...heaviest].sort((a, b) => a - b);
}

/**
 * Whether nearly all of the columns where last fields start lie a multiple of 2 or of 3
 * columns from the commonest: indentation by steps, not words of any length before them.
 * (From the commonest, not the leftmost: a header's field may start between two depths.)
 */
function stepped(col: readonly number[]): boolean {
  const seen = new Map<number, number>();
  let common = 0;
  let most = 0;
  for (const c of col) {
    const k = (seen.get(c) ?? 0) + 1;
    seen.set(c, k);
    if (k > most) {
      most = k;
      common = c;
    }
  }
  let by2 = 0;
  let by3 = 0;
  for (const c of col) {
    if ((c - common) % 2 === 0) by2++;
    if ((c - common) % 3 === 0) by3++;
  }
  return Math.max(by2, by3) >= col.length * (1 - 2 * OUTSIDE);
}

/**
 * How depths read as a tree's, DEPTHS of them: never deeper by more than one (parents
 * first), or never shallower by more than one (children first), but for a few lines (a
 * last field of several words, `npm exec node`, read by its last word); undefined if not.
 */
function treeOrder(depth: readonly number[]): "childrenFirst" | "parentsFirst" | undefined {
  let down = 0;
  let up = 0;
  let deepest = 0;
  for (let k = 0; k < depth.length; k++) {
    deepest = Math.max(deepest, depth[k]!);
    if (k === 0) continue;
    const d = depth[k]! - depth[k - 1]!;
    if (d > 1) down++;
    if (d < -1) up++;
  }
  if (Math.min(down, up) > depth.length * OUTSIDE || deepest + 1 < DEPTHS) return undefined;
  // Never deeper by more than one: each parent comes first (ps); else its children do.
  return down <= up ? "parentsFirst" : "childrenFirst";
}
