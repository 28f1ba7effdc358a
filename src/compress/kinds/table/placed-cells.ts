/**
 * An aligned row (cells parted by two blanks or more, no rule line) that splits into fewer
 * cells than its header has titles: where its cells stand tells their columns. A name too
 * long for its column runs into the next with one blank (systemd-analyze security's
 * `CapabilityBoundingSet=~CAP_NET_(BIND_SERVICE|BROADCAST|RAW) Service has …`), so the
 * row's last cell, its EXPOSURE, was read as its DESCRIPTION and the column's count of
 * `0.1` came out one short. Each cell goes under the title whose start is nearest its own,
 * left to right; where two would share one, the row is read as before (cells in order).
 */

/**
 * Where each of `cells` (a line's cells, as splitAligned gives them: a row's, or a header's
 * titles) starts in `line`.
 */
export function startsOf(line: string, cells: readonly string[]): number[] {
  const out: number[] = [];
  let from = 0;
  for (const c of cells) {
    const at = line.indexOf(c, from);
    out.push(at);
    from = at + c.length;
  }
  return out;
}

/** The cells of `line` under the titles starting at `titleStarts`: empty where none stands. */
export function placedCells(
  line: string,
  cells: readonly string[],
  titleStarts: readonly number[],
): readonly string[] {
  if (cells.length >= titleStarts.length || cells.length < 2) return cells;
  const out: string[] = new Array(titleStarts.length).fill("");
  let last = -1;
  for (const [k, at] of startsOf(line, cells).entries()) {
    let best = last + 1;
    for (let j = best + 1; j < titleStarts.length; j++)
      if (Math.abs(titleStarts[j]! - at) < Math.abs(titleStarts[best]! - at)) best = j;
    // Cells left must still find titles of their own to the right.
    if (best >= titleStarts.length || titleStarts.length - best < cells.length - k) return cells;
    out[best] = cells[k]!;
    last = best;
  }
  return out;
}
