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

/** Hunks as the model reads them: where, then the lines that went (-) and came (+). */
export function formatHunks(hunks: readonly Hunk[]): string {
  return hunks
    .map((h) => {
      const was = h.removed.length
        ? `L${h.fromEarlier}${h.removed.length > 1 ? `-${h.fromEarlier + h.removed.length - 1}` : ""}`
        : `after L${h.fromEarlier - 1}`;
      const is = h.added.length
        ? `L${h.fromNow}${h.added.length > 1 ? `-${h.fromNow + h.added.length - 1}` : ""}`
        : "(gone)";
      return [`@@ ${was} → ${is}`, ...h.removed.map((l) => `-${l}`), ...h.added.map((l) => `+${l}`)].join(
        "\n",
      );
    })
    .join("\n");
}
