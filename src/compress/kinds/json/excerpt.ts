/**
 * JSON documents (API responses, reports, `--json` outputs): their own lines, whole. The
 * top of the document (its keys and scalars: the count, the cursor, `has_more`) is kept,
 * and of each array of records the first item (the schema, by example) and every item
 * that is the answer: one whose value in a field of categories is rare (the declined
 * payment among paid ones, the failed job), or that names what the agent said it is
 * after. Omitted lines are marked with their numbers. A document on one line (minified)
 * is laid out on lines without changing a character of it (layout.ts), and shown the
 * same way, its omissions counted in lines of that layout.
 */

import { cleanText } from "../../excerpt/ansi.ts";
import { docOf } from "../../excerpt/doc.ts";
import { note } from "../../excerpt/framing.ts";
import { intentLines, intentWords } from "../../excerpt/intent.ts";
import { excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import { isRule, rarity } from "../../excerpt/rare.ts";
import { isProblem } from "../../excerpt/signals.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { genericExcerpt } from "../generic/excerpt.ts";
import { jsonStart } from "./detect.ts";
import { layoutJson } from "./layout.ts";
import { ID_KEY, otherRecordIds } from "./record-ids.ts";
import { scanSpans } from "./spans.ts";

/** Larger documents are not parsed (bounded work); the generic excerpt handles them. */
const PARSE_LIMIT = 8_000_000;

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** A member holding nothing (`"errors": []`, `"error": null`): no problem, whatever its key says. */
const EMPTY_VALUE = /:\s*(?:\[\]|\{\}|null|false|0|"")\s*,?\s*$/;

/** Arrays of at least this many objects are tables of records. */
const RECORDS = 4;
/** An object or list under a top key spanning this many lines or fewer is part of the top. */
const SMALL_LINES = 12;

/** Each line's depth: its indentation in `unit`s. */
function levelsOf(lines: readonly string[], unit: number): Int32Array {
  const depths = new Int32Array(lines.length);
  for (let i = 0; i < lines.length; i++)
    depths[i] = Math.floor((lines[i]!.length - lines[i]!.trimStart().length) / unit);
  return depths;
}

/** The line that closes each line opening a container (`{`, `[` at its end), by depth. */
function closingLines(lines: readonly string[], depths: Int32Array): Int32Array {
  const close = new Int32Array(lines.length).fill(lines.length);
  const open: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    while (open.length > 0 && depths[open[open.length - 1]!]! >= depths[i]!) close[open.pop()!] = i;
    if (/[[{]$/.test(lines[i]!.trimEnd())) open.push(i);
  }
  return close;
}

interface RecordArray {
  /**
   * Its own key, whole ("data", `core/lib/i18n/i18n.js | seconds`; "" for the document
   * itself): a path of keys joined by dots would be a name the document does not hold, and
   * its last dot-part a piece of one (`js | seconds`).
   */
  readonly key: string;
  readonly items: readonly Record<string, Json>[];
  /** The container index (document order) of each item. */
  readonly at: number[];
}

/**
 * Every container in document order (as scanSpans numbers them), and the arrays of
 * records among them, at most three keys down.
 */
function recordArrays(value: Json): RecordArray[] {
  const out: RecordArray[] = [];
  let index = 0;
  const walk = (v: Json, key: string, depth: number): void => {
    if (v === null || typeof v !== "object") return;
    index++;
    if (Array.isArray(v)) {
      const records = v.length >= RECORDS && v.every(isObject) && depth <= 3;
      const at: number[] = [];
      for (const item of v) {
        if (records) at.push(index);
        walk(item, key, depth + 1);
      }
      if (records) out.push({ key, items: v as Record<string, Json>[], at });
      return;
    }
    // An object whose values are records of one layout keyed by name (bandit's metrics per
    // file, `"_totals"` first) is a table of records too.
    const entries = Object.entries(v);
    const records = entries.length >= RECORDS && depth <= 3 && sameLayout(entries.map(([, item]) => item));
    const at: number[] = [];
    for (const [k, item] of entries) {
      if (records) at.push(index);
      walk(item, k, depth + 1);
    }
    if (records) out.push({ key, items: entries.map(([, item]) => item as Record<string, Json>), at });
  };
  walk(value, "", 0);
  return out;
}

/** Whether every value is an object of the same keys, each holding a scalar. */
function sameLayout(values: readonly Json[]): boolean {
  const first = values[0];
  if (!isObject(first)) return false;
  const keys = Object.keys(first).join("\u0000");
  return values.every(
    (x) =>
      isObject(x) &&
      Object.keys(x).join("\u0000") === keys &&
      Object.values(x).every((y) => scalar(y) !== undefined),
  );
}

const scalar = (v: Json): string | undefined =>
  typeof v === "string"
    ? v
    : typeof v === "boolean" || typeof v === "number" || v === null
      ? String(v)
      : undefined;

/**
 * What a list or object value is, as a category: empty or not, and which keys it has (the
 * one result whose `warnings` is not empty, the one record with an extra field).
 */
function shapeOf(v: Json): string {
  if (Array.isArray(v)) return v.length === 0 ? "\u0000[]" : "\u0000[…]";
  if (v !== null && typeof v === "object") return `\u0000{${Object.keys(v).sort().join(",")}}`;
  return "\u0000";
}

/** Fields of an object every item holds under one key, read as fields of the item, at most. */
const NESTED_FIELDS = 16;

/**
 * The fields of the items: each key they all hold and, under a key holding an object in
 * every item (`"total": {"amount": 34621, "currency": "GBP"}`), each key those objects all
 * hold where one value is the rule (isRule: held by two thirds of the items): the one order in GBP among
 * EUR ones is told by a value one level down, but a city or a postal code is only an
 * address's. A nested field is shown by its item's key.
 */
function fieldsOf(
  items: readonly Record<string, Json>[],
): { key: string; of: (x: Record<string, Json>) => Json }[] {
  const keys = Object.keys(items[0]!).filter((k) => items.every((x) => k in x));
  const out = keys.map((k) => ({ key: k, of: (x: Record<string, Json>) => x[k]! }));
  for (const k of keys) {
    if (!items.every((x) => isObject(x[k]))) continue;
    const first = items[0]![k] as Record<string, Json>;
    for (const n of Object.keys(first).filter((n) =>
      items.every((x) => n in (x[k] as Record<string, Json>)),
    )) {
      if (out.length >= keys.length + NESTED_FIELDS) break;
      const of = (x: Record<string, Json>) => (x[k] as Record<string, Json>)[n]!;
      if (isRule(items.map((x) => scalar(of(x)) ?? shapeOf(of(x))))) out.push({ key: k, of });
    }
  }
  return out;
}

/** The items of an array whose value in some field of categories is rare, and the fields. */
function rareItems(items: readonly Record<string, Json>[]): { rare: number[]; fields: string[] } {
  const fields = fieldsOf(items);
  const keys = fields.map((f) => f.key);
  const rows = items.map((x) => fields.map((f) => scalar(f.of(x)) ?? shapeOf(f.of(x))));
  // A field whose values all differ says nothing by a value, but may by its form: 24
  // folders named `shard-NN` and one `thumbnails`. Where one form (digits aside) holds
  // nearly every value, a value of another form is rare like a rare category.
  const forms = fields.flatMap((_, c) => {
    // Of text only: a number's digits are its value, not its form.
    if (!items.every((x) => typeof fields[c]!.of(x) === "string")) return [];
    const form = rows.map((r) => r[c]!.replace(/\d+/g, "0"));
    const counts = new Map<string, number>();
    for (const f of form) counts.set(f, (counts.get(f) ?? 0) + 1);
    const top = Math.max(...counts.values());
    return counts.size > 1 && top < rows.length && top >= rows.length * ONE_FORM ? [{ c, form }] : [];
  });
  const widened = forms.length > 0 ? rows.map((r, i) => [...r, ...forms.map((f) => f.form[i]!)]) : rows;
  const { rare, columns, far } = rarity(widened);
  const keyOf = (c: number) => keys[c < keys.length ? c : forms[c - keys.length]!.c]!;
  return { rare, fields: [...new Set([...columns.map((c) => keyOf(c.column)), ...far.map(keyOf)])] };
}

/** One form (digits aside) of a field's values this common makes a value of another form rare. */
const ONE_FORM = 0.9;

/** The items whose text holds a word of the agent's intent (when few do). */
function askedItems(items: readonly Record<string, Json>[], intent: string | undefined): number[] {
  const words = intentWords(intent);
  if (words.length === 0) return [];
  const texts = items.map((x) => JSON.stringify(x).toLowerCase());
  const out = new Set<number>();
  for (const w of words) {
    const hits = texts.flatMap((t, i) => (t.includes(w) ? [i] : []));
    if (hits.length > 0 && hits.length <= Math.max(3, items.length * 0.25)) for (const i of hits) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The lines of a record that are the answer: its opening and closing, its own ids, the
 * fields whose values are rare, and lines that name what the agent is after with the keys
 * they sit under; the rest of the record as room allows.
 */
function recordPicks(
  lines: readonly string[],
  from: number,
  to: number,
  fields: ReadonlySet<string>,
  intent: string | undefined,
  picks: Pick[],
): void {
  const depth = (i: number) => lines[i]!.length - lines[i]!.trimStart().length;
  const own = depth(from + 1 <= to ? from + 1 : from);
  const fact = (i: number) => picks.push({ from: i, to: i, prio: MUST + 2 });
  fact(from);
  fact(to);
  // Within one record, a word of the intent may stand on several of its lines.
  const asked = new Set(intentLines(lines.slice(from, to + 1), intent, () => true, 0.3).map((k) => k + from));
  for (let i = from + 1; i < to; i++) {
    const t = lines[i]!.trimStart();
    const key = /^"([^"]+)":/.exec(t)?.[1];
    const mine = depth(i) === own;
    const rareField = mine && key !== undefined && fields.has(key);
    if ((mine && ID_KEY.test(t)) || rareField || asked.has(i)) {
      fact(i);
      // A rare value that is a list or an object is the answer whole (the one warning in it).
      if (rareField && /[[{]$/.test(t)) {
        let k = i + 1;
        for (; k < to && depth(k) > depth(i); k++) fact(k);
        if (k < to) fact(k);
        i = k;
        continue;
      }
      // The keys it sits under inside the record.
      for (let k = i - 1, d = depth(i); k > from && d > own; k--)
        if (depth(k) < d) {
          fact(k);
          d = depth(k);
        }
    } else picks.push({ from: i, to: i, prio: 60 });
  }
}

interface Parsed {
  readonly value: Json;
  /** The text whose lines are shown: the document as it came, or pretty-printed when it was on one line. */
  readonly text: string;
  /** Where the document ends in `text` (the lines after it are what followed it). */
  readonly end: number;
  readonly pretty: boolean;
}

/** Lines after a document (curl -w's `HTTP 200`, a script's `exit code: 1`), at most this many. */
const TRAILER_LINES = 3;

/**
 * The document from `start` and where it ends: the whole rest of the text, or all but its
 * last few lines when a line of text follows the document (they stay shown after it).
 */
function documentFrom(text: string, start: number): { value: Json; end: number } | undefined {
  const attempt = (end: number) => {
    try {
      return { value: JSON.parse(text.slice(start, end)) as Json, end };
    } catch {
      return undefined;
    }
  };
  const whole = attempt(text.length);
  if (whole) return whole;
  // A document printed with no newline at its end runs into the line printed after it
  // (`}exit code: 1` of `bandit -f json; echo "exit code: $?"`, a curl body): it ends at
  // the last bracket, where only that line follows.
  const bracket = Math.max(text.lastIndexOf("}"), text.lastIndexOf("]"));
  if (
    bracket > start &&
    !text
      .slice(bracket + 1)
      .trimEnd()
      .includes("\n")
  ) {
    const glued = attempt(bracket + 1);
    if (glued) return glued;
  }
  let end = text.trimEnd().length;
  for (let n = 0; n < TRAILER_LINES; n++) {
    end = text.lastIndexOf("\n", end - 1);
    if (end <= start) return undefined;
    if (/[\]}]\s*$/.test(text.slice(Math.max(start, end - 20), end))) {
      const cut = attempt(end);
      if (cut) return cut;
    }
  }
  return undefined;
}

function parse(text: string): Parsed | undefined {
  if (text.length > PARSE_LIMIT) return undefined;
  const start = jsonStart(text);
  if (start < 0) return undefined;
  const found = documentFrom(text, start);
  if (!found) return undefined;
  const { value, end } = found;
  if (value === null || typeof value !== "object") return undefined;
  const body = text.slice(start, end).trimEnd();
  let lines = 1;
  for (let nl = body.indexOf("\n"); nl >= 0; nl = body.indexOf("\n", nl + 1)) lines++;
  // On a line or a few: minified; its lines would be too long to read or to cut.
  if (lines >= 4 && body.length / lines < 400) return { value, text, end, pretty: false };
  const laid = layoutJson(body) ?? JSON.stringify(value, null, 2);
  const head = cleanText(text.slice(0, start));
  return { value, text: `${head}${laid}${text.slice(end)}`, end: head.length + laid.length, pretty: true };
}

function jsonExcerptOf(text: string, hints: Hints, budget: number): Excerpt | undefined {
  const parsed = parse(text);
  if (!parsed) return undefined;
  const doc = docOf(parsed.text);
  const { lines } = doc;
  const start = jsonStart(parsed.text);
  const firstLine = parsed.text.slice(0, start).split("\n").length;
  const spans = scanSpans(parsed.text.slice(start, parsed.end), firstLine - 1);
  if (!spans) return undefined;
  const picks: Pick[] = [];
  const notes: Note[] = [];
  // The top of the document: what is not inside a table of records (its keys, counts, cursors).
  const arrays = recordArrays(parsed.value);
  const inside = new Uint8Array(lines.length);
  for (const a of arrays)
    for (const c of a.at) for (let l = spans.first[c]!; l <= spans.last[c]!; l++) inside[l] = 1;
  const unit = /\n([ \t]+)\S/.exec(parsed.text.slice(start, parsed.end))?.[1]?.length ?? 2;
  // The opener each line sits in (`{` alone on its line: an item of a short array, whose
  // keys are the top's too, like the eslint report's one object per file).
  const openers: number[] = [];
  const depths = levelsOf(lines, unit);
  const close = closingLines(lines, depths);
  for (let i = 0; i < lines.length; i++) {
    const depth = depths[i]!;
    openers.length = Math.min(openers.length, depth);
    if (!inside[i] && lines[i]!.length < 2000) {
      const item = depth === 2 && lines[openers[1] ?? -1]?.trim() === "{";
      // A small object or list under a top key (`"summary": {…}`, `"warnings": [ "…" ]`)
      // is the top's too: its counts and messages are what the document says of itself.
      const small = depth === 2 && openers[1] !== undefined && close[openers[1]]! - openers[1] <= SMALL_LINES;
      // Its keys and what they hold at the top; deeper, as room allows.
      const prio =
        depth <= 1 || item ? MUST + 4 : small ? MUST + 3 : depth === 2 ? 70 : 50 - Math.min(20, depth);
      picks.push({ from: i, to: i, prio });
      // A problem however deep (`"invalid": "…"` in a dependency tree) is the answer, with
      // the keys it sits under.
      if (depth > 1 && isProblem(lines[i]!) && !EMPTY_VALUE.test(lines[i]!)) {
        picks.push({ from: i, to: i, prio: MUST + 1 });
        for (let d = depth - 1; d >= 1; d--)
          if (openers[d] !== undefined) picks.push({ from: openers[d]!, to: openers[d]!, prio: MUST + 1 });
      }
    }
    if (/[[{]$/.test(lines[i]!)) openers[depth] = i;
  }
  let shownItems = 0;
  let rareCount = 0;
  let askedAny = false;
  for (const a of arrays) {
    const span = (k: number) => [spans.first[a.at[k]!]!, spans.last[a.at[k]!]!] as const;
    // The first item shows what a record holds.
    const [f0, f1] = span(0);
    picks.push({ from: f0, to: f1, prio: 92, split: "head" });
    const { rare, fields } = rareItems(a.items);
    const asked = askedItems(a.items, hints.intent);
    const answer = [...new Set([...rare, ...asked])].sort((x, y) => x - y);
    for (const k of answer) {
      const [from, to] = span(k);
      recordPicks(lines, from, to, new Set(fields), hints.intent, picks);
    }
    for (const id of otherRecordIds(lines, a.items.length, span, answer)) picks.push(named(id));
    shownItems += answer.length + 1;
    rareCount += answer.length;
    if (asked.length > 0) askedAny = true;
    const where = a.key ? ` in ${a.key}` : "";
    const why = [
      fields.length > 0 ? `a rare ${fields.join(", ")}` : "",
      asked.length > 0 ? "what was asked for" : "",
    ]
      .filter(Boolean)
      .join(" or ");
    notes.push({
      at: f0,
      text: note(
        `${plural(a.items.length, "item")}${where}: the first${answer.length > 0 ? `, and ${answer.length} with ${why}` : ""}`,
      ),
      prio: MUST + 5,
    });
  }
  return excerpt("json", doc, budget, {
    picks,
    notes,
    kept: arrays.length > 0 ? keptItems(shownItems, rareCount, askedAny) : "the document's top",
    options: parsed.pretty ? { markers: "count" } : {},
    engine: false,
    hints,
    sourceSize: text.length,
  });
}

/** A record's id line (record-ids.ts: every other record's name, where the records are few): a fact. */
const named = (id: number): Pick => ({ from: id, to: id, prio: MUST });

/** The header's items: each array's first is counted too, so not all of them are rare. */
function keptItems(shown: number, rare: number, asked: boolean): string {
  const why = rare > 0 ? ` and ${rare} with rare values${asked ? " or asked for" : ""}` : "";
  return `the document's top, ${shown} items (each array's first${why})`;
}

export function jsonExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  return jsonExcerptOf(text, hints, budget) ?? genericExcerpt(text, hints, budget);
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { json: jsonExcerpt };
