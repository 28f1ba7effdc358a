/** Detection's one helper: weighing the signs of a tool's output. Tiny: every detector loads it. */
import type { Hints } from "./types.ts";

/** A sign that a text is some tool's output, and how much it counts. */
export type Sign = readonly [RegExp | ((text: string) => boolean), number];

/**
 * Whether `text` holds `word` (text.includes(word)), looked for by the part of it from its
 * first capital on (`TS` of `error TS`), or else past its leading blanks, then the rest
 * checked before each place found: a search by a lowercase letter or a blank stops at
 * nearly every word of a text (a sample's " RUN " took 40 times longer than "RUN ").
 */
export function holds(text: string, word: string): boolean {
  let at = 0;
  while (at < word.length && !isCapital(word.charCodeAt(at))) at++;
  if (at === word.length) for (at = 0; word.charCodeAt(at) === 32; ) at++;
  if (at === 0 || at === word.length) return text.includes(word);
  const rest = word.slice(at);
  const before = word.slice(0, at);
  for (let k = text.indexOf(rest, at); k >= 0; k = text.indexOf(rest, k + 1))
    if (text.startsWith(before, k - at)) return true;
  return false;
}

const isCapital = (c: number) => c >= 65 && c <= 90;

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
