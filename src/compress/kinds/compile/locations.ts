/**
 * Compact lists of source locations for diagnostics printed once per group:
 * `line:col 1-120:14, 121:40` (a range only where four or more consecutive lines share a
 * column),
 * `col 9 of lines 4, 9, 14` when they share one column, `lines 12, 15-17` when the
 * tool gives no columns.
 */

export interface Location {
  /** 1-based line in the source file. */
  readonly line: number;
  readonly col?: number;
}

interface Run {
  readonly from: number;
  readonly to: number;
  readonly col: number | undefined;
  /** How many locations it stands for (repeats of one position count). */
  readonly count: number;
}

/** Fewer consecutive lines than this are listed one by one: every line number stays readable. */
const MIN_RANGE = 4;

function runsOf(locs: readonly Location[]): Run[] {
  const sorted = [...locs].sort((a, b) => a.line - b.line || (a.col ?? 0) - (b.col ?? 0));
  const runs: Run[] = [];
  const starts: number[] = [];
  sorted.forEach((l, i) => {
    const last = runs[runs.length - 1];
    if (last && last.col === l.col && (l.line === last.to || l.line === last.to + 1)) {
      runs[runs.length - 1] = { ...last, to: l.line, count: last.count + 1 };
    } else {
      runs.push({ from: l.line, to: l.line, col: l.col, count: 1 });
      starts.push(i);
    }
  });
  return runs.flatMap((r, k) =>
    r.from < r.to && r.to - r.from + 1 < MIN_RANGE
      ? spelled(sorted.slice(starts[k], starts[k]! + r.count))
      : [r],
  );
}

/** The locations of a short run (sorted, one column) as one run per line. */
function spelled(locs: readonly Location[]): Run[] {
  const out: Run[] = [];
  for (const l of locs) {
    const last = out[out.length - 1];
    if (last && last.from === l.line) out[out.length - 1] = { ...last, count: last.count + 1 };
    else out.push({ from: l.line, to: l.line, col: l.col, count: 1 });
  }
  return out;
}

function runText(r: Run): string {
  const lines = r.from === r.to ? String(r.from) : `${r.from}-${r.to}`;
  const at = r.col === undefined ? lines : `${lines}:${r.col}`;
  // One place reported several times (a header included from several files).
  return r.from === r.to && r.count > 1 ? `${at}×${r.count}` : at;
}

/**
 * Where a group of diagnostics is, in at most about `max` characters; "" when they
 * all point at one place (a header reported from every file that includes it).
 */
export function locationPhrase(locs: readonly Location[], max = Number.POSITIVE_INFINITY): string {
  const first = locs[0];
  if (!first || locs.every((l) => l.line === first.line && l.col === first.col)) return "";
  const col = first.col;
  if (col !== undefined && locs.every((l) => l.col === col)) {
    const head = `col ${col} of lines `;
    return (
      head +
      locationList(
        locs.map((l) => ({ line: l.line })),
        max - head.length,
      )
    );
  }
  const head = locs.some((l) => l.col !== undefined) ? "line:col " : "lines ";
  return head + locationList(locs, max - head.length);
}

/**
 * Every location, in line order, within `max` characters: when they do not all fit,
 * the first ones and `… and N more at lines X-Y`.
 */
export function locationList(
  locs: readonly Location[],
  max = Number.POSITIVE_INFINITY,
  separator = ", ",
): string {
  const runs = runsOf(locs);
  const parts = runs.map(runText);
  const full = parts.join(separator);
  if (full.length <= max) return full;
  // Runs are in line order, so the rest always ends where the last run ends.
  const end = runs[runs.length - 1]!.to;
  let shown = 0;
  let len = 0;
  let count = 0;
  for (; shown + 1 < runs.length; shown++) {
    const run = runs[shown]!;
    const tail = moreText(locs.length - count - run.count, runs[shown + 1]!.from, end);
    const next = len + (shown > 0 ? separator.length : 0) + parts[shown]!.length;
    if (next + separator.length + tail.length > max) break;
    len = next;
    count += run.count;
  }
  const tail = moreText(locs.length - count, runs[shown]!.from, end);
  return shown > 0 ? `${parts.slice(0, shown).join(separator)}${separator}${tail}` : tail;
}

function moreText(n: number, from: number, to: number): string {
  return `… and ${n} more at ${from === to ? `line ${from}` : `lines ${from}-${to}`}`;
}

/**
 * Caps for lists of these lengths so that together they take at most `allowance`
 * characters: short lists whole, the longest cut to one common cap (never below `floor`).
 */
export function fairCap(lengths: readonly number[], allowance: number, floor = 60): number {
  let total = 0;
  for (const l of lengths) total += l;
  if (total <= allowance) return Number.POSITIVE_INFINITY;
  const sorted = [...lengths].sort((a, b) => a - b);
  let left = allowance;
  for (let i = 0; i < sorted.length; i++) {
    const share = left / (sorted.length - i);
    if (sorted[i]! > share) return Math.max(floor, Math.floor(share));
    left -= sorted[i]!;
  }
  return Number.POSITIVE_INFINITY;
}
