/** Detection's one helper: weighing the signs of a tool's output. Tiny: every detector loads it. */
import type { Hints } from "./types.ts";

/** A sign that a text is some tool's output, and how much it counts. */
export type Sign = readonly [RegExp | ((text: string) => boolean), number];

/**
 * Whether `text` holds `word` (text.includes(word)), looked for by the part of it from its
 * rarest character on (RARITY: `TS` of `error TS`, `.io` of `crates.io`, `kages` of
 * `packages`), then the rest checked before each place found: a search stops at each
 * place its first character stands, and a lowercase letter or a blank stands at nearly
 * every word of a text (a sample's " RUN " took 40 times longer than "RUN ").
 */
export function holds(text: string, word: string): boolean {
  if (text.length >= PAIRS_FROM && word.length >= 3 && !triplesHeld(text, word)) return false;
  return includesRare(text, word);
}

/**
 * text.includes(word), searched for from `word`'s rarest character on (holds, without the
 * table of runs: a text read once for a few words, a query's, is not worth reading into it).
 */
export function includesRare(text: string, word: string): boolean {
  const at = rarestAt(word);
  if (at === 0) return text.includes(word);
  const rest = word.slice(at);
  const before = word.slice(0, at);
  for (let k = text.indexOf(rest, at); k >= 0; k = text.indexOf(rest, k + 1))
    if (text.startsWith(before, k - at)) return true;
  return false;
}

/**
 * Texts this long or longer are read once into a table of the runs of three characters
 * they hold (each character by its low byte, the run hashed by TRIPLE): a word of three
 * or more with a run the text lacks is not in it, and is not searched for. Detectors ask
 * a sample for dozens of words, most of them absent (another tool's), and each search
 * that fails reads the sample whole. Pairs of characters turned too few away: a sample
 * of code holds most pairs (`Tests:`, `Changes ` and `Setting up` passed grep's, some
 * twenty words a sample). A word of one or two characters is searched for: they are few
 * (`==`, `●`), and a text of Latin-1 alone turns a mark past it away at once.
 */
const PAIRS_FROM = 2048;
/** The runs of three of pairsText's characters: 1 at TRIPLE of each. */
const triples = new Uint8Array(65536);
/** Where a run of three low bytes (the first two as `first << 8 | second`) stands in `triples`. */
const TRIPLE = (two: number, third: number) => ((two << 3) ^ third) & 0xffff;
let pairsText: string | undefined;

/** Whether every run of three of `word`'s characters stands in `text` (as text.includes(word) needs). */
function triplesHeld(text: string, word: string): boolean {
  if (text !== pairsText) readTriples(text);
  let two = ((word.charCodeAt(0) & 0xff) << 8) | (word.charCodeAt(1) & 0xff);
  for (let k = 2; k < word.length; k++) {
    const c = word.charCodeAt(k) & 0xff;
    if (triples[TRIPLE(two, c)] === 0) return false;
    two = ((two & 0xff) << 8) | c;
  }
  return true;
}

/**
 * The bytes a text's characters are copied into, kept from text to text: a sample (at most
 * 28 KB) is read from memory already at hand, where a new buffer for each took twice as
 * long to read. A longer text gets a buffer of its own.
 */
const SCRATCH = Buffer.allocUnsafe(32 * 1024);

function readTriples(text: string): void {
  triples.fill(0);
  // Node's latin1 keeps each code unit's low byte, as triplesHeld reads a word's: one copy
  // in native code, then bytes, read faster than the string's characters one by one.
  const bytes = text.length <= SCRATCH.length ? SCRATCH : Buffer.from(text, "latin1");
  const n = bytes === SCRATCH ? SCRATCH.write(text, 0, "latin1") : bytes.length;
  // Each run's three bytes as they come, none worked out of the run before it: a run made
  // of the last one's took three steps a byte, each waiting on the one before.
  let first = bytes[0]!;
  let second = bytes[1]!;
  for (let i = 2; i < n; i++) {
    const third = bytes[i]!;
    triples[TRIPLE((first << 8) | second, third)] = 1;
    first = second;
    second = third;
  }
  pairsText = text;
}

/** Forgets the text whose runs were read (benchmarks time each compression from scratch). */
export function forgetPairs(): void {
  pairsText = undefined;
}

/**
 * How common a character is in a tool's output, roughly (lower: rarer): capitals, digits,
 * marks, then punctuation paths and times are made of, lowercase letters by how often
 * English uses them, the blank last; past ASCII, rarest.
 */
const RARITY = new Uint8Array(128).fill(3);
for (let c = 65; c <= 90; c++) RARITY[c] = 0;
for (let c = 48; c <= 57; c++) RARITY[c] = 1;
for (const ch of "@!#$%^&*=+<>?|~[]{}();'\"`") RARITY[ch.charCodeAt(0)] = 2;
[..."zqxjkvbpygwfmuclhdrsnioate"].forEach((ch, k) => {
  RARITY[ch.charCodeAt(0)] = 4 + k;
});
RARITY[32] = 40;
const rarity = (c: number) => (c < 128 ? RARITY[c]! : 0);

/** Where `word`'s rarest character stands (RARITY), the first of the rarest: where a search for it starts. */
export function rarestAt(word: string): number {
  let at = 0;
  for (let k = 1; k < word.length; k++) if (rarity(word.charCodeAt(k)) < rarity(word.charCodeAt(at))) at = k;
  return at;
}

/**
 * A sign's line-start search, tried only where the text holds one of `words` (each of its
 * matches does): a search tries every line start, and most outputs that reach a detector
 * are not its tool's.
 */
export const where =
  (words: readonly string[], re: RegExp) =>
  (text: string): boolean =>
    words.some((w) => holds(text, w)) && re.test(text);

/**
 * How sure a compressor is that it reads its tool's output: the weights of the signs found
 * in the text, `commandWeight` more when the command names the tool (`command`), at most 1.
 */
export function scoreSigns(
  text: string,
  hints: Hints,
  signs: readonly Sign[],
  command?: RegExp,
  commandWeight = 0.3,
): number {
  let score = 0;
  for (const [sign, weight] of signs)
    if (typeof sign === "function" ? sign(text) : sign.test(text)) score += weight;
  if (command && hints.command && command.test(hints.command)) score += commandWeight;
  return Math.min(1, score);
}
