/**
 * A test runner's numbered list of failures (ExUnit's `  10) test zone of AT is known
 * (HarrowRouting.ZoneTest)`, rspec's and mocha's `  3) Suite does this`): each entry a
 * header numbered 1, 2, 3 … in turn, its detail indented under it. Which tests failed is
 * what the reader is after, and the header is the one line naming each. The templates hold
 * headers alike but for a word (sixteen `test zone of XX is known`) as one kind, so only the
 * first and last of them showed, while the assertion lines under them stayed. Every header
 * of such a list is a fact, while at most MOST: past that the list is the output, and its
 * kinds tell it. Pure; the engine ranks them through structure.ts.
 */

/** A numbered header: a small indent, the number and `)`, then its text. */
const HEADER = /^ {0,8}(\d{1,3})\) \S/;
/** At least this many entries, at most this many. */
const FEWEST = 3;
const MOST = 40;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The headers of a numbered list of failures, each with detail under it; [] when the output holds none. */
export function numberedFailures(lines: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A look at the character after the number first: most lines are no header.
    const close = line.indexOf(") ");
    if (close < 1 || close > 12) continue;
    const m = HEADER.exec(line);
    if (!m) continue;
    // The next entry of the list, or a header of another list's run: only 1, 2, 3 … in turn.
    if (Number(m[1]) !== out.length + 1) {
      if (Number(m[1]) === 1 && out.length < FEWEST) out.length = 0;
      else continue;
    }
    // Its detail under it: the next line not blank is indented further.
    let k = i + 1;
    while (k < lines.length && lines[k]!.trim() === "") k++;
    if (k >= lines.length || indentOf(lines[k]!) <= indentOf(line)) continue;
    out.push(i);
  }
  return out.length >= FEWEST && out.length <= MOST ? out : [];
}
