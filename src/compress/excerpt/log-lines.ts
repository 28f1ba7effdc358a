/**
 * Matched log lines without their decoration: a leading timestamp is left out (each
 * file's first and last are said once), and lines that differ in one word are shown as
 * one brace line (brace-lines.ts). Shared by grep over logs (grep.ts) and `grep -n` of one log.
 */

import { braceCollapse } from "./brace-lines.ts";
import { MUST, type Note, type Pick } from "./pack.ts";

/** A log level that says something failed (the word near the start of the line). */
export const ERROR_LEVEL = /\b(?:ERROR|ERR|FATAL|CRITICAL|CRIT|ALERT|EMERG|SEVERE|PANIC)\b/;
/** A log level that warns (the word near the start of the line). */
export const WARN_LEVEL = /\b(?:WARN|WARNING)\b/;

/** The level word of an error or warning line (near its start), or undefined. */
export function problemLevel(line: string): string | undefined {
  const head = line.slice(0, 80);
  return (ERROR_LEVEL.exec(head) ?? WARN_LEVEL.exec(head))?.[0];
}

/** A timestamp that opens a log line (ISO, syslog, or time of day), with its brackets. */
const STAMP =
  /^\[?(?:\d{4}[-/]\d\d[-/]\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?|\w{3} [ \d]\d \d\d:\d\d:\d\d|\d\d:\d\d:\d\d(?:[.,]\d+)?)\]?\s+/;

/** The longest brace line: past it a group is shown as several (the excerpt shows lines this long whole). */
export const BRACE_LINE = 600;

/** A line's text without its leading timestamp, and the timestamp. */
export function unstamped(text: string): { body: string; stamp: string } {
  const m = STAMP.exec(text);
  return m ? { body: text.slice(m[0].length), stamp: m[0].trim() } : { body: text, stamp: "" };
}

/** Lines that may be collapsed together, by line index and text after any prefix. */
export interface Section {
  readonly at: number[];
  readonly text: string[];
}

export interface Collapse {
  readonly picks: Pick[];
  readonly display: Map<number, string>;
  /** Which shown line (index) stands for each line it collapsed. */
  readonly headOf: Map<number, number>;
  readonly groups: number;
}

function severity(body: string): number {
  const head = body.slice(0, 80);
  return ERROR_LEVEL.test(head) ? 2 : WARN_LEVEL.test(head) ? 1 : 0;
}

/**
 * The lines of each section without timestamps, collapsed by brace groups; each shown
 * line is a pick (errors first, then warnings, then the rest in order) and a display.
 * A line shown alone is shown as it was; a brace line is the text alone, so that each
 * of its expansions is exactly (a part of) a line of the output.
 */
export function collapseSections(sections: readonly Section[]): Collapse {
  const picks: Pick[] = [];
  const display = new Map<number, string>();
  const headOf = new Map<number, number>();
  let groups = 0;
  for (const s of sections) {
    const bodies = s.text.map((t) => unstamped(t).body);
    for (const g of braceCollapse(bodies, BRACE_LINE)) {
      const head = s.at[g.members[0]!]!;
      for (const m of g.members) headOf.set(s.at[m]!, head);
      if (g.members.length > 1) display.set(head, g.text);
      const level = severity(g.text);
      // Within a level, the lines that stand for most lines first.
      const many = Math.min(0.9, (g.members.length - 1) / 20);
      const prio =
        level === 2 ? MUST + 5 + many : level === 1 ? MUST + 2 + many : 70 - Math.min(20, groups / 10);
      picks.push({ from: head, to: head, prio });
      groups++;
    }
  }
  return { picks, display, headOf, groups };
}

/** `first … last` of the stamps of a section's lines, or "" when they carry none. */
export function stampRange(texts: readonly string[]): string {
  let first = "";
  let last = "";
  for (const t of texts) {
    const { stamp } = unstamped(t);
    if (!stamp) continue;
    if (!first) first = stamp;
    last = stamp;
  }
  return first ? (first === last ? first : `${first} … ${last}`) : "";
}

/** The note that says how the lines were collapsed, when any were. */
export function collapseLegend(c: Collapse, stamps: boolean): Note[] {
  if (c.headOf.size === c.groups) return [];
  const text = `[lines alike but for one word${stamps ? " (and the timestamp)" : ""}: shown once, its values in braces, as bash expands them]`;
  return [{ at: 0, text, prio: MUST + 9 }];
}
