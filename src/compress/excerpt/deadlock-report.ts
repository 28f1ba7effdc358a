/**
 * HotSpot's deadlock report: a JVM thread dump (jstack, jcmd Thread.print, a kill -3 in a
 * log) ends, when threads wait on each other, with `Found one Java-level deadlock:` and,
 * for each thread of the cycle, what it waits to lock and which thread holds it
 * (`  waiting to lock monitor 0x… (object 0x…, a com.acme.Account),` then `  which is held
 * by "transfer-worker-2"`), before the stacks of those threads. The lines alike but for
 * their names and addresses read as one template, and the cycle (who waits for whom) was
 * left out while the stacks stayed: the report is the dump's verdict, kept whole from its
 * title to the stacks' heading.
 */

import type { Pick } from "./pack-items.ts";

/** The report's title: `Found one Java-level deadlock:` (HotSpot prints one per cycle). */
const TITLE = /^Found (?:one|\d+) Java-level deadlocks?:$/;
/** Where the report's stacks start: the report ends before it. */
const STACKS = /^Java stack information for the threads listed above:$/;
/** Lines a report is read to hold at most (a cycle of many threads is cut there). */
const MAX = 60;

/** The deadlock reports in lines [from, to], each a pick of `prio` kept from its title. */
export function deadlockReports(lines: readonly string[], from: number, to: number, prio: number): Pick[] {
  const out: Pick[] = [];
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    if (!line.startsWith("Found ") || !TITLE.test(line)) continue;
    let end = i;
    for (let j = i + 1; j <= Math.min(to, i + MAX); j++) {
      if (STACKS.test(lines[j]!)) break;
      if (lines[j]!.trim() !== "") end = j;
    }
    out.push({ from: i, to: end, prio, split: "head" });
    i = end;
  }
  return out;
}
