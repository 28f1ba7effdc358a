/**
 * JSON: the structure, in the document's own style (compact or indented), with every
 * top-level key, arrays shown by length and a few sample items (items that differ, the
 * most severe first, when the items are records), long strings cut, and collapsed
 * parts labelled with the lines they span in the original.
 */

import { cleanText, resolveCarriageReturns } from "../../excerpt/ansi.ts";
import { docOf } from "../../excerpt/doc.ts";
import { plural } from "../../excerpt/lines.ts";
import { substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { genericOf } from "../generic/excerpt.ts";
import { jsonStart } from "./detect.ts";
import { rareRecords } from "./rare.ts";
import { renderJson, scanSpans } from "./render.ts";

/** Larger documents are not parsed (bounded work); the generic excerpt handles them. */
const PARSE_LIMIT = 8_000_000;

function parsedExcerpt(text: string, budget: number, name = "json"): Excerpt | undefined {
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

export function jsonExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  return parsedExcerpt(text, budget) ?? { ...genericOf("json", docOf(text), budget), compressor: "json" };
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { json: jsonExcerpt };
