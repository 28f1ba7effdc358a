/**
 * The fallback: the beginning and the end, lines that look like problems, section
 * titles ("Options:"), and one line of each kind (shallow, unusual lines before deep,
 * repetitive ones such as hex dumps). The omission markers say what was left out.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, headTail, plural, SALIENT, SEVERE, shapeOf } from "../../excerpt/lines.ts";
import type { Pick } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";

/** Problem lines as picks: each distinct shape once (first occurrence), severe ones first. */
function salientPicks(doc: Doc, prio: number, context = 1, limit = 400): { picks: Pick[]; count: number } {
  const { lines } = doc;
  const seen = new Set<string>();
  const picks: Pick[] = [];
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || !SALIENT.test(line)) continue;
    count++;
    const shape = shapeOf(line);
    if (seen.has(shape)) continue;
    seen.add(shape);
    if (picks.length >= limit) continue;
    const severe = SEVERE.test(line);
    picks.push({ from: i, to: i, prio: prio + (severe ? 5 : 0) - Math.min(4, picks.length / 50) });
    if (context > 0) picks.push({ from: i - context, to: i + context, prio: prio - 20, split: "none" });
  }
  return { picks, count };
}

/** Numbers and hex words aside, what kind of line this is. */
function kindOf(line: string): string {
  return line
    .replace(/[0-9a-f]{2}(?::[0-9a-f]{2})+:?/gi, "#")
    .replace(/\b[0-9a-f]*\d[0-9a-f]*\b/gi, "#")
    .replace(/\s+/g, " ")
    .trim();
}

export function genericOf(name: string, doc: Doc, budget: number): Excerpt {
  const { lines } = doc;
  const n = lines.length;
  const { picks, count } = salientPicks(doc, 56);
  picks.push(...headTail(doc, 3, 3, 70, 68));
  // One line of each kind, shallow and rare ones first; titles of sections above all.
  const kinds = new Map<string, number>();
  const firstOf: number[] = [];
  for (let i = 0; i < n; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || line.trim() === "") continue;
    const kind = kindOf(line);
    const seen = kinds.get(kind);
    kinds.set(kind, (seen ?? 0) + 1);
    if (seen === undefined) firstOf.push(i);
  }
  for (const i of firstOf) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    // "Options:", "Disassembly of section .text:"; not "0000000000004030 <getenv@plt>:".
    const title = indent === 0 && /\S:\s*$/.test(line) && line.length < 80 && !/[0-9a-f]{4}/i.test(line);
    const repeats = kinds.get(kindOf(line))!;
    const prio = title ? 64 : 46 - Math.min(12, indent / 2) - Math.min(10, Math.log2(repeats));
    picks.push({ from: i, to: i, prio });
  }
  picks.push(...headTail(doc, 12, 12, 30, 32));
  return excerpt(name, doc, budget, {
    picks,
    kept: count > 0 ? `head, tail, ${plural(count, "notable line")}` : "head, tail, one line of each kind",
  });
}

export function genericExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  return genericOf("generic", docOf(text), budget);
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { generic: genericExcerpt };
