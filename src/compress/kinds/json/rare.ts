/**
 * The records of a JSON document that are the answer: in an array of objects, an item
 * whose value in a field of categories is rare (an uncollectible invoice among paid
 * ones) is substance. The structure excerpt shows a sample; this adds each such item on
 * one line, with the field's value counts. Pure.
 */

import { rarity } from "../../excerpt/rare.ts";

interface Found {
  /** Where the array is ("data", "" for the document itself). */
  readonly path: string;
  readonly items: readonly Record<string, unknown>[];
}

/** Arrays of at least 8 objects, at the top or one or two keys down. */
function recordArrays(value: unknown, path = "", depth = 0, out: Found[] = []): Found[] {
  if (Array.isArray(value)) {
    if (value.length >= 8 && value.every((x) => x !== null && typeof x === "object" && !Array.isArray(x)))
      out.push({ path, items: value as Record<string, unknown>[] });
    return out;
  }
  if (depth < 2 && value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) recordArrays(v, path ? `${path}.${k}` : k, depth + 1, out);
  }
  return out;
}

const ID_KEY = /^(?:id|uuid|key|name|number|slug|email)$|_id$|Id$/;

/** One item on one line: its id-like fields and the rare ones first, then the rest, cut. */
function oneLine(item: Record<string, unknown>, first: ReadonlySet<string>, max: number): string {
  const keys = Object.keys(item);
  const order = [
    ...keys.filter((k) => ID_KEY.test(k)),
    ...keys.filter((k) => first.has(k) && !ID_KEY.test(k)),
    ...keys.filter((k) => !ID_KEY.test(k) && !first.has(k)),
  ];
  const parts = order.map((k) => `${JSON.stringify(k)}:${JSON.stringify(item[k]) ?? "null"}`);
  const line = `{${parts.join(",")}}`;
  return line.length <= max ? line : `${line.slice(0, max)}…}`;
}

const scalar = (v: unknown): string | undefined =>
  typeof v === "string"
    ? v
    : typeof v === "boolean" || typeof v === "number" || v === null
      ? String(v)
      : undefined;

/** Lines naming each rare value and the items holding it, within `room` characters. */
export function rareRecords(value: unknown, room: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const { path, items } of recordArrays(value)) {
    const keys = Object.keys(items[0]!).filter((k) => items.every((x) => k in x));
    const rows = items.map((x) => keys.map((k) => scalar(x[k]) ?? "\u0000"));
    const { rare, columns } = rarity(rows);
    if (rare.length === 0) continue;
    const fields = new Set(columns.map((c) => keys[c.column]!));
    const where = path ? ` in ${path}` : "";
    const counts = columns
      .map((c) => `${keys[c.column]}: ${c.counts.map(([v, k]) => `${v} ×${k}`).join(", ")}`)
      .join("; ");
    const title = `[${rare.length} of ${items.length} items${where} hold a rare value (${counts}):]`;
    if (used + title.length + 1 > room) break;
    out.push(title);
    used += title.length + 1;
    let shown = 0;
    for (const i of rare) {
      const line = oneLine(items[i]!, fields, 400);
      if (used + line.length + 1 > room - 80) break;
      out.push(line);
      used += line.length + 1;
      shown++;
    }
    if (shown < rare.length) {
      const more = `[… ${rare.length - shown} more items with rare values not shown]`;
      out.push(more);
      used += more.length + 1;
    }
  }
  return out;
}
