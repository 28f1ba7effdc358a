/**
 * What a diff's note says of its changed lines, true of what was kept. The changed lines
 * the diff's method promises (changedPicks' facts: each edit made once, an alike edit's
 * first and last) are facts, and facts are packed up to a cap (budget.ts factCap): a diff
 * bigger than that has changed lines cut, and a note saying "every changed line" there
 * would tell the model it saw the whole change (a 42 KB diff showed 244 of its 434 changed
 * lines under that note). So the note says "every changed line" only where each promised
 * line was kept, and otherwise how many of the changed lines are shown.
 */

import { note } from "../../excerpt/framing.ts";
import type { Note } from "../../excerpt/pack.ts";

/**
 * The note `sentence` makes of its words on the changed lines (`every changed line`, or
 * `K of M changed lines shown`), at line `at` with priority `prio`: `promised` are the
 * changed lines the method keeps as facts, `all` every changed line (the M).
 */
export function changedLinesNote(
  sentence: (changedLines: string) => string,
  promised: readonly number[],
  all: readonly number[],
  at: number,
  prio: number,
): Note {
  const some = (k: number) => note(sentence(`${k} of ${all.length} changed lines shown`));
  // The longest form: the budget is charged for it, as a count may grow by a digit.
  const longest = some(all.length);
  return {
    at,
    prio,
    text: longest,
    final: (kept) => {
      if (promised.every(kept)) return note(sentence("every changed line"));
      let k = 0;
      for (const i of all) if (kept(i)) k++;
      return some(k);
    },
    bound: () => longest.length,
  };
}

/**
 * What the note adds of edits shown once: an edit made alike in many places (with its
 * count), an edit made in many places of one file (changedPicks' `alike` and `again`).
 */
export function editsShownOnce(alike: boolean, again: boolean): string {
  return `${alike ? ", each edit made alike in many places once with its count" : ""}${again ? ", each edit made in many places of a file once" : ""}`;
}
