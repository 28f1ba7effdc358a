/**
 * A run's closing tally: near an output's end, a labelled line of counts that ends in a
 * total (turbo's ` Tasks:    1 successful, 6 total` and `Cached:    0 cached, 6 total`,
 * jest's `Tests:       2 failed, 40 passed, 42 total`). It is what the run says it did in
 * all; among the closing lines alike (`Time:`, `Cached:`) the engine showed one and the
 * tally was cut. Each such line in the last TAIL lines is a fact.
 */

/** How far from the end a tally may stand. */
const TAIL = 15;

/** `Label:` then counts, `N word, … M total` (the counts separated by commas). */
const TALLY =
  /^\s{0,4}[A-Z][\w ]{0,24}:\s+\d[\d,.]*\s+\S[^,]{0,30}(?:,\s+\d[\d,.]*\s+\S[^,]{0,30})*,\s+\d[\d,.]*\s+total\s*$/;

/** The lines of a closing tally among the output's last TAIL lines. */
export function closingTally(lines: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = Math.max(0, lines.length - TAIL); i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length < 200 && line.includes("total") && TALLY.test(line)) out.push(i);
  }
  return out;
}
