/**
 * The last of many exception lines alike but for their numbers (a loop's `hold seat 161
 * for s0061 failed: … MISCONF …`, the 62nd of 62, each under its stack and a 10 KB argument):
 * taken in the order of the output, the first fifty filled the room and the last, where the
 * loop gave up, was cut. The ones between go just under the first and the last, so the last
 * is kept before them, as a frequent kind's first and last are. Pure: it rewrites picks.
 */

import { shapeOf } from "./lines.ts";
import type { Pick } from "./pack-items.ts";

/** Alike exception lines from this many on have a middle to put after their last. */
const MANY = 3;

/** Of the one-line picks at `prio` alike but for their numbers (shapeOf), MANY or more, the middle ones just under `prio`. */
export function lastAlikeFirst(lines: readonly string[], picks: Pick[], prio: number): void {
  const byShape = new Map<string, number[]>();
  for (let k = 0; k < picks.length; k++) {
    const p = picks[k]!;
    if (p.prio !== prio || p.from !== p.to) continue;
    const shape = shapeOf(lines[p.from]!);
    const at = byShape.get(shape);
    if (at) at.push(k);
    else byShape.set(shape, [k]);
  }
  for (const at of byShape.values()) {
    if (at.length < MANY) continue;
    at.sort((a, b) => picks[a]!.from - picks[b]!.from);
    for (let j = 1; j < at.length - 1; j++) picks[at[j]!] = { ...picks[at[j]!]!, prio: prio - 0.5 };
  }
}
