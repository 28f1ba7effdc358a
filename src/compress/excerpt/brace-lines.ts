/**
 * Lines of the same shape, collapsed without losing any: lines that differ in ONE word
 * become one line with a bash brace group listing every value of that word, in order
 * (`ERROR payment declined for order ord_{30275,4335}: card_expired`), which bash's
 * `echo` expands back into exactly those lines. A group never mixes lines that differ
 * anywhere else, so each expansion is one of the lines it stands for.
 */

import type { Pick } from "./pack.ts";

export interface Collapsed {
  /** The line shown: a line as it was, or the brace line. */
  readonly text: string;
  /** Indexes of the lines it stands for, in order (the first is where it is shown). */
  readonly members: readonly number[];
}

/** Characters that would make a word read as something other than its values. */
const UNSAFE = /[{},\s]/;
/** A brace group already in a line would make it ambiguous to read. */
const HAS_GROUP = /\{[^\s]*,[^\s]*\}/;
function isWord(c: string | undefined): boolean {
  if (c === undefined) return false;
  const k = c.charCodeAt(0);
  return (k >= 48 && k <= 57) || (k >= 65 && k <= 90) || (k >= 97 && k <= 122);
}

/** `pre{a,b}post` for the distinct values, common ends kept whole-word outside the group. */
export function braceWord(values: readonly string[]): string {
  const distinct = [...new Set(values)];
  if (distinct.length === 1) return distinct[0]!;
  const first = distinct[0]!;
  let head = first.length;
  let tail = first.length;
  for (const v of distinct) {
    let h = 0;
    while (h < head && h < v.length && v[h] === first[h]) h++;
    head = h;
    let t = 0;
    while (t < tail && t < v.length && v[v.length - 1 - t] === first[first.length - 1 - t]) t++;
    tail = t;
  }
  const shortest = Math.min(...distinct.map((v) => v.length));
  if (head + tail > shortest) tail = shortest - head;
  // Never split a run of letters or digits: `ord_{30275,4335}:`, not `ord_{3027,433}5:`.
  while (head > 0 && distinct.some((v) => isWord(v[head - 1]) && isWord(v[head]))) head--;
  while (tail > 0 && distinct.some((v) => isWord(v[v.length - tail]) && isWord(v[v.length - tail - 1])))
    tail--;
  const inner = distinct.map((v) => v.slice(head, v.length - tail));
  return `${first.slice(0, head)}{${inner.join(",")}}${first.slice(first.length - tail)}`;
}

/** Runs of `members` whose brace line stays within `maxLen` (values counted whole: an upper bound). */
function chunks(
  members: readonly number[],
  pos: number,
  words: readonly (string[] | undefined)[],
  maxLen: number,
): number[][] {
  const w = words[members[0]!]!;
  const rest = w.reduce((a, x) => a + x.length + 1, 0) - w[pos]!.length + 2;
  const out: number[][] = [];
  let chunk: number[] = [];
  let len = rest;
  for (const i of members) {
    const v = words[i]![pos]!.length + 1;
    if (chunk.length > 0 && len + v > maxLen) {
      out.push(chunk);
      chunk = [];
      len = rest;
    }
    chunk.push(i);
    len += v;
  }
  out.push(chunk);
  return out;
}

interface Bucket {
  readonly pos: number;
  readonly members: number[];
}

/** How many spaces each line has; a line may join a group only if another has as many. */
function spaceCounts(lines: readonly string[]): { shared: boolean[] } {
  const counts = lines.map((line) => {
    let n = 0;
    for (let at = line.indexOf(" "); at >= 0; at = line.indexOf(" ", at + 1)) n++;
    return n;
  });
  const times = new Map<number, number>();
  for (const n of counts) times.set(n, (times.get(n) ?? 0) + 1);
  return { shared: counts.map((n) => times.get(n)! > 1) };
}

/** The hash of "" (an empty word: two spaces in a row). */
const EMPTY = 2166136261;

/** A 32-bit hash of a word. */
function hashWord(w: string): number {
  let h = 2166136261;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Whether two lines' words are equal everywhere but at `pos` (the buckets are keyed by hashes). */
function sameBut(a: readonly string[], b: readonly string[], pos: number): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (k !== pos && a[k] !== b[k]) return false;
  return true;
}

/**
 * Collapses `lines` (same-shape lines: the caller decides what may be grouped, e.g. one
 * file's matches) into as few lines as it can: the largest groups that differ in one
 * word first. Words are split on single spaces, so every line is rebuilt exactly.
 * Each line is keyed once per word by hashes of the words before and after it, so the
 * cost grows with the number of words, not its square.
 */
export function braceCollapse(lines: readonly string[], maxLen = Number.POSITIVE_INFINITY): Collapsed[] {
  const { shared } = spaceCounts(lines);
  if (!shared.includes(true)) return lines.map((text, i) => ({ text, members: [i] }));
  const words = lines.map((l, i) =>
    !shared[i] || (l.includes("{") && HAS_GROUP.test(l)) ? undefined : l.split(" "),
  );
  const buckets = new Map<number, Bucket>();
  // A key seen once holds its line there; a bucket is made when a second line has it.
  const once = new Map<number, number>();
  words.forEach((w, i) => {
    if (!w || w.length > 40) return;
    const n = w.length;
    const h = new Uint32Array(n);
    for (let p = 0; p < n; p++) h[p] = hashWord(w[p]!);
    // after[p]: hash of the words after p.
    const after = new Uint32Array(n + 1);
    for (let p = n - 1; p >= 0; p--) after[p] = Math.imul(after[p + 1]!, 31) + h[p]!;
    let before = 0;
    for (let p = 0; p < n; p++) {
      if (h[p] !== EMPTY && !UNSAFE.test(w[p]!)) {
        const key =
          (Math.imul(before, 0x9e3779b1) ^
            Math.imul(after[p + 1]!, 0x85ebca77) ^
            Math.imul(p + 1, 0xc2b2ae35) ^
            n) &
          // A small integer: a Map looks it up fastest (a collision only costs a group:
          // members are checked with sameBut).
          0x3fffffff;
        const b = buckets.get(key);
        if (b) b.members.push(i);
        else {
          const first = once.get(key);
          if (first === undefined) once.set(key, i);
          else buckets.set(key, { pos: p, members: [first, i] });
        }
      }
      before = (Math.imul(before, 31) + h[p]!) | 0;
    }
  });
  const ranked = [...buckets.values()].sort(
    (a, b) => b.members.length - a.members.length || a.members[0]! - b.members[0]!,
  );
  const taken = new Uint8Array(lines.length);
  const groups: Collapsed[] = [];
  for (const b of ranked) {
    const open = b.members.filter((i) => !taken[i]);
    const w = words[open[0]!]!;
    const members = open.filter((i) => sameBut(w, words[i]!, b.pos));
    if (members.length < 2) continue;
    for (const chunk of chunks(members, b.pos, words, maxLen)) {
      if (chunk.length < 2) continue;
      for (const i of chunk) taken[i] = 1;
      const word = braceWord(chunk.map((i) => words[i]![b.pos]!));
      groups.push({ text: [...w.slice(0, b.pos), word, ...w.slice(b.pos + 1)].join(" "), members: chunk });
    }
  }
  lines.forEach((text, i) => {
    if (!taken[i]) groups.push({ text, members: [i] });
  });
  return groups.sort((a, b) => a.members[0]! - b.members[0]!);
}

/** `picks` without the lines shown by another (split around them; what they lean on, moved to it). */
export function withoutCollapsed(picks: readonly Pick[], shownBy: ReadonlyMap<number, number>): Pick[] {
  if (shownBy.size === 0) return [...picks];
  const out: Pick[] = [];
  const lean = (i: number | undefined) => (i === undefined ? undefined : (shownBy.get(i) ?? i));
  for (const p of picks) {
    const base = { ...p, with: lean(p.with), also: lean(p.also) };
    let from = p.from;
    for (let i = p.from; i <= p.to + 1; i++) {
      if (i <= p.to && !shownBy.has(i)) continue;
      if (i > from) out.push({ ...base, from, to: i - 1 });
      from = i + 1;
    }
  }
  return out;
}
