/**
 * The lines the agent asked about (intent.ts), ranked by how many of them share a kind of
 * line. The intent's words may be held by the fixed text of a whole kind (`resolve` in
 * each of tsc --traceResolution's 170 `Module name 'x' was successfully resolved to …`
 * lines, asked to trace how the modules resolve) as by a rarer one (`Module name
 * 'lodash-es' was not resolved.`). Asked lines are facts of one rank, taken in the order
 * of the output, so the common kind, printed first, filled the cap and the rare outcome
 * after it was cut. Of the lines asked about, those of a kind many of them share are the
 * usual case; those of a rarer kind are the news: the more asked lines a kind holds, the
 * later its lines are taken. All stay facts, above a warning's place (E.errorPlace). Pure.
 */

import type { Templates } from "./templates.ts";

/** A kind holding at most this many asked lines ranks as asked lines always did. */
const FEW = 8;
/** The most an asked line's rank drops (E.asked 3 over MUST, E.errorPlace 2.5). */
const SPAN = 0.4;

/**
 * How far below E.asked each asked line (`asked`, indexes) ranks: 0 for a kind holding
 * few of them, nearing SPAN as its kind holds more (one kind of 165: 0.38; of 64: 0.35).
 */
export function askedDrops(t: Templates, asked: readonly number[]): Map<number, number> {
  const count = new Map<number, number>();
  for (const i of asked) count.set(t.of[i]!, (count.get(t.of[i]!) ?? 0) + 1);
  const drops = new Map<number, number>();
  for (const i of asked) {
    const c = count.get(t.of[i]!)!;
    if (c > FEW) drops.set(i, SPAN * (1 - FEW / c));
  }
  return drops;
}
