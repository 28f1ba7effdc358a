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
import { renderJson, scanSpans } from "./json-render.ts";
import { substanceCap } from "./pack.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

/** Larger documents are not parsed (bounded work); the generic excerpt handles them. */
const PARSE_LIMIT = 8_000_000;

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
