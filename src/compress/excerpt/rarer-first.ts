/**
 * The worth of a line of a rare kind, where rare lines are facts: rarer first. In a long
 * output "rare" is relative (up to eight alike among 900 lines of perlcritic), and where the
 * rare lines outgrow the excerpt's cap, which of them go was decided by length alone, so a
 * finding of a kind of its own (`Loop iterator is not lexical`) went before a line of a
 * kind told eight times. A kind of fewer lines is more news; among kinds as rare, a shorter
 * line costs less. Both stay within one step under `top` (the engine's E.rare), above the
 * next kind of fact. Pure.
 */

import { FEW } from "./work.ts";

/** The priority of a line of `chars` characters in a rare kind of `members` lines (FEW at most). */
export function rarerFirst(top: number, chars: number, members: number): number {
  const bySize = (Math.max(1, members) - 1) / FEW;
  return top - 0.5 * Math.min(1, chars / 1000) - 0.5 * Math.min(1, bySize);
}
