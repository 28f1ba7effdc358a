/**
 * Lines of the same shape, collapsed without losing any: lines that differ in ONE word
 * become one line with a bash brace group listing every value of that word, in order
 * (`ERROR payment declined for order ord_{30275,4335}: card_expired`), which bash's
 * `echo` expands back into exactly those lines. A group never mixes lines that differ
 * anywhere else, so each expansion is one of the lines it stands for.
 */

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
const isWord = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c);

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

/**
 * Collapses `lines` (same-shape lines: the caller decides what may be grouped, e.g. one
 * file's matches) into as few lines as it can: the largest groups that differ in one
 * word first. Words are split on single spaces, so every line is rebuilt exactly.
 */
export function braceCollapse(lines: readonly string[], maxLen = Number.POSITIVE_INFINITY): Collapsed[] {
  const words = lines.map((l) => (HAS_GROUP.test(l) ? undefined : l.split(" ")));
  const buckets = new Map<string, Bucket>();
  words.forEach((w, i) => {
    if (!w || w.length > 40) return;
    for (let p = 0; p < w.length; p++) {
      if (UNSAFE.test(w[p]!) || w[p] === "") continue;
      const key = `${w.length}\0${p}\0${w.slice(0, p).join(" ")}\0${w.slice(p + 1).join(" ")}`;
      const b = buckets.get(key);
      if (b) b.members.push(i);
      else buckets.set(key, { pos: p, members: [i] });
    }
  });
  const ranked = [...buckets.values()]
    .filter((b) => b.members.length > 1)
    .sort((a, b) => b.members.length - a.members.length || a.members[0]! - b.members[0]!);
  const taken = new Uint8Array(lines.length);
  const groups: Collapsed[] = [];
  for (const b of ranked) {
    const members = b.members.filter((i) => !taken[i]);
    if (members.length < 2) continue;
    const w = words[members[0]!]!;
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
