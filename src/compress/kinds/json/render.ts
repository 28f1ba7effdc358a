/**
 * Writing a parsed JSON value within a budget, in the document's own style: containers
 * opened breadth first (every container at one depth before any deeper), arrays as a
 * sample of their items (those that differ, the most severe first), collapsed parts
 * labelled with the lines they span in the original text.
 */

import { plural } from "../../excerpt/lines.ts";

export interface Spans {
  /** Original first and last line of each container, in document order. */
  readonly first: Int32Array;
  readonly last: Int32Array;
  /** Index of the first container after each one's subtree. */
  readonly next: Int32Array;
}

/** Line spans of every container, in document order, by one pass over the text. */
export function scanSpans(text: string, firstLine: number): Spans | undefined {
  const first: number[] = [];
  const last: number[] = [];
  const next: number[] = [];
  const stack: number[] = [];
  let line = firstLine;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      else if (c === 10) line++;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 10) line++;
    else if (c === 123 || c === 91) {
      stack.push(first.length);
      first.push(line);
      last.push(line);
      next.push(0);
    } else if (c === 125 || c === 93) {
      const k = stack.pop();
      if (k === undefined) return undefined;
      last[k] = line;
      next[k] = first.length;
    }
  }
  return { first: Int32Array.from(first), last: Int32Array.from(last), next: Int32Array.from(next) };
}

const SEVERITY_KEYS = ["severity", "level", "priority"];
const SEVERITY_WORDS: Record<string, number> = {
  fatal: 5,
  critical: 5,
  error: 4,
  high: 4,
  warning: 3,
  warn: 3,
  moderate: 3,
  medium: 3,
  info: 2,
  low: 2,
  note: 1,
  hint: 1,
};

function severityOf(item: unknown): number {
  if (!item || typeof item !== "object" || Array.isArray(item)) return 0;
  const rec = item as Record<string, unknown>;
  for (const key of SEVERITY_KEYS) {
    const v = rec[key];
    if (typeof v === "number") return v;
    if (typeof v === "string") return SEVERITY_WORDS[v.toLowerCase()] ?? 0;
  }
  return 0;
}

/** Which items of an array to show, most important first: the most severe, one per kind, then in order. */
function sampleIndexes(arr: readonly unknown[], k: number): number[] {
  if (arr.length <= k) return arr.map((_, i) => i);
  const records = arr.length > 0 && arr.every((x) => x && typeof x === "object" && !Array.isArray(x));
  if (!records) {
    // Plain values: the first ones and the last one.
    const out = [];
    for (let i = 0; i < k - 1; i++) out.push(i);
    out.push(arr.length - 1);
    return out;
  }
  // A "kind" key: a string field most items have, with few distinct values.
  const recs = arr as readonly Record<string, unknown>[];
  const probe = recs.slice(0, 200);
  let kindKey: string | undefined;
  let bestDistinct = Number.POSITIVE_INFINITY;
  for (const key of Object.keys(recs[0]!)) {
    const values = new Set<string>();
    let present = 0;
    for (const r of probe) {
      const v = r[key];
      if (typeof v === "string" && v.length <= 60) {
        present++;
        values.add(v);
      }
    }
    if (present >= probe.length * 0.8 && values.size >= 2 && values.size <= Math.max(2, probe.length / 2)) {
      if (values.size < bestDistinct) {
        bestDistinct = values.size;
        kindKey = key;
      }
    }
  }
  const order = arr.map((_, i) => i);
  const severity = arr.map(severityOf);
  order.sort((a, b) => severity[b]! - severity[a]! || a - b);
  const chosen: number[] = [];
  const kinds = new Set<unknown>();
  for (const i of order) {
    if (chosen.length >= k) break;
    const kind = kindKey ? recs[i]![kindKey] : i;
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    chosen.push(i);
  }
  for (const i of order) {
    if (chosen.length >= k) break;
    if (!chosen.includes(i)) chosen.push(i);
  }
  return chosen;
}

/** A value in the excerpt: a leaf, or a container that is collapsed or expanded. */
interface Node {
  readonly value: unknown;
  readonly depth: number;
  /** Position among its parent's shown children (0 = first), for fair expansion. */
  readonly rank: number;
  /** Index in document order among all containers (-1 for leaves). */
  readonly index: number;
  children?: Entry[];
}

/** One line of an expanded container: a child (with its key), or an elision. */
type Entry = { key?: string; node: Node } | { gap: string };

function isContainer(v: unknown): v is object {
  return v !== null && typeof v === "object";
}

/** How a JSON value is written: its separators, where its containers lie in the original text, its limits. */
interface Style {
  readonly pretty: string;
  readonly sep: string;
  readonly spans: Spans | undefined;
}

const maxItems = (depth: number) => (depth <= 2 ? 6 : 4);
const maxKeys = (depth: number) => (depth === 0 ? 80 : depth === 1 ? 40 : 12);
const strLimit = (depth: number) => (depth > 1 ? 60 : 100);

function leaf(v: unknown, depth: number): string {
  if (typeof v !== "string") return JSON.stringify(v) ?? "null";
  const limit = strLimit(depth);
  return JSON.stringify(v.length > limit ? `${v.slice(0, limit)}…` : v);
}

/** Where container k lies in the original (its lines), for the elisions that name it. */
function where(st: Style, k: number): string {
  const spans = st.spans;
  if (!spans || k < 0 || k >= spans.first.length) return "";
  const a = spans.first[k]!;
  const b = spans.last[k]!;
  return b > a ? `, lines ${a}-${b}` : "";
}

const nextContainer = (st: Style, k: number) =>
  st.spans && k >= 0 && k < st.spans.next.length ? st.spans.next[k]! : -1;

function collapsed(st: Style, node: Node): string {
  const v = node.value;
  if (!isContainer(v)) return leaf(v, node.depth);
  const n = Array.isArray(v) ? v.length : Object.keys(v).length;
  if (n === 0) return Array.isArray(v) ? "[]" : "{}";
  return Array.isArray(v)
    ? `[…${plural(n, "item")}${where(st, node.index)}]`
    : `{…${plural(n, "key")}${where(st, node.index)}}`;
}

const lineCost = (st: Style, depth: number) => (st.pretty ? 1 + st.pretty.length * depth : 0) + 1;

/** Children of a node in document order, each with its container index (the next ones skipped over). */
function childMaker(st: Style, node: Node) {
  let k = node.index >= 0 ? node.index + 1 : -1;
  return {
    child(value: unknown, rank: number): Node {
      const index = isContainer(value) ? k : -1;
      if (isContainer(value) && k >= 0) k = nextContainer(st, k);
      return { value, depth: node.depth + 1, rank, index };
    },
    skip(value: unknown): void {
      if (isContainer(value) && k >= 0) k = nextContainer(st, k);
    },
  };
}

/** A sample of an array's items, with an elision for each run left out; the first says how long the array is. */
function openArray(st: Style, node: Node, v: readonly unknown[], items: number): Entry[] {
  const entries: Entry[] = [];
  const { child, skip } = childMaker(st, node);
  let previous = -1;
  let labelled = false;
  const about = () => {
    const text = labelled ? "" : ` of ${v.length}${where(st, node.index)}`;
    labelled = true;
    return text;
  };
  const chosen = sampleIndexes(v, items);
  const rankOf = new Map(chosen.map((i, r) => [i, r]));
  for (const i of [...chosen].sort((a, b) => a - b)) {
    if (i > previous + 1) {
      for (let s = previous + 1; s < i; s++) skip(v[s]);
      entries.push({ gap: `…${plural(i - previous - 1, "item")}${about()}` });
    }
    entries.push({ node: child(v[i], rankOf.get(i)!) });
    previous = i;
  }
  if (previous < v.length - 1)
    entries.push({ gap: `…${plural(v.length - previous - 1, "more item")}${about()}` });
  return entries;
}

/** Children of a container, collapsed. */
function open(st: Style, node: Node, items: number, keyCap: number): Entry[] {
  const v = node.value as object;
  if (Array.isArray(v)) return openArray(st, node, v, items);
  const { child } = childMaker(st, node);
  const rec = v as Record<string, unknown>;
  const keys = Object.keys(rec);
  const count = Math.min(keys.length, keyCap);
  const entries: Entry[] = [];
  for (let n = 0; n < count; n++) entries.push({ key: keys[n]!, node: child(rec[keys[n]!], n) });
  if (count < keys.length)
    entries.push({ gap: `…${plural(keys.length - count, "more key")}${where(st, node.index)}` });
  return entries;
}

function entryCost(st: Style, e: Entry, depth: number): number {
  return (
    lineCost(st, depth + 1) +
    ("gap" in e
      ? e.gap.length
      : (e.key !== undefined ? JSON.stringify(e.key).length + st.sep.length : 0) +
        collapsed(st, e.node).length)
  );
}

/**
 * Breadth-first expansion: every container at depth d is opened (first children of
 * every parent before second ones) before anything at depth d + 1, while it fits.
 */
function expand(st: Style, root: Node, budget: number): void {
  let size = collapsed(st, root).length;
  let level: Node[] = [root];
  while (level.length > 0) {
    level.sort((a, b) => a.rank - b.rank);
    // Open every node of the level narrowly first, then widen them in turn while it fits.
    const spent = new Map<Node, number>();
    for (const [items, keys] of [
      [2, 3],
      [3, 6],
      [maxItems(0), maxKeys(0)],
    ] as const) {
      for (const node of level) {
        if (!isContainer(node.value) || collapsed(st, node).length <= 2) continue;
        const entries = open(
          st,
          node,
          Math.min(items, maxItems(node.depth)),
          Math.min(keys, maxKeys(node.depth)),
        );
        if (node.children && entries.length <= node.children.length) continue;
        let cost = 2 + lineCost(st, node.depth) - collapsed(st, node).length;
        for (const e of entries) cost += entryCost(st, e, node.depth);
        const before = spent.get(node) ?? 0;
        if (size - before + cost > budget) continue;
        size += cost - before;
        spent.set(node, cost);
        node.children = entries;
      }
    }
    const deeper: Node[] = [];
    for (const node of level) for (const e of node.children ?? []) if (!("gap" in e)) deeper.push(e.node);
    level = deeper;
  }
}

function write(st: Style, node: Node, indent: string, out: string[]): void {
  if (!node.children) {
    out.push(collapsed(st, node));
    return;
  }
  const isArray = Array.isArray(node.value);
  const inner = st.pretty ? indent + st.pretty : "";
  const nl = st.pretty ? "\n" : "";
  out.push(isArray ? "[" : "{");
  node.children.forEach((e, n) => {
    out.push(`${n > 0 ? "," : ""}${nl}${inner}`);
    if ("gap" in e) out.push(e.gap);
    else {
      if (e.key !== undefined) out.push(`${JSON.stringify(e.key)}${st.sep}`);
      write(st, e.node, inner, out);
    }
  });
  out.push(`${nl}${indent}${isArray ? "]" : "}"}`);
}

export function renderJson(value: unknown, pretty: string, budget: number, spans?: Spans): string {
  const st: Style = { pretty, sep: pretty ? ": " : ":", spans };
  const root: Node = { value, depth: 0, rank: 0, index: spans ? 0 : -1 };
  expand(st, root, budget);
  const out: string[] = [];
  write(st, root, "", out);
  return out.join("");
}
