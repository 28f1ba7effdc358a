/**
 * Lines a shape rule (structure.ts) finds that the engine ranked already only for their rare
 * kind (engine.ts rankRare, `rare`): a rare kind's worth sits under E.rare, and whether rare
 * lines are facts at all turns on how many lines repeat (rare-facts.ts), which grows with
 * the output. A longer run of the same tool (cmake's find-debug log with four times the
 * searches) makes every rare line a fact, and the tool's narration between the blocks
 * (`-- Found ZLIB: …`), ranked at E.rare by its rule in the shorter run, then stood at its
 * rare kind's worth among a thousand others and was cut. Such a line takes the worth of the
 * rule that found it: an output twice as long holds the same facts, ranked as before.
 */
import type { Work } from "./work.ts";

/** Each ranking's answer, read once: at the first shape rule that asks. */
const known = new WeakMap<Work, Map<number, number>>();

/** The worth of each line ranked only as a line of a rare kind (its `rare` pick), by line. */
export function rarityRanked(w: Work): Map<number, number> {
  const was = known.get(w);
  if (was) return was;
  const worth = new Map<number, number>();
  known.set(w, worth);
  for (const p of w.picks) {
    if (p.why !== "rare") continue;
    const before = worth.get(p.to);
    if (before === undefined || p.prio > before) worth.set(p.to, p.prio);
  }
  return worth;
}
