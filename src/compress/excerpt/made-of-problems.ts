/**
 * Outputs made of problems (a grep for FATAL, a linter's findings, a log of failures):
 * whether an output is one, and how many alike problem lines the engine then shows one
 * by one (engine.ts).
 */

import type { Doc } from "./doc.ts";
import type { Templates } from "./templates.ts";

/** Alike problem lines shown one by one take at most this many lines in an output made of problems. */
const FEW_LINES = 40;

/**
 * How many alike problem lines are all shown in an output made of problems: `few` while all
 * of them fit in FEW_LINES (a linter's findings: each place is a line to fix), else only
 * as many as a rare kind has, `rare` (a grep for FATAL: each kind is news, each place is not).
 */
export function fewOf(t: Templates, rare: number, few: number): number {
  let shown = 0;
  for (const tpl of t.list)
    if (tpl.strict && tpl.members.length > rare && tpl.members.length <= few) shown += tpl.members.length;
  return shown <= FEW_LINES ? few : rare;
}

/** An output this many lines long or longer, of this share of problem lines, is made of them. */
const MADE_OF_PROBLEMS = { lines: 40, share: 0.8 } as const;

/**
 * Whether nearly every line is a problem (a grep for FATAL, a log of failures): then the
 * word "error" tells nothing apart, and problems are grouped by what they say.
 */
export function madeOfProblems(doc: Doc, problem: Uint8Array): boolean {
  let lines = 0;
  let problems = 0;
  for (let i = 0; i < doc.lines.length; i++) {
    if (doc.lines[i]!.trim() === "") continue;
    lines++;
    problems += problem[i]!;
  }
  return lines >= MADE_OF_PROBLEMS.lines && problems >= lines * MADE_OF_PROBLEMS.share;
}
