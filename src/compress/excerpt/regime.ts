/**
 * Where an output changes regime: after a long stretch of lines of a few recurring kinds
 * (a syslog's ftpd and sshd lines), a run of lines of kinds never seen before (a reboot's
 * kernel lines). The line just before the run says what changed (`syslogd 1.4.1: restart.`),
 * as the lines before a crash say how it came. Pure.
 */
import type { Templates } from "./templates.ts";

/** A run of new kinds this long at least, in lines and as a share of the lines. */
const RUN_LINES = 10;
const RUN_SHARE = 0.1;
/** Lines of kinds seen before end a run when this many come in a row (one of the new regime's kinds may recur). */
const GAP = 3;
/** Share of the lines before the run in kinds of this many lines or more: a recurring background. */
const BACKGROUND = 0.5;
const RECURRING = 3;

/** The line just before the longest run of lines of new kinds, where that run changes a recurring background; -1 where none does. */
export function regimeChange(t: Templates): number {
  const n = t.of.length;
  const seen = new Uint8Array(t.list.length);
  let best = -1;
  let bestLen = 0;
  let start = -1;
  let len = 0;
  let misses = 0;
  let lines = 0;
  for (let i = 0; i < n; i++) {
    const k = t.of[i]!;
    if (k < 0) continue;
    lines++;
    if (!seen[k]) {
      seen[k] = 1;
      if (start < 0) {
        start = i;
        len = 0;
      }
      misses = 0;
      len++;
      if (len > bestLen) {
        bestLen = len;
        best = start;
      }
    } else if (start >= 0 && ++misses > GAP) start = -1;
  }
  if (best <= 0 || bestLen < Math.max(RUN_LINES, lines * RUN_SHARE)) return -1;
  let before = 0;
  let recurring = 0;
  for (let i = 0; i < best; i++) {
    const k = t.of[i]!;
    if (k < 0) continue;
    before++;
    if (t.list[k]!.members.length >= RECURRING) recurring++;
  }
  if (before < RUN_LINES || recurring < before * BACKGROUND) return -1;
  for (let i = best - 1; i >= 0; i--) if (t.of[i]! >= 0) return i;
  return -1;
}
