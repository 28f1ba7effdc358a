/**
 * Outlines of what is not code, for a file read whole: prose by its headings (and the
 * first sentence under the top ones), data files by their shallow keys (lockfiles:
 * lockfile.ts). Pure.
 */

import type { Doc } from "../../excerpt/doc.ts";
import type { Pick } from "../../excerpt/pack.ts";

const HEADING = /^ {0,3}(#{1,6})\s+\S/;
/** A code fence: 3 or more backticks or tildes, set in by 3 blanks at most, and what follows. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

export function prosePicks(doc: Doc, picks: Pick[]): number {
  const { lines } = doc;
  let headings = 0;
  // The open fence: only a line of its own character, as long or longer and set in by 3
  // blanks at most, closes it (a `~~~~` underline in a ``` block of compiler output does not).
  let fence = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && f[2]!.trim() === "") fence = "";
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    const h = HEADING.exec(line);
    let level = h ? h[1]!.length : 0;
    // Setext headings: a line underlined with === or ---.
    if (
      !h &&
      i + 1 < lines.length &&
      line.trim() !== "" &&
      /^(?:=+|-+)\s*$/.test(lines[i + 1]!) &&
      lines[i + 1]!.length >= 3
    ) {
      level = lines[i + 1]!.startsWith("=") ? 1 : 2;
    }
    if (level === 0) continue;
    headings++;
    picks.push({ from: i, to: i, prio: 96 - level * 5 });
    // The first sentence under a top heading says what the section is.
    if (level <= 2) {
      let k = i + 1;
      while (k < lines.length && (lines[k]!.trim() === "" || /^(?:=+|-+)\s*$/.test(lines[k]!))) k++;
      if (k < lines.length && !HEADING.test(lines[k]!)) picks.push({ from: k, to: k, prio: 45 - level });
    }
  }
  return headings;
}

/** Data files (JSON, YAML, TOML…): keys by depth, shallow first; among many, shorter keys first. */
export function dataPicks(doc: Doc, picks: Pick[]): number {
  const { lines } = doc;
  let unit = 0;
  for (const line of lines) {
    const m = /^( +|\t+)\S/.exec(line);
    if (m) {
      unit = m[1]!.length;
      break;
    }
  }
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trimStart();
    if (trimmed === "" || /^[\]}),]+$/.test(trimmed) || trimmed.startsWith("#")) continue;
    const depth = unit > 0 ? Math.round((line.length - trimmed.length) / unit) : 0;
    const key = /^"?([^":=]+)"?\s*[:=]/.exec(trimmed) ?? /^\[([^\]]+)\]/.exec(trimmed);
    if (!key && depth > 0) continue;
    keys++;
    const length = key ? key[1]!.length + (key[1]!.match(/[/.@]/g)?.length ?? 0) * 8 : 40;
    const opens = /[[{]\s*$/.test(trimmed) ? 4 : 0;
    picks.push({ from: i, to: i, prio: 94 - depth * 16 + opens - Math.min(20, length / 4) });
  }
  return keys;
}
