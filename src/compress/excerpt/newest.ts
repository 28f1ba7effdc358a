import { FN_DECL, TYPE_DECL } from "./declarations.ts";

/**
 * The newest lines of an output whose lines each carry a date and time but are not in
 * time order (git blame, a listing with modification times): who or what changed last is
 * news there, as the end is in a log written in time order (the engine keeps that end).
 */

/** A date and a time of day, as most tools write them (`2025-10-28 08:09:20`, `2025-10-28T08:09`). */
const STAMP = /\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?/;
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
  // Each line's stamp as a number that sorts as its text `date time` does (stampAt); NaN: none.
  const stamps = new Float64Array(lines.length).fill(Number.NaN);
  // Which lines are not blank (1), read once: the newest stamps' lines are looked for by it.
  const filled = new Uint8Array(lines.length);
  let seen = 0;
  let dated = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!NOT_BLANK.test(line)) continue;
    filled[i] = 1;
    const at = line.length <= 2000 ? line.search(STAMP) : -1;
    if (at >= 0) {
      stamps[i] = stampAt(line, at);
      if (seen < SAMPLE) dated++;
    }
    if (seen < SAMPLE) {
      seen++;
      // More lines undated than the sample allows (a fifth of SAMPLE): whatever the rest of
      // it and the output hold, too few lines are dated (a shorter output has fewer to allow).
      if (seen - dated > SAMPLE - SAMPLE * DATED) return [];
    }
    // The sample decides whether the output is dated: an undated one is not read further.
    else if (dated < seen * DATED) return [];
  }
  if (seen < 10 || dated < seen * DATED) return [];
  let pairs = 0;
  let ordered = 0;
  let last = Number.NaN;
  for (const s of stamps) {
    if (Number.isNaN(s)) continue;
    // Only where the time changes: a commit's adjacent lines share one, and so do a log's
    // lines of one second; counted as in order, they made a blame whose body repeats look
    // like a log.
    if (!Number.isNaN(last) && s !== last) {
      pairs++;
      if (s > last) ordered++;
    }
    last = s;
  }
  if (ordered >= pairs * IN_ORDER) return [];
  // The newest STAMPS distinct stamps, oldest first, found in one pass (sorting every stamp
  // of a long output cost more than the rest of this together).
  const newest: number[] = [];
  for (const s of stamps) {
    if (Number.isNaN(s) || newest.includes(s)) continue;
    if (newest.length < STAMPS) newest.push(s);
    else if (s > newest[0]!) newest[0] = s;
    else continue;
    newest.sort((a, b) => a - b);
  }
  const out: number[] = [];
  for (const stamp of newest) {
    let taken = 0;
    let prev = Number.NaN;
    for (let i = 0; i < lines.length && taken < PER_STAMP; i++) {
      if (stamps[i] === stamp && prev !== stamp) {
        out.push(i);
        taken++;
      }
      if (filled[i]) prev = stamps[i]!;
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * git blame's line: the commit (`^` where it is the boundary), the file it came from under
 * -C, then in brackets the author, the date (`2024-07-29`, or with its time and zone) and
 * the line number; the source line follows.
 */
const BLAME =
  /^(\^?[0-9a-f]{7,40}) (?:([^(]*\S)\s+)?\((.*?\S)\s+\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2} [+-]\d{4})? +\d+\) /;

/** A declaration one level in at most (a class's method): four spaces or a tab. */
const OUTLINE_INDENT = /^(?: {0,4}|\t)(?=\S)/;
const DECLARES = [TYPE_DECL, FN_DECL];

/** A line of a blame worth showing, and how much, from 0 to 1. */
export interface BlameFact {
  readonly line: number;
  readonly weight: number;
}

/**
 * What a git blame is read for, beyond its newest lines, most telling first: where each file
 * it came from under -C first shows; where each commit first shows (who touched which part),
 * the commits of rare authors first; the lines declaring its source's types and functions,
 * top level and one level in (`class LLMResult(LLMCosts):`, `    def call(`: the source's
 * outline, as a file read whole is outlined by them (kinds/read/code.ts), says who wrote each
 * part). The other lines are the commits' code: room, not news. Undefined where most lines
 * are not blame's.
 */
export function blameFacts(lines: readonly string[]): BlameFact[] | undefined {
  const seenKeys = new Set<string>();
  const byAuthor = new Map<string, number>();
  // What kind of fact each line is: a file's first, a commit's first, a declaration.
  const found: { line: number; kind: number; author: string }[] = [];
  let seen = 0;
  let blamed = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    // The sample decides whether the output is a blame: another is not read further.
    if (seen++ === SAMPLE && blamed < seen * DATED) return undefined;
    const m = line.length <= 2000 ? BLAME.exec(line) : null;
    if (!m) {
      // More of the sample's lines not blame's than it allows (a fifth of SAMPLE): too few
      // are, whatever the rest holds (a shorter output has fewer to allow).
      if (seen <= SAMPLE && seen - blamed > SAMPLE - SAMPLE * DATED) return undefined;
      continue;
    }
    blamed++;
    const author = m[3]!;
    byAuthor.set(author, (byAuthor.get(author) ?? 0) + 1);
    const file = `file:${m[2] ?? ""}`;
    const code = line.slice(m[0].length);
    const indent = OUTLINE_INDENT.exec(code);
    const declares = indent !== null && DECLARES.some((re) => re.test(code.slice(indent[0].length)));
    const kind = !seenKeys.has(file) ? 0 : !seenKeys.has(m[1]!) ? 1 : declares ? 2 : -1;
    if (kind >= 0) found.push({ line: i, kind, author });
    seenKeys.add(m[1]!);
    seenKeys.add(file);
  }
  if (seen < 10 || blamed < seen * DATED) return undefined;
  // A file's first line first, then each commit's by how rare its author, then declarations.
  return found.map((f) => ({
    line: f.line,
    weight:
      f.kind === 0 ? 0.95 : f.kind === 1 ? 0.5 + 0.4 * (1 - (byAuthor.get(f.author) ?? 0) / blamed) : 0.4,
  }));
}

/** Not blank: what trim() would not leave empty. */
const NOT_BLANK = /\S/;

/**
 * The stamp STAMP found at `at` as a number that sorts as its text (`2025-10-28 08:09`,
 * then `:20` when the seconds are written) does: its digits in order, then the seconds
 * plus one (0 when not written, as the shorter text sorts first). No string is made.
 */
function stampAt(line: string, at: number): number {
  const two = (k: number) => (line.charCodeAt(k) - 48) * 10 + line.charCodeAt(k + 1) - 48;
  const minutes =
    ((((two(at) * 100 + two(at + 2)) * 100 + two(at + 5)) * 100 + two(at + 8)) * 100 + two(at + 11)) * 100 +
    two(at + 14);
  const seconds =
    line.charCodeAt(at + 16) === 58 && isDigit(line.charCodeAt(at + 17)) && isDigit(line.charCodeAt(at + 18))
      ? two(at + 17) + 1
      : 0;
  return minutes * 101 + seconds;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
