/**
 * HotSpot's fatal error report (an `hs_err_pid*.log`, or printed with -XX:ErrorFile): a
 * banner of `#` lines, then sections under ruled titles (`---------------  S U M M A R Y
 * ------------`, `T H R E A D`, `P R O C E S S`, `S Y S T E M`), 60 KB and more of
 * registers, memory, code, events and the system. What the crash was is told at the top:
 * the command line and when, the thread that crashed, its frames (`J 9 c1 …amountAt(J)J`,
 * `j  …replayOffheap()V+62`) and the signal with the faulting address (`siginfo: …
 * si_addr: 0x…10`). Read as lines, those were one line each among thousands alike (frames,
 * registers), and the frames of the user's code and the siginfo line were cut: from the
 * summary's title to the registers they are the report's verdict, kept whole.
 */

import type { Pick } from "./pack-items.ts";

/** The summary's ruled title: `---------------  S U M M A R Y ------------`. */
const SUMMARY = /^-{10,}\s+S U M M A R Y\s+-{10,}$/;
/** Where the verdict ends: the crashing thread's registers, or a section past the thread's. */
const END = /^Registers:$|^-{10,}\s+P R O C E S S\s+-{10,}$/;
/** Lines the verdict is read to hold at most (a deep native stack is cut there). */
const MAX = 80;

/** The crash report's verdict in `lines`, a pick of `prio` kept from its top, or none. */
export function crashReportVerdict(lines: readonly string[], prio: number): Pick[] {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith("----------") || !SUMMARY.test(line)) continue;
    let end = i;
    for (let j = i + 1; j < lines.length && j - i <= MAX; j++) {
      if (END.test(lines[j]!)) break;
      if (lines[j]!.trim() !== "") end = j;
    }
    return [{ from: i, to: end, prio, split: "head" }];
  }
  return [];
}
