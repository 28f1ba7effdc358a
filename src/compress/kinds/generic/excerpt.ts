/**
 * An output of a kind no detector knows: the engine's ranking alone (problems with what
 * locates them, rare lines, the end, each frequent kind of line once with its count),
 * and the titles of its sections ("Options:"), which say what a help text or a report holds.
 */

import { crashReportVerdict } from "../../excerpt/crash-report.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { rank } from "../../excerpt/engine.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import { rankedPicks } from "../../excerpt/ranked.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";

/** "Options:", "Disassembly of section .text:"; not "0000000000004030 <getenv@plt>:". */
function isTitle(line: string): boolean {
  return /^\S.{0,78}:\s*$/.test(line) && !/[0-9a-f]{4}/i.test(line);
}

/** A title said this many times, but for its numbers, heads records, not sections of an outline. */
const RECORD_TITLES = 3;

/**
 * A help text (`node --help`, `man tar`, a first line `Usage: …`): it describes errors and
 * warnings, it reports none, and its section titles are its outline.
 */
function isHelp(doc: Doc, command: string | undefined): boolean {
  const last = command?.split(/\|/).shift() ?? "";
  if (/(?:^|\s)(?:--help|-h|-\?|help)(?=\s|$)|^\s*(?:man|info)\s/.test(last)) return true;
  const first = doc.lines.find((l) => l.trim() !== "") ?? "";
  return /^\s*usage:/i.test(first);
}

export function genericOf(name: string, doc: Doc, budget: number, hints: Hints): Excerpt {
  const help = isHelp(doc, hints.command);
  // What the agent said it ran the command for picks lines here as in every kind.
  const ranking = rank(doc, { ...(help ? { problemWords: false } : {}), intent: hints.intent });
  const picks: Pick[] = [];
  const titles = doc.lines.flatMap((line, i) => (isTitle(line) ? [i] : []));
  // An outline's titles each name their section (`Disassembly of section .text:`); one said
  // over and over with other numbers at most (shellcheck's `In f line N:` and `Did you
  // mean:` above each finding) names none: it heads each record, and the engine tells
  // that kind by its first and last.
  const said = new Map<string, number>();
  const words = (i: number) => doc.lines[i]!.replace(/\d+/g, "#");
  for (const i of titles) said.set(words(i), (said.get(words(i)) ?? 0) + 1);
  for (const i of titles)
    if (help || said.get(words(i))! < RECORD_TITLES) picks.push({ from: i, to: i, prio: help ? 104 : 95 });
  // A JVM's crash report: what crashed, where and on what signal (crash-report.ts), shown
  // as it is, without the engine's count of lines alike after its frames.
  const verdict = crashReportVerdict(doc.lines, MUST + 10);
  picks.push(...verdict);
  const suffix = new Map<number, string>();
  for (const v of verdict)
    for (let i = v.from; i <= v.to; i++) if (doc.lines[i]!.trim() !== "") suffix.set(i, "");
  // A ranking (`sort -rn`, `nm --size-sort`) is read from its sorted end, as in a table.
  picks.push(...rankedPicks(doc.lines, 0, doc.lines.length - 1, hints.command));
  const what = [plural(ranking.templates.list.length, "kind"), "of line"].join(" ");
  return excerpt(name, doc, budget, {
    picks,
    ...(suffix.size > 0 ? { options: { suffix } } : {}),
    kept: ranking.problems > 0 ? `${what}, ${plural(ranking.problems, "problem line")}` : `${what}, the end`,
    engine: { ranking },
    hints,
  });
}

export function genericExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  return genericOf("generic", docOf(text), budget, hints);
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { generic: genericExcerpt };
