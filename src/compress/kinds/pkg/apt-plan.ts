/**
 * What apt says it will do to the installed system, kept whole where it fits:
 *
 * - A list under `The following packages will be REMOVED:` (or upgraded, newly installed,
 *   kept back) is a list of names the user acts on: its every indented line, not only
 *   the first (a name cut from the middle of it is gone from the excerpt), where it fits:
 *   up to LIST_LINES lines. A longer one (texlive-full's hundreds of new packages) keeps
 *   its first line, the omission marker saying how many lines it leaves out.
 * - A simulated plan's `Remv name [version] [pending ]` line names one package it takes
 *   away and the version that goes; the bracket after it is apt's bookkeeping of what it
 *   still has to take (other names of the same plan), so it is cut with the framing's
 *   `… [+N chars]` after the version. Pure; aptExcerpt makes them facts.
 */

import { cutLine } from "../../excerpt/framing.ts";

/** A list header of what the plan changes (not the autoremove or suggested lists). */
export const PLAN_LIST = /^The following (?:NEW |additional |extra )?packages? (?:will|have)/;

/** A simulated removal: its name and the version it removes, then what is still pending. */
const REMOVAL = /^(?:Remv|Purg) \S+ \[[^\]]+\]/;

/** The most lines a list is kept whole with: a few hundred names, a screenful. */
const LIST_LINES = 40;

/** The indented lines under each plan list header that fits: [first, last] line index pairs. */
export function planLists(lines: readonly string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    if (!PLAN_LIST.test(lines[i]!)) continue;
    let j = i + 1;
    while (j < lines.length && lines[j]!.startsWith("  ")) j++;
    if (j > i + 1 && j - i - 1 <= LIST_LINES) out.push([i + 1, j - 1]);
    i = j - 1;
  }
  return out;
}

/** Each removal line, shown as its name and version (the rest cut and counted). */
export function planRemovals(lines: readonly string[]): Map<number, string> {
  const shown = new Map<number, string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(0) !== 82 && line.charCodeAt(0) !== 80) continue; // R, P
    const m = REMOVAL.exec(line);
    if (m) shown.set(i, cutLine(line, m[0].length));
  }
  return shown;
}
