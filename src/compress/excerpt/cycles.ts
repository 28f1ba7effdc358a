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
  if (!mayRepeat(lines)) return undefined;
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

/**
 * Whether a block may repeat: a block of `p` lines MIN_ROUNDS times in a row is 2p lines in
 * a row each equal to the line `p` above it, so their keys (a line's length and five of its
 * characters, which equal lines share) are too. Where no period has such a run of keys, no
 * line need be hashed (repeatedBlock's Map hashed every line of every output, most of them
 * holding no loop); where one has, the lines are read as before.
 */
function mayRepeat(lines: readonly string[]): boolean {
  const n = lines.length;
  const keys = new Int32Array(n);
  for (let i = 0; i < n; i++) keys[i] = keyOf(lines[i]!);
  const need = (p: number) => (MIN_ROUNDS - 1) * p;
  for (let p = 2; p <= MAX_PERIOD && p + need(p) <= n; p++) if (keyRun(keys, p, need(p))) return true;
  return false;
}

/** A line's length and five of its characters, hashed (equal lines share it). */
function keyOf(line: string): number {
  const k = line.length;
  if (k === 0) return 0;
  let h = Math.imul(k, 0x9e3779b1);
  h = Math.imul(h ^ line.charCodeAt(0), 0x01000193);
  h = Math.imul(h ^ line.charCodeAt(k >> 2), 0x01000193);
  h = Math.imul(h ^ line.charCodeAt(k >> 1), 0x01000193);
  h = Math.imul(h ^ line.charCodeAt(k - 1 - (k >> 2)), 0x01000193);
  return Math.imul(h ^ line.charCodeAt(k - 1), 0x01000193);
}

/**
 * Whether `need` keys in a row each equal the key `p` before them. Looked for at every
 * need-th key only: a key that differs from the one p before it is in no such run, so the
 * next run to look for ends `need` past it; where they agree, the run through it is measured.
 */
function keyRun(keys: Int32Array, p: number, need: number): boolean {
  const n = keys.length;
  let j = p + need - 1;
  while (j < n) {
    if (keys[j] !== keys[j - p]) {
      j += need;
      continue;
    }
    let from = j;
    while (from > p && keys[from - 1] === keys[from - 1 - p]) from--;
    let to = j;
    while (to + 1 < n && keys[to + 1] === keys[to + 1 - p]) to++;
    if (to - from + 1 >= need) return true;
    j = to + 1 + need;
  }
  return false;
}
