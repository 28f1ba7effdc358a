/**
 * An output of records separated by rule lines (bandit's findings between `-----` lines, a
 * report's sections) that ends with what it found in all: the lines after the last rule,
 * when few (`Code scanned:`, `Total lines of code: 14937`, the issues by severity). The
 * engine keeps an output's last three lines; a closing block of counts is longer, its
 * lines alike (`Low: 32.0`, `Medium: 7.0`), and was told by its first and last. The engine
 * (engine.ts) ranks by rankClosingSummary.
 */

import { E } from "./priorities.ts";
import { fact, type Work } from "./work.ts";

/** A rule: a line of one dash-like character, 10 or more. */
const RULE = /^\s*(?:-{10,}|={10,}|_{10,}|─{10,}|━{10,})\s*$/;
/** Records: at least this many rules. */
const RULES = 3;
/** The block after the last rule is a summary when it has at most this many lines… */
const LINES = 24;
/** …and characters. */
const CHARS = 1500;

/** Whether a line may be a rule, read without a regex: most lines of most outputs open with a letter. */
function mayBeRule(line: string): boolean {
  if (line.length < 10 || line.length >= 200) return false;
  let k = 0;
  while (k < line.length && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)) k++;
  const c = line.charCodeAt(k);
  return c === 45 || c === 61 || c === 95 || c === 0x2500 || c === 0x2501;
}

/** The non-blank lines after the last rule of an output of ruled records, when they are a short closing block. */
export function closingSummary(lines: readonly string[]): number[] {
  let rules = 0;
  let last = -1;
  for (let i = 0; i < lines.length; i++)
    if (mayBeRule(lines[i]!) && RULE.test(lines[i]!)) {
      rules++;
      last = i;
    }
  if (rules < RULES || lines.length - last - 1 > LINES) return [];
  const after: number[] = [];
  let chars = 0;
  for (let i = last + 1; i < lines.length; i++) {
    if (lines[i]!.trim() === "") continue;
    after.push(i);
    chars += lines[i]!.length;
  }
  return chars <= CHARS ? after : [];
}

/** The closing block of an output of ruled records (closingSummary): facts, as its last lines are. */
export function rankClosingSummary(w: Work): void {
  for (const i of closingSummary(w.lines)) if (!w.facts.has(i)) fact(w, i, i, E.summary, "summary");
}
