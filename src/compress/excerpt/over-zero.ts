/**
 * A leading column of counts or shares where nearly every line holds zero: perf annotate's
 * percent beside each instruction (0.00 on 898 of 935), a counter listed per item. Zero
 * there is the background, no value at all; the lines above it are what was measured, and
 * their value is the fact: the largest first. The rules reading a field's rare values
 * (outliers.ts) miss them: the column spans many kinds of line (one per instruction's
 * shape, each too small to be read), the bar of far values is six whole units above a
 * median of 0 (a 3.05% is not past it), and a value a few lines hold (1.02% on three
 * instructions) is told by its first and last line. Pure; the engine (engine.ts) makes
 * them facts.
 */

import { FEW_LINES } from "./far-values.ts";
import { fieldBounds, numberIn, type Printed } from "./fields.ts";

/** The fewest lines with a number first for the column to be read (as leadOutliers reads a first field). */
const FEWEST = 50;

/** The share of those lines that hold zero at least: then zero is the background. */
const BACKGROUND = 0.9;

/**
 * The largest values above zero shown, and the lines that hold each at most: five values
 * (as a table's column shows: rare.ts FAR_ROWS), each of up to a few lines (FEW_LINES),
 * every line shown, as the lines tied on a value are each a thing of their own (an
 * instruction, a counter).
 */
const MOST = 5;

/** How the last number was printed (unread: numberIn wants one). */
const printed: Printed = { decimals: 0 };

/**
 * The lines (those `keep` tells) whose first field is a number above zero where nearly all
 * lines with a plain number there (a digit first) hold zero: the largest five values'
 * lines, each under its own key in `out` (one line a key: the engine shows a key of a
 * line or two whole).
 */
export function overZero(
  lines: readonly string[],
  keep: (i: number) => boolean,
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
): void {
  if (lines.length < FEWEST) return;
  const bounds = new Int32Array(2);
  const above: { v: number; i: number }[] = [];
  let numbers = 0;
  // Lines above zero are at most a tenth of the lines with a number, so of all lines.
  const most = lines.length * (1 - BACKGROUND);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A zero starts with a digit: a line starting otherwise (most lines of most outputs)
    // is none of the column, told before its kind or its field is read.
    let c = bodyAt(i);
    while (line.charCodeAt(c) === 32 || line.charCodeAt(c) === 9) c++;
    const d = line.charCodeAt(c);
    if (!(d >= 48 && d <= 57) || !keep(i) || fieldBounds(line, c, 1, bounds) === 0) continue;
    const v = numberIn(line, bounds[0]!, bounds[1]!, printed);
    if (Number.isNaN(v)) continue;
    numbers++;
    if (v > 0 && above.push({ v, i }) > most) return;
  }
  if (numbers < FEWEST || above.length === 0 || above.length > numbers * (1 - BACKGROUND)) return;
  above.sort((a, b) => b.v - a.v || a.i - b.i);
  let values = 0;
  let ties = 0;
  for (let k = 0; k < above.length; k++) {
    const same = k > 0 && above[k]!.v === above[k - 1]!.v;
    ties = same ? ties + 1 : 1;
    if (!same && ++values > MOST) break;
    if (ties <= FEW_LINES) out.set(`over0:${above[k]!.i}`, [above[k]!.i]);
  }
}
