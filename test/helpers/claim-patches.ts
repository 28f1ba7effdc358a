/**
 * A diff's and a log's counts recounted (claim-counts.ts's): files, added and removed
 * lines, commits and authors, and what the note says of the changed lines shown.
 */

import { claim, countIn, num } from "./claim-said.ts";
import { alike, type Claim, type Excerpted } from "./claims.ts";

/** git diff: files, added and removed lines. */
export function diffClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^\[([\d,]+) files? changed, \+([\d,]+) -([\d,]+):/m.exec(e.text);
  const files = lines.filter((l) => l.startsWith("diff --git ")).length;
  const out = claim("kept:diff-files", countIn(e.kept, "file"), files, e.kept);
  if (!m) return out;
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (const l of lines) {
    if (l.startsWith("diff --git ")) inHunk = false;
    else if (l.startsWith("@@")) inHunk = true;
    else if (inHunk && l.startsWith("+")) added++;
    else if (inHunk && l.startsWith("-")) removed++;
  }
  out.push(...claim("note:diff-files", num(m[1]!), files, m[0]));
  out.push(...claim("note:diff-added", num(m[2]!), added, m[0]));
  out.push(...claim("note:diff-removed", num(m[3]!), removed, m[0]));
  out.push(...changedShownClaims(lines, e));
  return out;
}

/**
 * A diff's or a log's patches: "K of M changed lines shown" (M every `+`/`-` line of a
 * hunk, K those the excerpt shows whole, counted as a multiset of texts, an alike line's
 * count suffix set aside), and "every changed line": each of them shown, or (where the
 * note adds a clause of edits shown once, changed-note.ts) each not shown is one such
 * edit's (editsClaims).
 */
function changedShownClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const counted = /(?:: |patches: )([\d,]+) of ([\d,]+) changed lines shown/m.exec(e.text);
  const every = /(?:: |patches: )every changed line(, each edit made[^;\]]*)?/m.exec(e.text);
  if (!counted && !every) return [];
  const changed = new Map<string, number[]>();
  let total = 0;
  let inHunk = false;
  // The patch (a file's diff, a commit's) each changed line is in.
  const patchOf = new Int32Array(lines.length);
  let patch = 0;
  lines.forEach((l, i) => {
    if (/^(?:diff --git |commit [0-9a-f]{7,})/.test(l)) {
      inHunk = false;
      patch = i;
    } else if (l.startsWith("@@")) inHunk = true;
    else if (inHunk && /^[-+]/.test(l)) {
      total++;
      changed.set(l, [...(changed.get(l) ?? []), i]);
    }
    patchOf[i] = patch;
  });
  // The changed lines shown, each with its `[×N like this, lines A-B]` where it has one.
  const shown: Array<{ text: string; range?: [number, number] }> = [];
  for (const raw of e.text.split("\n")) {
    const a = / {2}\[×\d+ like this, lines (\d+)-(\d+)\]$/.exec(raw);
    let l = a ? raw.slice(0, a.index) : raw;
    // A line too long to show whole is shown cut (framing.ts): `<start> … [+N chars]`.
    const cut = / … \[\+(\d+) chars\]$/.exec(l);
    if (cut) {
      const head = l.slice(0, cut.index);
      const size = head.length + Number(cut[1]);
      l = [...changed.keys()].find((c) => c.length === size && c.startsWith(head)) ?? l;
    }
    if (changed.has(l)) shown.push({ text: l, ...(a ? { range: [Number(a[1]), Number(a[2])] } : {}) });
  }
  const times = new Map<string, number>();
  for (const s of shown) times.set(s.text, (times.get(s.text) ?? 0) + 1);
  let seen = 0;
  for (const [l, at] of changed) seen += Math.min(at.length, times.get(l) ?? 0);
  if (counted)
    return [
      ...claim("note:changed-total", num(counted[2]!), total, counted[0]),
      ...claim("note:changed-shown", num(counted[1]!), seen, counted[0]),
    ];
  if (every![1] === undefined) return claim("note:changed-every", total, seen, every![0]);
  return editsClaims(lines, changed, times, shown, patchOf, every!);
}

/** A word, or a mark alone (a quote style's edit changes marks only: `'x'` to `"x"`). */
const TOKEN = /\w+|[^\w\s]/g;

/** The words a changed line changes: its words that no line of the other sign in its hunk holds. */
function changedWords(lines: readonly string[]): (i: number) => string[] {
  const hunkOf = new Int32Array(lines.length);
  const words = new Map<string, Set<string>>();
  let hunk = 0;
  lines.forEach((l, i) => {
    if (l.startsWith("@@") || /^(?:diff --git |commit [0-9a-f]{7,})/.test(l)) hunk = i;
    hunkOf[i] = hunk;
    if (!/^[-+]/.test(l)) return;
    const key = `${hunk}${l[0]}`;
    const set = words.get(key) ?? new Set<string>();
    for (const w of l.slice(1).match(TOKEN) ?? []) set.add(w);
    words.set(key, set);
  });
  return (i) => {
    const other = words.get(`${hunkOf[i]}${lines[i]![0] === "+" ? "-" : "+"}`) ?? new Set<string>();
    return (lines[i]!.slice(1).match(TOKEN) ?? []).filter((w) => !other.has(w));
  };
}

/**
 * "every changed line, each edit made alike in many places once with its count, each edit
 * made in many places of a file once": a changed line not shown stands for a shown one of
 * its sign: alike to one whose `[×N like this, lines A-B]` spans it (the first clause); or
 * (the second) one of its own file or commit alike to it or holding every word it changes
 * (a rename: `print_value` at a call shown where it is declared; a quote's `'` where it changed).
 */
function editsClaims(
  lines: readonly string[],
  changed: ReadonlyMap<string, readonly number[]>,
  times: ReadonlyMap<string, number>,
  shown: ReadonlyArray<{ text: string; range?: [number, number] }>,
  patchOf: Int32Array,
  every: RegExpExecArray,
): Claim[] {
  const withCount = every[1]!.includes("alike in many places once with its count");
  const inFile = every[1]!.includes("in many places of a file once");
  const at = new Map<string, number[]>();
  for (const [l, is] of changed) at.set(l, [...is]);
  const changes = changedWords(lines);
  const holds = (text: string, words: readonly string[]) => {
    const own = new Set(text.slice(1).match(TOKEN) ?? []);
    // (A line none of whose words is its own, each on the other side of its hunk, changes
    // their order only: the lines of the other side, shown, say it.)
    return words.every((w) => own.has(w));
  };
  let missing = 0;
  let unshown = 0;
  for (const [l, is] of changed) {
    const deficit = is.length - Math.min(is.length, times.get(l) ?? 0);
    if (deficit === 0) continue;
    unshown += deficit;
    // Which of its places went unshown is not said: each must be stood for.
    const stood = is.every((i) =>
      shown.some(
        (s) =>
          s.text[0] === l[0] &&
          ((withCount &&
            s.range !== undefined &&
            s.range[0] <= i + 1 &&
            i + 1 <= s.range[1] &&
            alike(s.text, l)) ||
            (inFile &&
              changed.get(s.text)!.some((k) => patchOf[k] === patchOf[i]) &&
              (alike(s.text, l) || holds(s.text, changes(i))))),
      ),
    );
    if (!stood) missing += deficit;
  }
  return [
    {
      form: "note:changed-every-once",
      ok: missing === 0,
      line: every[0],
      why: `${missing} of ${unshown} changed lines not shown stand for no edit shown (${lines.length} lines)`,
    },
  ];
}

/** git log: commits and authors. */
export function logClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const commits = lines.filter((l) => /^commit [0-9a-f]{7,}/.test(l)).length;
  const authors = new Set(lines.filter((l) => l.startsWith("Author:")).map((l) => l.slice(7).trim()));
  if (commits === 0) return [];
  const text = `${e.kept}\n${e.text.split("\n")[0]}`;
  return [
    ...claim("kept:log-commits", countIn(text, "commit"), commits, e.kept),
    ...(authors.size > 0 ? claim("kept:log-authors", countIn(text, "author"), authors.size, e.kept) : []),
    ...changedShownClaims(lines, e),
  ];
}
