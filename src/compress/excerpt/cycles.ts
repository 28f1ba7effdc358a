/**
 * A block of lines repeated whole, back to back (a recursion's frames in a stack
 * overflow, a retry loop's lines): one round of it says what the loop is, the rest only
 * how often it came. Pure; one pass over the lines.
 */

/** Rounds of this many lines at most are looked for (a recursion through a few dozen frames). */
const MAX_PERIOD = 64;
/** A block counts when it stands this many times in a row at least. */
const MIN_ROUNDS = 3;
/** A round this long at most is a fact: a longer one would crowd out the rest. */
export const ROUND_CHARS = 3000;

export interface RepeatedBlock {
  /** Its first round: lines `from` to `to`. */
  readonly from: number;
  readonly to: number;
  /** How many whole rounds stand in a row. */
  readonly rounds: number;
  /** The characters of a round, its newlines counted. */
  readonly chars: number;
}

/**
 * The block of 2 to MAX_PERIOD lines repeated whole, back to back, MIN_ROUNDS times or
 * more that covers the most lines, or undefined. (A line repeated alone is a run the
 * packer shows once with its count.)
 */
export function repeatedBlock(lines: readonly string[]): RepeatedBlock | undefined {
  const lastAt = new Map<string, number>();
  let best: RepeatedBlock | undefined;
  let bestLines = 0;
  // The period being followed and how many lines in a row equal the one a period above.
  let period = 0;
  let run = 0;
  const close = (end: number) => {
    const rounds = Math.floor(run / period) + 1;
    if (period > 0 && rounds >= MIN_ROUNDS && rounds * period > bestLines) {
      const from = end - run - period;
      let chars = 0;
      for (let k = from; k < from + period; k++) chars += lines[k]!.length + 1;
      best = { from, to: from + period - 1, rounds, chars };
      bestLines = rounds * period;
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (period > 0 && line === lines[i - period]) run++;
    else {
      close(i);
      const prev = lastAt.get(line);
      period = prev !== undefined && i - prev >= 2 && i - prev <= MAX_PERIOD ? i - prev : 0;
      run = period > 0 ? 1 : 0;
    }
    lastAt.set(line, i);
  }
  close(lines.length);
  return best;
}
