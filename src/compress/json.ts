/**
 * JSON: the structure, in the document's own style (compact or indented), with every
 * top-level key, arrays shown by length and a few sample items (items that differ, the
 * most severe first, when the items are records), long strings cut, and collapsed
 * parts labelled with the lines they span in the original.
 */

import { cleanText, resolveCarriageReturns } from "./ansi.ts";
import { plural } from "./common.ts";
import { docOf } from "./doc.ts";
import { genericExcerpt } from "./generic.ts";
import { rareRecords } from "./json-rare.ts";
import { substanceCap } from "./pack.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

/** Larger documents are not parsed (bounded work); the generic excerpt handles them. */
const PARSE_LIMIT = 8_000_000;

interface Spans {
  /** Original first and last line of each container, in document order. */
  readonly first: Int32Array;
  readonly last: Int32Array;
  /** Index of the first container after each one's subtree. */
  readonly next: Int32Array;
}

/** Line spans of every container, in document order, by one pass over the text. */
function scanSpans(text: string, firstLine: number): Spans | undefined {
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

/**
 * Breadth-first expansion: every container at depth d is opened (first children of
 * every parent before second ones) before anything at depth d + 1, while it fits.
 */
function renderJson(value: unknown, pretty: string, budget: number, spans?: Spans): string {
  const sep = pretty ? ": " : ":";
  const maxItems = (depth: number) => (depth <= 2 ? 6 : 4);
  const maxKeys = (depth: number) => (depth === 0 ? 80 : depth === 1 ? 40 : 12);
  const strLimit = (depth: number) => (depth > 1 ? 60 : 100);
  const leaf = (v: unknown, depth: number) => {
    if (typeof v !== "string") return JSON.stringify(v) ?? "null";
    const limit = strLimit(depth);
    return JSON.stringify(v.length > limit ? `${v.slice(0, limit)}…` : v);
  };
  const where = (k: number) => {
    if (!spans || k < 0 || k >= spans.first.length) return "";
    const a = spans.first[k]!;
    const b = spans.last[k]!;
    return b > a ? `, lines ${a}-${b}` : "";
  };
  const next = (k: number) => (spans && k >= 0 && k < spans.next.length ? spans.next[k]! : -1);
  const collapsed = (node: Node): string => {
    const v = node.value;
    if (!isContainer(v)) return leaf(v, node.depth);
    const n = Array.isArray(v) ? v.length : Object.keys(v).length;
    if (n === 0) return Array.isArray(v) ? "[]" : "{}";
    return Array.isArray(v)
      ? `[…${plural(n, "item")}${where(node.index)}]`
      : `{…${plural(n, "key")}${where(node.index)}}`;
  };
  const lineCost = (depth: number) => (pretty ? 1 + pretty.length * depth : 0) + 1;
  // Children of a container, collapsed, with their document-order container indexes.
  const open = (node: Node, items: number, keyCap: number): Entry[] => {
    const v = node.value as object;
    const entries: Entry[] = [];
    let k = node.index >= 0 ? node.index + 1 : -1;
    const child = (value: unknown, rank: number): Node => {
      const index = isContainer(value) ? k : -1;
      if (isContainer(value) && k >= 0) k = next(k);
      return { value, depth: node.depth + 1, rank, index };
    };
    const skip = (value: unknown) => {
      if (isContainer(value) && k >= 0) k = next(k);
    };
    if (Array.isArray(v)) {
      let previous = -1;
      let labelled = false;
      const chosen = sampleIndexes(v, items);
      const rankOf = new Map(chosen.map((i, r) => [i, r]));
      for (const i of [...chosen].sort((a, b) => a - b)) {
        if (i > previous + 1) {
          for (let s = previous + 1; s < i; s++) skip(v[s]);
          // The first gap says how long the array is and where it lies in the original.
          const about = labelled ? "" : ` of ${v.length}${where(node.index)}`;
          labelled = true;
          entries.push({ gap: `…${plural(i - previous - 1, "item")}${about}` });
        }
        entries.push({ node: child(v[i], rankOf.get(i)!) });
        previous = i;
      }
      if (previous < v.length - 1) {
        const about = labelled ? "" : ` of ${v.length}${where(node.index)}`;
        entries.push({ gap: `…${plural(v.length - previous - 1, "more item")}${about}` });
      }
    } else {
      const rec = v as Record<string, unknown>;
      const keys = Object.keys(rec);
      const count = Math.min(keys.length, keyCap);
      for (let n = 0; n < count; n++) entries.push({ key: keys[n]!, node: child(rec[keys[n]!], n) });
      if (count < keys.length)
        entries.push({ gap: `…${plural(keys.length - count, "more key")}${where(node.index)}` });
    }
    return entries;
  };
  const entryCost = (e: Entry, depth: number) =>
    lineCost(depth + 1) +
    ("gap" in e
      ? e.gap.length
      : (e.key !== undefined ? JSON.stringify(e.key).length + sep.length : 0) + collapsed(e.node).length);

  const root: Node = { value, depth: 0, rank: 0, index: spans ? 0 : -1 };
  let size = collapsed(root).length;
  let level: Node[] = [root];
  while (level.length > 0) {
    level.sort((a, b) => a.rank - b.rank);
    const deeper: Node[] = [];
    // Open every node of the level narrowly first, then widen them in turn while it fits.
    const spent = new Map<Node, number>();
    for (const widths of [
      [2, 3],
      [3, 6],
      [maxItems(0), maxKeys(0)],
    ] as const) {
      for (const node of level) {
        if (!isContainer(node.value) || collapsed(node).length <= 2) continue;
        const entries = open(
          node,
          Math.min(widths[0], maxItems(node.depth)),
          Math.min(widths[1], maxKeys(node.depth)),
        );
        if (node.children && entries.length <= node.children.length) continue;
        let cost = 2 + lineCost(node.depth) - collapsed(node).length;
        for (const e of entries) cost += entryCost(e, node.depth);
        const before = spent.get(node) ?? 0;
        if (size - before + cost > budget) continue;
        size += cost - before;
        spent.set(node, cost);
        node.children = entries;
      }
    }
    for (const node of level) {
      for (const e of node.children ?? []) if (!("gap" in e)) deeper.push(e.node);
    }
    level = deeper;
  }

  const out: string[] = [];
  const write = (node: Node, indent: string) => {
    if (!node.children) {
      out.push(collapsed(node));
      return;
    }
    const isArray = Array.isArray(node.value);
    const inner = pretty ? indent + pretty : "";
    const nl = pretty ? "\n" : "";
    out.push(isArray ? "[" : "{");
    node.children.forEach((e, n) => {
      out.push(`${n > 0 ? "," : ""}${nl}${inner}`);
      if ("gap" in e) out.push(e.gap);
      else {
        if (e.key !== undefined) out.push(`${JSON.stringify(e.key)}${sep}`);
        write(e.node, inner);
      }
    });
    out.push(`${nl}${indent}${isArray ? "]" : "}"}`);
  };
  write(root, "");
  return out.join("");
}

/** Where the JSON starts: the first line that opens an object or array. */
function jsonStart(text: string): number {
  let pos = 0;
  for (let n = 0; n < 50 && pos < text.length; n++) {
    const c = text[pos];
    if (c === "{" || c === "[") return pos;
    const nl = text.indexOf("\n", pos);
    if (nl < 0) return -1;
    pos = nl + 1;
  }
  return -1;
}

function jsonExcerpt(text: string, budget: number, name = "json"): Excerpt | undefined {
  if (text.length > PARSE_LIMIT) return undefined;
  const start = jsonStart(text);
  if (start < 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
  const prefix = text.slice(0, start);
  const firstLine = prefix.split("\n").length;
  const body = text.slice(start);
  const nl = body.indexOf("\n");
  const multiline = nl >= 0 && nl < body.trimEnd().length - 1;
  const indent = multiline ? (/\n([ \t]+)\S/.exec(body)?.[1] ?? "  ") : "";
  const spans = multiline ? scanSpans(body, firstLine) : undefined;
  // The lines before the JSON (a warning, a banner) are shown as a terminal shows them,
  // like every other excerpt line: no colour codes, control bytes or carriage returns.
  const head =
    prefix.length > 0 && prefix.length < 300
      ? cleanText(prefix).split("\n").map(resolveCarriageReturns).join("\n")
      : "";
  // The rare items of its arrays of records are substance: they may take the room
  // substance has, after the structure.
  const rare = rareRecords(value, substanceCap(budget, text.length) - budget);
  const rendered = renderJson(value, indent, Math.max(200, budget - head.length), spans);
  const what = Array.isArray(value)
    ? `array of ${plural(value.length, "item")}`
    : value && typeof value === "object"
      ? `object with ${plural(Object.keys(value).length, "key")}`
      : "value";
  const tail = rare.length > 0 ? `\n${rare.join("\n")}` : "";
  const kept = `structure of ${what}, sample items${rare.length > 0 ? ", items with rare values" : ""}`;
  return { text: head + rendered + tail, compressor: name, kept };
}

export const json: Compressor = {
  name: "json",
  detect(text: string, hints: Hints): number {
    const start = jsonStart(text);
    if (start < 0) return 0;
    const body = text.slice(start, start + 2000);
    let score = /^[[{]\s*(?:"[^"\n]{1,200}"\s*:|[[{"\d-]|true|false|null|\]|\})/.test(body) ? 0.7 : 0.2;
    if (
      hints.command &&
      /--json\b|--format[= ]json|\bjq\b|-o json|--output[= ]json|\bcurl\b/.test(hints.command)
    )
      score += 0.2;
    return Math.min(1, score);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    return (
      jsonExcerpt(text, budget) ?? { ...genericExcerpt("json", docOf(text), budget), compressor: "json" }
    );
  },
};
