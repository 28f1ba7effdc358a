/**
 * The lines that changed between two versions of one command's output, when few did:
 * a test run whose only difference is its timing lines, a diff that grew by one hunk, a
 * listing with one file moved. Pure; a longest-common-subsequence over lines, bounded so
 * that large outputs are never compared.
 */

export interface Hunk {
  /** First line (1-based) of the earlier text this hunk replaces, or where it inserts. */
  readonly fromEarlier: number;
  readonly removed: readonly string[];
  /** First line (1-based) of the new text in this hunk. */
  readonly fromNow: number;
  readonly added: readonly string[];
}

/** Outputs longer than this (in lines) are not compared: the table would cost too much. */
const MAX_LINES = 400;

/**
 * The hunks turning `earlier` into `now`, or undefined when more than `maxChanged` lines
 * (removed plus added) differ, or either side is too long to compare.
 */
export function lineDelta(
  earlier: readonly string[],
  now: readonly string[],
  maxChanged: number,
  key: (line: string) => string = (line) => line,
): Hunk[] | undefined {
  const n = earlier.length;
  const m = now.length;
  if (n > MAX_LINES || m > MAX_LINES) return undefined;
  if (Math.abs(n - m) > maxChanged) return undefined;
  // Lines are compared by their key: the same key is the same line, whatever else differs.
  const a = earlier.map(key);
  const b = now.map(key);
  // lcs[i][j]: longest common subsequence of earlier[i..] and now[j..].
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  if (n + m - 2 * lcs[0]![0]! > maxChanged) return undefined;
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    const start = { i, j };
    const removed: string[] = [];
    const added: string[] = [];
    while ((i < n || j < m) && !(i < n && j < m && a[i] === b[j])) {
      if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) removed.push(earlier[i++]!);
      else added.push(now[j++]!);
    }
    hunks.push({ fromEarlier: start.i + 1, removed, fromNow: start.j + 1, added });
  }
  return hunks;
}

const DURATION = /\b\d+(?:\.\d+)?\s?(?:ns|µs|us|ms|s)\b/g;
const CLOCK = /\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b/g;

/**
 * A line with its durations and clock times masked: a test run or a build that printed
 * the same lines at other speeds and times did not change. Counts, names and other
 * numbers stay as they are (a test count that changed is a change).
 */
export function timingless(line: string): string {
  return line.replace(CLOCK, "#clock").replace(DURATION, "#time");
}

/** A line that left one place and stands unchanged in another: said once, with both places. */
export interface Move {
  /** Its line (1-based) in the earlier text. */
  readonly from: number;
  /** Its line (1-based) in the new text. */
  readonly to: number;
  readonly line: string;
}

/** What the model reads of a change: the hunks left once the moved lines are taken out, and the moves. */
export interface Delta {
  readonly hunks: readonly Hunk[];
  readonly moves: readonly Move[];
  /** Lines that changed: each removed or added line, a moved one once. */
  readonly changed: number;
}

/** Whether the lines of one side of a hunk not `taken` out stay one contiguous run. */
function trims(taken: readonly boolean[]): boolean {
  // The lines left must stay one contiguous run for the hunk's range to name them.
  const first = taken.indexOf(false);
  if (first < 0) return true;
  const last = taken.lastIndexOf(false);
  return taken.slice(first, last + 1).every((t) => !t);
}

/**
 * The moves in `hunks`: a line removed in one place and added, exactly the same, in
 * another (a listing sorted by time after a file changed, a reordered import). A line
 * listed by time moves from its place to the end: as a removal and an addition it is
 * said twice with two hunk lines, as a move once on one. Only lines with a word or a
 * sign are paired, each once, in order; a pairing that would split what is left of a
 * hunk side in two is not made (the hunk's range names one run of lines).
 */
export function withMoves(hunks: readonly Hunk[]): Delta {
  const removedTaken = hunks.map((h) => h.removed.map(() => false));
  const addedTaken = hunks.map((h) => h.added.map(() => false));
  const moves: Move[] = [];
  const waiting = new Map<string, Array<{ h: number; k: number }>>();
  for (const [hi, h] of hunks.entries())
    for (const [k, line] of h.added.entries()) {
      if (line.trim() === "") continue;
      const list = waiting.get(line) ?? [];
      list.push({ h: hi, k });
      waiting.set(line, list);
    }
  // A pairing refused because it would split a side may be allowed once its neighbours
  // are paired (files touched in turn, listed by time: each lands among the others at the
  // end), so the lines left are tried again while a pass pairs any.
  let left = hunks.flatMap((h, hi) => h.removed.map((line, k) => ({ hi, k, line })));
  for (let paired = true; paired && left.length > 0; ) {
    paired = false;
    const refused: typeof left = [];
    for (const r of left) {
      const list = waiting.get(r.line);
      const at = list?.[0];
      if (!at) continue;
      removedTaken[r.hi]![r.k] = true;
      addedTaken[at.h]![at.k] = true;
      if (trims(removedTaken[r.hi]!) && trims(addedTaken[at.h]!)) {
        list.shift();
        moves.push({ from: hunks[r.hi]!.fromEarlier + r.k, to: hunks[at.h]!.fromNow + at.k, line: r.line });
        paired = true;
        continue;
      }
      removedTaken[r.hi]![r.k] = false;
      addedTaken[at.h]![at.k] = false;
      refused.push(r);
    }
    left = refused;
  }
  const rest: Hunk[] = [];
  // Lines taken from the start of a side move its first line on.
  const lead = (t: boolean[]) => (t.indexOf(false) < 0 ? t.length : t.indexOf(false));
  for (const [hi, h] of hunks.entries()) {
    const r = removedTaken[hi]!;
    const a = addedTaken[hi]!;
    const removed = h.removed.filter((_, k) => !r[k]);
    const added = h.added.filter((_, k) => !a[k]);
    if (removed.length === 0 && added.length === 0) continue;
    rest.push({ fromEarlier: h.fromEarlier + lead(r), removed, fromNow: h.fromNow + lead(a), added });
  }
  const changed = rest.reduce((n, h) => n + h.removed.length + h.added.length, 0) + moves.length;
  return { hunks: rest, moves, changed };
}

/**
 * A run of added lines a delta printed as they are, under that delta's number and
 * numbered as in its output (its hunk's `→ L<a>-<b>`), or a run of moves it printed to
 * consecutive lines of its output (`moved`).
 */
export interface Printed {
  readonly id: number;
  readonly from: number;
  readonly lines: readonly string[];
  /**
   * For a run of moves (lines moved to L<from>.. in turn): the earlier line each came
   * from, in the same order. Absent: a run of added lines.
   */
  readonly moved?: readonly number[] | undefined;
}

/** One added line as it is, or a run of them that an earlier delta printed. */
type Piece = { readonly line: string } | { readonly ref: Printed };

/** `= lines #N added at L<a>-<b>`: the lines delta #N printed there, the same and in that order. */
function refLine(ref: Printed): string {
  return `= lines #${ref.id} added at ${rangeOf(ref)}`;
}

/** `L<a>-<b>`: where a delta printed a run. */
function rangeOf(ref: Printed): string {
  return `L${ref.from}-${ref.from + ref.lines.length - 1}`;
}

/**
 * A hunk's added lines as told: each as it is (`+<line>`), but where a run of them is a
 * whole run an earlier delta of the same call printed (told against the same whole
 * showing), the run is named (refLine). An output that grows every run (a diff one file
 * longer each round) then says each new line once: a delta repeats every line changed
 * since the whole showing, and the lines an earlier delta printed are in context. Only
 * runs printed as lines are named, and only whole (a name finds them by the range that
 * delta printed, and a piece of a run would cut hunks into fragments where files share a
 * few lines), never a run that was itself named, so each name is one look back, not a
 * chain; and only where the name takes at most half the room of the lines.
 */
function pieces(added: readonly string[], printed: readonly Printed[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < added.length; ) {
    let best: Printed | undefined;
    for (const ref of printed) {
      const n = ref.lines.length;
      if (ref.moved || n < 2 || i + n > added.length || (best && n <= best.lines.length)) continue;
      if (!ref.lines.every((line, k) => line === added[i + k])) continue;
      const said = ref.lines.reduce((chars, line) => chars + line.length + 2, 0);
      if (2 * (refLine(ref).length + 1) <= said) best = ref;
    }
    if (best) {
      out.push({ ref: best });
      i += best.lines.length;
    } else out.push({ line: added[i++]! });
  }
  return out;
}

/** The runs a hunk told as lines, numbered as in the output now, under `id`. */
function runsOf(h: Hunk, told: readonly Piece[], id: number): Printed[] {
  const runs: Printed[] = [];
  let k = 0;
  let run: { from: number; lines: string[] } | undefined;
  for (const p of told) {
    if ("line" in p) {
      run ??= { from: h.fromNow + k, lines: [] };
      run.lines.push(p.line);
      k++;
      continue;
    }
    if (run) runs.push({ id, ...run });
    run = undefined;
    k += p.ref.lines.length;
  }
  if (run) runs.push({ id, ...run });
  return runs;
}

/** `@@ L<from> → L<to> moved: <line>`: one move as the model reads it. */
function moveLine(from: number, to: number, line: string): string {
  return `@@ L${from} → L${to} moved: ${line}`;
}

/** `= lines #N moved to L<a>-<b>, now to L<c>-<d>`: the moves delta #N printed to a..b, each now landing that many lines off. */
function movedLine(ref: Printed, to: number): string {
  const end = (from: number) => from + ref.lines.length - 1;
  return `= lines #${ref.id} moved to L${ref.from}-${end(ref.from)}, now to L${to}-${end(to)}`;
}

/**
 * A delta's moves as told: where all the moves an earlier delta of the same call printed
 * to one run of lines are made again, from the same lines (told against the same whole
 * showing) and landing in the same order shifted alike, they are named (movedLine). A
 * listing by time, one more file touched each run, said every earlier move again in each
 * delta. As for added runs: only runs printed as lines, whole, one look back, and only
 * where the name takes at most half their room. The moves printed are returned as runs
 * of consecutive destinations, under `id`, for later deltas to name.
 */
function tellMoves(
  moves: readonly Move[],
  printed: readonly Printed[],
  id: number,
): { parts: Array<[number, string]>; runs: Printed[] } {
  const left = new Map(moves.map((m) => [m.from, m]));
  const parts: Array<[number, string]> = [];
  const refs = printed.filter((ref) => ref.moved && ref.lines.length >= 2);
  for (const ref of refs.sort((x, y) => y.lines.length - x.lines.length)) {
    const first = left.get(ref.moved![0]!);
    if (!first) continue;
    const shift = first.to - ref.from;
    const same = ref.lines.every((line, k) => {
      const m = left.get(ref.moved![k]!);
      return m !== undefined && m.line === line && m.to === ref.from + k + shift;
    });
    if (!same) continue;
    const text = movedLine(ref, ref.from + shift);
    const said = ref.lines.reduce(
      (n, line, k) => n + moveLine(ref.moved![k]!, ref.from + k + shift, line).length + 1,
      0,
    );
    if (2 * (text.length + 1) > said) continue;
    for (const from of ref.moved!) left.delete(from);
    parts.push([Math.min(...ref.moved!), text]);
  }
  const rest = [...left.values()];
  for (const m of rest) parts.push([m.from, moveLine(m.from, m.to, m.line)]);
  const runs: Printed[] = [];
  for (const m of rest.sort((x, y) => x.to - y.to)) {
    const run = runs.at(-1);
    if (run && run.from + run.lines.length === m.to) {
      (run.lines as string[]).push(m.line);
      (run.moved as number[]).push(m.from);
    } else runs.push({ id, from: m.to, lines: [m.line], moved: [m.from] });
  }
  return { parts, runs };
}

/**
 * A delta as the model reads it, in the earlier text's order: for each hunk where, then
 * the lines that went (-) and came (+), runs an earlier delta printed named (pieces); for
 * each move `@@ L<from> → L<to> moved: <line>`, runs of moves an earlier delta printed
 * named (tellMoves). Also the runs it printed as lines, under
 * `id`, for later deltas to name.
 */
export function tellDelta(
  delta: Delta,
  printed: readonly Printed[],
  id: number,
): { text: string; printed: Printed[] } {
  const runs: Printed[] = [];
  const parts: Array<[number, string]> = delta.hunks.map((h): [number, string] => {
    const told = pieces(h.added, printed);
    runs.push(...runsOf(h, told, id));
    return [h.fromEarlier, formatHunk(h, told)];
  });
  const moved = tellMoves(delta.moves, printed, id);
  parts.push(...moved.parts);
  runs.push(...moved.runs);
  const text = parts
    .sort((x, y) => x[0] - y[0])
    .map(([, t]) => t)
    .join("\n");
  return { text, printed: runs };
}

/** A delta as the model reads it, every added line as it is. */
export function formatDelta(delta: Delta): string {
  return tellDelta(delta, [], 0).text;
}

/** Hunks as the model reads them: where, then the lines that went (-) and came (+). */
export function formatHunks(hunks: readonly Hunk[]): string {
  return hunks.map((h) => formatHunk(h, pieces(h.added, []))).join("\n");
}

function formatHunk(h: Hunk, told: readonly Piece[]): string {
  const was = h.removed.length
    ? `L${h.fromEarlier}${h.removed.length > 1 ? `-${h.fromEarlier + h.removed.length - 1}` : ""}`
    : `after L${h.fromEarlier - 1}`;
  const is = h.added.length
    ? `L${h.fromNow}${h.added.length > 1 ? `-${h.fromNow + h.added.length - 1}` : ""}`
    : "(gone)";
  // Runs named one after another stand on one line (`= lines #K added at L<a>-<b>, #M at
  // L<c>-<d>`): a diff grown by a file each run named every earlier delta's file, each on
  // a line of its own that said `= lines` and `added` again.
  const added: string[] = [];
  let named = false;
  for (const p of told) {
    if ("line" in p) added.push(`+${p.line}`);
    else if (named) added[added.length - 1] += `, #${p.ref.id} at ${rangeOf(p.ref)}`;
    else added.push(refLine(p.ref));
    named = !("line" in p);
  }
  return [`@@ ${was} → ${is}`, ...h.removed.map((l) => `-${l}`), ...added].join("\n");
}

/**
 * Whether `hunks` turn `earlier` into exactly `now`: lines compared by a key (timingless)
 * may pair lines that differ in their times, which the hunks then do not say.
 */
export function rebuilds(
  earlier: readonly string[],
  hunks: readonly Hunk[],
  now: readonly string[],
): boolean {
  const out: string[] = [];
  let i = 0;
  for (const h of hunks) {
    while (i < h.fromEarlier - 1) out.push(earlier[i++]!);
    out.push(...h.added);
    i += h.removed.length;
  }
  while (i < earlier.length) out.push(earlier[i++]!);
  return out.length === now.length && out.every((line, k) => line === now[k]);
}
