/**
 * A report of named items, each given an amount and its share of the whole in parentheses,
 * in the order the tool keeps rather than by size: gcc's `-ftime-report` prints some 140
 * passes a row (` template instantiation   :   1.94 ( 21%)   0.95 ( 22%) …`), most at 0%.
 * The one who ran it asks where the time went, and the few rows with the largest shares are
 * the answer, yet every row names another pass, so the templates see 140 kinds of one line
 * each, and its shares do not lead the line as a profiler's ranking's do (percent-ranking.ts).
 * So where at least FEWEST lines name an item, a colon, then an amount with its share
 * (`1.94 ( 21%)`), and they are most of the output's lines, the TOP with the largest first
 * share above zero are facts, as many as a sorted listing keeps (ranked.ts). Pure; the engine
 * (structure.ts) makes them facts.
 */
import { RANKED_ROWS } from "./ranked.ts";

/** At least this many rows of named shares. */
const FEWEST = 8;

/** The share of the output's non-blank lines such rows must make: a report, not a few lines of a log. */
const MOST = 0.6;

/** A name, a colon, then an amount and its share in parentheses: ` phase parsing  :   3.30 ( 35%)`. */
const NAMED_SHARE = /^\s*[^\s:][^:]*?\s:\s+\d+(?:\.\d+)?[kMG]?\s+\(\s*(\d+(?:\.\d+)?)%\)/;

/** The rows of the largest shares, largest first, or [] when the output is no such report. */
export function namedShares(lines: readonly string[]): number[] {
  const rows: [number, number][] = [];
  let nonBlank = 0;
  lines.forEach((line, i) => {
    if (line.trim() !== "") nonBlank++;
    // Told by its colon before any regex: most lines of most outputs hold no ` : `.
    const m = line.length <= 300 && line.includes(" : ") ? NAMED_SHARE.exec(line) : null;
    if (m) rows.push([i, Number(m[1])]);
  });
  if (rows.length < FEWEST || rows.length < nonBlank * MOST) return [];
  return rows
    .filter(([, share]) => share > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, RANKED_ROWS)
    .map(([i]) => i);
}
