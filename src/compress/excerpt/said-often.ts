/**
 * Among problems each told whole, the places of a message said fewer times first. mcs after a
 * rename (fresh26): `error CS1061: … does not contain a definition for `Weight'` at 66 places
 * came first in the output, and under the cap they took the room in order, so the last three
 * of the eight `error CS0019: Operator `*' cannot be applied to operands of type `decimal'
 * and `double'` (another trouble, another fix) were cut. A message's every place is still
 * something to fix (said-again.ts leaves an error its rank): only which of equal rank goes
 * first changes, the message said least first. Pure.
 */

import { byMessage } from "./said-again.ts";
import { FEW } from "./work.ts";

/** Under its rank, a further place of a message goes this much lower: less than half a point. */
export const OFTEN_SAID_DROP = 0.4;

/**
 * Of `told` (problem lines each told whole), the places past the first FEW of a message
 * more than half of them say: each goes OFTEN_SAID_DROP under its rank, after the places
 * of every other message. Lines saying no message read apart (said-again.ts) are none.
 */
export function saidOften(
  lines: readonly string[],
  told: readonly number[],
  bodyAt?: (i: number) => number,
): Set<number> {
  const often = new Set<number>();
  if (told.length <= FEW) return often;
  for (const list of byMessage(lines, told, bodyAt, true).values())
    if (2 * list.length > told.length) for (let k = FEW; k < list.length; k++) often.add(list[k]!);
  return often;
}
