/**
 * Stack traces (Python, Node, Java/JVM, Rust, Go): the exception lines and the whole
 * cause chain, the frames in the user's code (library and runtime frames only while
 * the budget lasts), error properties, and what the program printed just before.
 * The same line rules score traces inside logs (see logs.ts).
 */

import { deadlockReports } from "../../excerpt/deadlock-report.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { lastAlikeFirst } from "../../excerpt/last-alike.ts";
import { docOf, excerpt, lastNonBlank, plural, SALIENT, shapeOf } from "../../excerpt/lines.ts";
import type { Pick } from "../../excerpt/pack.ts";
import { causesIn, nextTraceStart, T, traceCount, tracePicks } from "../../excerpt/traces.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";

/** What the program printed before the trace: its last lines, its warnings, its start. */
function beforeTracePicks(doc: Doc, to: number, out: Pick[]): void {
  const { lines } = doc;
  let last = to;
  while (last >= 0 && lines[last]!.trim() === "") last--;
  if (last < 0) return;
  out.push({ from: last, to: last, prio: T.lastBefore });
  out.push({ from: last - 2, to: last - 1, prio: T.lastBefore - 1, split: "tail" });
  out.push({ from: 0, to: 1, prio: 60, split: "head" });
  // Warnings before the crash: the latest of them is a fact, the other kinds context.
  const seen = new Set<string>();
  let latest = -1;
  for (let i = 0; i <= last; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || !SALIENT.test(line)) continue;
    latest = i;
    const shape = shapeOf(line);
    if (seen.has(shape)) continue;
    seen.add(shape);
    out.push({ from: i, to: i, prio: 75 - Math.min(20, seen.size) });
  }
  if (latest >= 0) out.push({ from: latest, to: latest, prio: T.lastBefore });
}

export function tracesExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks: Pick[] = [];
  const start = nextTraceStart(lines, 0);
  if (start >= 0) {
    beforeTracePicks(doc, start - 1, picks);
    tracePicks(doc, start, lines.length - 1, picks);
    lastAlikeFirst(lines, picks, T.exception);
  }
  // A JVM thread dump's deadlock report, who waits for whom: it may stand above the trace
  // found (the stacks it lists come after it) (deadlock-report.ts).
  // Its lines are shown as they are: the engine's count of lines alike (`[×6 like this]`)
  // after one would break the report's lines, each of which it shows.
  const reports = deadlockReports(lines, 0, lines.length - 1, T.exception + 1);
  picks.push(...reports);
  const suffix = new Map<number, string>();
  for (const r of reports)
    for (let i = r.from; i <= r.to; i++) if (lines[i]!.trim() !== "") suffix.set(i, "");
  // The traces printed (a test runner's, one per failure) and the causes they name: one
  // trace's causes are not another's.
  // (Over every line: a runner's failure may be set in, `<failure …>` above its frames, where the trace found starts after it.)
  const traces = start >= 0 ? traceCount(lines, 0, lines.length - 1) : 0;
  const causes = start >= 0 ? causesIn(lines, start, lines.length - 1) : 0;
  // The last line is often the runtime's verdict ("Node.js v20", "exit status 2").
  const last = lastNonBlank(lines);
  if (last >= 0) picks.push({ from: last, to: last, prio: T.more + 1 });
  const kept = `${traces > 1 ? `${traces} exceptions` : "exception"}${causes > 0 ? ` and ${plural(causes, "cause")}` : ""}, user frames`;
  return excerpt("trace", doc, budget, { picks, kept, ...(suffix.size > 0 ? { options: { suffix } } : {}) });
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { trace: tracesExcerpt };
