/**
 * Where a measured series leaves its level and comes back: a meter's rows every tenth of a
 * second (ffmpeg's ebur128: `t: 11.1 … M: -27.8 …`), a monitor's samples, a load test's
 * intervals, each a line of one kind with its numbers in the same places. A field that sits
 * at one level for most rows and stands far from it for a stretch in the middle (a burst of
 * sound from 11.1 s to 14.4 s among 300 rows of -48.6 LUFS) tells when something happened by
 * the rows where the stretch begins and ends and the row where the level is back; the
 * templates hold the rows as one kind, of which the first and last and a few far values show,
 * so the onset showed and the end did not. Those three rows of each such stretch are facts.
 * Pure; the engine ranks them through structure.ts.
 *
 * Only rows that stand together, a field that holds a level (its values near their median:
 * a reading, not a line number or a count), stretches that come back (a level that changes
 * for good is a regime, not an excursion), at most MOST_RUNS in a field (more is a field
 * that wanders), each RUN_MOST of the rows at most.
 */

import { onlyGrow } from "./far-values.ts";
import type { Templates } from "./templates.ts";

/** A kind of at least this many rows is a series. */
const FEWEST_ROWS = 20;
/** At most this many stretches away in one field. */
const MOST_RUNS = 3;
/** A stretch is at least this many rows, and at most this share of them. */
const RUN_FEWEST = 2;
const RUN_MOST = 0.25;
/** Far from the level: past this many median deviations, and this share of the level itself. */
const DEVIATIONS = 4;
const SHARE_OF_LEVEL = 0.25;
/** A level: the field's values deviate from their median by at most this share of it (a meter's reading, not a line number). */
const STEADY = 0.1;
/** A series: its rows stand together, at most this many lines for each (the rows of a log of many kinds are not one). */
const SPREAD = 1.5;
/** Numbers in a row: signed, with their decimals. */
const NUMBER = /-?\d+(?:\.\d+)?/g;

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** Each row's numbers, where every row holds as many; undefined otherwise. */
function fieldsOf(lines: readonly string[], members: readonly number[]): number[][] | undefined {
  const rows: number[][] = [];
  for (const i of members) {
    const row = (lines[i]!.match(NUMBER) ?? []).map(Number);
    if (rows.length > 0 && row.length !== rows[0]!.length) return undefined;
    rows.push(row);
  }
  return rows[0]?.length ? rows : undefined;
}

/** Stretches (first and last index into `values`) far from the field's level that come back. */
function stretchesAway(values: readonly number[]): [number, number][] {
  const sorted = [...values].sort((a, b) => a - b);
  const level = median(sorted);
  const deviation = median(values.map((v) => Math.abs(v - level)).sort((a, b) => a - b));
  if (level === 0 || deviation > STEADY * Math.abs(level)) return [];
  const far = Math.max(DEVIATIONS * deviation, SHARE_OF_LEVEL * Math.abs(level));
  const runs: [number, number][] = [];
  let start = -1;
  for (let j = 0; j <= values.length; j++) {
    const away = j < values.length && Math.abs(values[j]! - level) > far;
    if (away && start < 0) start = j;
    if (away || start < 0) continue;
    // A stretch from the first row is how the series starts; one to the last never comes back;
    // one row alone is a far value (outliers.ts); a long one is a field with no level.
    const length = j - start;
    if (length > values.length * RUN_MOST) return [];
    if (start > 0 && j < values.length && length >= RUN_FEWEST) runs.push([start, j - 1]);
    start = -1;
  }
  return runs.length <= MOST_RUNS ? runs : [];
}

/** The first and last row of each stretch away and the row after it, in every series; [] when none. */
export function excursions(lines: readonly string[], t: Templates): number[] {
  const out = new Set<number>();
  for (const tpl of t.list) {
    const members = tpl.members;
    if (members.length < FEWEST_ROWS || members[members.length - 1]! - members[0]! >= SPREAD * members.length)
      continue;
    const rows = fieldsOf(lines, members);
    if (!rows) continue;
    for (let k = 0; k < rows[0]!.length; k++) {
      const values = rows.map((r) => r[k]!);
      if (onlyGrow(values)) continue;
      for (const [first, last] of stretchesAway(values)) {
        out.add(members[first]!);
        out.add(members[last]!);
        out.add(members[last + 1]!);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}
