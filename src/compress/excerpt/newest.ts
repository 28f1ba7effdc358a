/**
 * The newest lines of an output whose lines each carry a date and time but are not in
 * time order (git blame, a listing with modification times): who or what changed last is
 * news there, as the end is in a log written in time order (the engine keeps that end).
 */

/** A date and a time of day, as most tools write them (`2025-10-28 08:09:20`, `2025-10-28T08:09`). */
const STAMP = /\b(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/;
/** Share of lines that must carry one, and of changes of time forward that makes it a log. */
const DATED = 0.8;
const IN_ORDER = 0.9;
/**
 * The newest this many times, and of each at most PER_STAMP places: the first line of each
 * run of adjacent lines it stamps (a commit's hunk), not its first lines, which a hunk of
 * three would use up before a change of one line elsewhere in the file.
 */
const STAMPS = 4;
const PER_STAMP = 3;
/** Lines looked at, from the start, to tell whether the output is dated. */
const SAMPLE = 200;

export function newestLines(lines: readonly string[]): number[] {
  const stamps: (string | undefined)[] = new Array(lines.length);
  let seen = 0;
  let dated = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const m = line.length <= 2000 ? STAMP.exec(line) : null;
    if (m) {
      stamps[i] = `${m[1]} ${m[2]}`;
      if (seen < SAMPLE) dated++;
    }
    if (seen < SAMPLE) seen++;
    // The sample decides whether the output is dated: an undated one is not read further.
    else if (dated < seen * DATED) return [];
  }
  if (seen < 10 || dated < seen * DATED) return [];
  let pairs = 0;
  let ordered = 0;
  let last: string | undefined;
  for (const s of stamps) {
    if (s === undefined) continue;
    // Only where the time changes: a commit's adjacent lines share one, and so do a log's
    // lines of one second; counted as in order, they made a blame whose body repeats look
    // like a log.
    if (last !== undefined && s !== last) {
      pairs++;
      if (s > last) ordered++;
    }
    last = s;
  }
  if (ordered >= pairs * IN_ORDER) return [];
  // The newest STAMPS distinct stamps, oldest first, found in one pass (sorting every stamp
  // of a long output cost more than the rest of this together).
  const newest: string[] = [];
  for (const s of stamps) {
    if (s === undefined || newest.includes(s)) continue;
    if (newest.length < STAMPS) newest.push(s);
    else if (s > newest[0]!) newest[0] = s;
    else continue;
    newest.sort();
  }
  const out: number[] = [];
  for (const stamp of newest) {
    let taken = 0;
    let prev: string | undefined;
    for (let i = 0; i < lines.length && taken < PER_STAMP; i++) {
      if (stamps[i] === stamp && prev !== stamp) {
        out.push(i);
        taken++;
      }
      if (lines[i]!.trim() !== "") prev = stamps[i];
    }
  }
  return out.sort((a, b) => a - b);
}
