/**
 * The start most lines of an output share (`npm error `, `[INFO] `): it names the output,
 * not a part of it. Pure; the problem ranking (rank-problems.ts) reads past it.
 */

import { isSpace } from "./named-values.ts";
import { isProblem } from "./signals.ts";

/** A line's first word or two, each with the blank after it. */
const LEAD = /^\S+ (?:\S+ )?/;
const NOT_BLANK = /\S/;
/** Lines not blank commonLead reads at most. */
const LEAD_LINES = 400;

/**
 * A start most lines share (`npm error `, `[INFO] `): it names the output, not a part of
 * it, so a problem word in it says nothing of any one line. Undefined when none does.
 */
export function commonLead(lines: readonly string[]): string | undefined {
  if (!mayShareLead(lines)) return undefined;
  const counts = new Map<string, number>();
  let total = 0;
  // The lead of the line before when it is two words: a line that starts with them has it too
  // (each word ends at its blank), and is not read again (`migrating batch 1/400`, `… 2/400`).
  let two: string | undefined;
  // Lines in a row of one lead are counted together, the map written once for the run.
  let run: string | undefined;
  let runs = 0;
  for (let i = 0; i < lines.length && total < LEAD_LINES; i++) {
    const line = lines[i]!;
    // Blank (what trim() would leave empty), told without trimming: a trim copies every
    // indented line, and a line that opens with no blank is none (no regex asked).
    if ((line === "" || isSpace(line.charCodeAt(0))) && !NOT_BLANK.test(line)) continue;
    total++;
    const lead = two !== undefined && line.startsWith(two) ? two : LEAD.exec(line)?.[0];
    if (lead === undefined) continue;
    if (lead !== run) {
      if (run !== undefined) counts.set(run, (counts.get(run) ?? 0) + runs);
      run = lead;
      runs = 0;
    }
    runs++;
    two = lead.indexOf(" ") < lead.length - 1 ? lead : undefined;
  }
  if (run !== undefined) counts.set(run, (counts.get(run) ?? 0) + runs);
  let best: string | undefined;
  let most = 0;
  for (const [lead, k] of counts) if (k > most) [best, most] = [lead, k];
  return best !== undefined && most >= Math.max(8, total * 0.4) && isProblem(best) ? best : undefined;
}

/** Adds `by` to what `held` counts of `key`; the count now. */
function count(held: Map<number, number>, key: number, by: number): number {
  const n = (held.get(key) ?? 0) + by;
  held.set(key, n);
  return n;
}

/**
 * Whether enough of the lines commonLead reads may share a lead for one to be found: the
 * lines of one lead share their first word, to the first blank (the lead's first word
 * holds none), so where no first word is held by as many lines as a lead must be (8, and
 * 40% of them), none is; told by a number a line (the word's length, its first, middle
 * and last three characters, hashed), without matching any. A log's lines each open with
 * their own number and time (`3:2026-11-20T08:00:01.468Z`), which one character and the
 * blank's place did not tell apart.
 */
function mayShareLead(lines: readonly string[]): boolean {
  const held = new Map<number, number>();
  let total = 0;
  let most = 0;
  let run = 0;
  let runs = 0;
  for (let i = 0; i < lines.length && total < LEAD_LINES; i++) {
    const line = lines[i]!;
    // Empty or opening with what \s matches: no lead, and blank or not as NOT_BLANK says.
    if (line === "" || isSpace(line.charCodeAt(0))) {
      if (NOT_BLANK.test(line)) total++;
      continue;
    }
    total++;
    // A line without a blank has no lead.
    const blank = line.indexOf(" ");
    if (blank < 0) continue;
    let key = Math.imul(blank ^ line.charCodeAt(0), 0x01000193);
    key = Math.imul(key ^ line.charCodeAt(blank >> 1), 0x01000193);
    for (let k = Math.max(1, blank - 3); k < blank; k++)
      key = Math.imul(key ^ line.charCodeAt(k), 0x01000193);
    // Lines in a row of one key are counted together, the map written once for the run.
    if (key !== run) {
      if (runs > 0) most = Math.max(most, count(held, run, runs));
      run = key;
      runs = 0;
    }
    runs++;
  }
  if (runs > 0) most = Math.max(most, count(held, run, runs));
  return most >= Math.max(8, total * 0.4);
}
