import type { Detector, Hints } from "../../excerpt/types.ts";
import { bareMatches } from "./bare.ts";
import { NOT_AT_DATE, NOT_AT_HOUR } from "./dated-cut.ts";
import { oneFileMatches } from "./one-file.ts";
import { matchesReachOutput } from "./piped-on.ts";
import { SEARCH_WORD } from "./search-command.ts";

export const grep: Detector = {
  name: "grep",
  detect(text: string, hints: Hints): number {
    if (hints.tool === "Grep") return 0.95;
    const head = text.split("\n", 150);
    const mode = modeOf(head);
    const command = isSearch(hints.command);
    // A search's matches without line numbers (`grep -r`, rg into a pipe): bare.ts; a
    // search's over one file, which names none: one-file.ts.
    if (!mode) return command && (bareMatches(head) || oneFileMatches(head, hints.command)) ? 0.9 : 0;
    if (mode === "files") return command ? 0.7 : 0;
    return command ? 0.9 : mode === "content" ? 0.55 : 0.3;
  },
};

/**
 * Whether a command runs a search (grep, egrep, fgrep, ripgrep, ag, ack, git grep) whose
 * matches are its output (piped-on.ts): the program as a word of its own, so `git log
 * --grep=fix` or a path `scripts/grep` is none.
 */
export function isSearch(command: string | undefined): boolean {
  if (command === undefined) return false;
  const m = SEARCH_WORD.exec(command);
  return m !== null && matchesReachOutput(command, m.index);
}

// The path part must look like one (a slash or an extension), so "82:10:cf" hex is not a match;
// a stack's frame (`    at Injector.lookup (/app/injector.js:286:19)`) is none, though its
// `    at Injector.lookup (/app/injector.js` holds a slash; it must not end where a time of day begins (`… 2024-05-30 16:31:02`, git blame -C's line
// with its file name column; `[30/Nov/2026:19:50:51`, an access log's line): dated-cut.ts.
export const MATCH = new RegExp(
  String.raw`^(?!\s+at\s)([^\s:]*[/.][^\s:]*|[^:]*\/[^:]*)${NOT_AT_HOUR}:(\d+):(.*)$`,
);

/** A context line: its path must not end in a date's year (`2026-10-18`: dated-cut.ts). */
export const CONTEXT = new RegExp(String.raw`^([^\s:]*[/.][^\s:]*)${NOT_AT_DATE}-(\d+)-(.*)$`);

/**
 * What a match line and a context line must hold, found by a scan that backtracks nowhere:
 * where a line holds none, MATCH and CONTEXT need not try every split of its first word.
 */
const NUMBERED = /:\d+:/;
const DASHED = /-\d+-/;

export const COUNT = new RegExp(String.raw`^([^\s:]*[/.][^\s:]*|[^:]*\/[^:]*)${NOT_AT_HOUR}:(\d+)$`);

/**
 * Whether a line is a count (COUNT), its end checked first: a match line (`a/b.ts:12:x`)
 * fails COUNT only after trying every split of its path, where its end tells at once.
 */
function isCount(line: string): boolean {
  let k = line.length;
  while (k > 0 && line.charCodeAt(k - 1) >= 48 && line.charCodeAt(k - 1) <= 57) k--;
  return k < line.length && k > 0 && line.charCodeAt(k - 1) === 58 && COUNT.test(line);
}

export const PATH_ONLY = /^(?:\.{0,2}\/|[A-Za-z]:[\\/])?[^\s:]+\.\w+$|^(?:\.{0,2}\/)?[^\s:]+\/[^\s:]+$/;

export type Mode = "content" | "count" | "files";

export function modeOf(lines: readonly string[]): Mode | undefined {
  const head = lines.slice(0, 150);
  // The lines that count, known first: the bound below is a share of them.
  let total = 0;
  for (const line of head) if (line !== "" && line !== "--") total++;
  let content = 0;
  let count = 0;
  let files = 0;
  let other = 0;
  // Each mode's bound is over half the lines: once one mode's count passes it, no other's
  // can, and the lines after decide nothing (a grep's 150 lines are most of them matches).
  for (const line of head) {
    if (line === "" || line === "--") continue;
    if (isCount(line)) {
      if (++count / total > 0.8) return "count";
    } else if ((NUMBERED.test(line) && MATCH.test(line)) || (DASHED.test(line) && CONTEXT.test(line))) {
      if (++content / total > 0.6) return "content";
    } else if (PATH_ONLY.test(line)) {
      if (++files / total > 0.8) return "files";
    } else if (++other >= total * 0.4) {
      // Each mode needs more than 60% of the lines: once 40% are none, no line after can make one.
      return undefined;
    }
  }
  if (total === 0) return undefined;
  if (count / total > 0.8) return "count";
  if (content / total > 0.6) return "content";
  if (files / total > 0.8) return "files";
  return undefined;
}
