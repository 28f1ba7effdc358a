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
 * a row each equal to the line `p` above it. Such runs are looked for by the lines' keys (a
 * line's length and five of its characters, which equal lines share), a line compared with
 * the one p above only where their keys agree. Where no period has one, no line need be
 * hashed (repeatedBlock's Map hashed every line of every output, most of them holding no
 * loop); where one has, the lines are read as before.
 */
function mayRepeat(lines: readonly string[]): boolean {
  const n = lines.length;
  const keys = new Int32Array(n);
  for (let i = 0; i < n; i++) keys[i] = keyOf(lines[i]!);
  const need = (p: number) => (MIN_ROUNDS - 1) * p;
  for (let p = 2; p <= MAX_PERIOD && p + need(p) <= n; p++) if (runOf(lines, keys, p, need(p))) return true;
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
 * Whether `need` lines in a row each equal the line `p` above them. Looked for at every
 * need-th line only: a line unlike the one p above is in no such run, so the next run to
 * look for ends `need` past it; at a line like it, the run through it is measured. Lines
 * alike but for a digit (`[  3%] Building ... unit0.c.o`) share keys, so are compared.
 */
function runOf(lines: readonly string[], keys: Int32Array, p: number, need: number): boolean {
  const n = keys.length;
  const same = (j: number) => keys[j] === keys[j - p] && lines[j] === lines[j - p];
  let j = p + need - 1;
  while (j < n) {
    if (!same(j)) {
      j += need;
      continue;
    }
    let from = j;
    while (from > p && same(from - 1)) from--;
    let to = j;
    while (to + 1 < n && same(to + 1)) to++;
    if (to - from + 1 >= need) return true;
    j = to + 1 + need;
  }
  return false;
}
