/** Detection's one helper: weighing the signs of a tool's output. Tiny: every detector loads it. */
import type { Hints } from "./types.ts";

/** A sign that a text is some tool's output, and how much it counts. */
export type Sign = readonly [RegExp | ((text: string) => boolean), number];

/**
 * Whether `text` holds `word` (text.includes(word)). A word that starts with blanks is
 * looked for by what follows them, then its blanks checked: a search by a blank stops
 * at every word of the text (a sample's " RUN " took 40 times longer than "RUN ").
 */
export function holds(text: string, word: string): boolean {
  let blanks = 0;
  while (word.charCodeAt(blanks) === 32) blanks++;
  if (blanks === 0 || blanks === word.length) return text.includes(word);
  const rest = word.slice(blanks);
  const lead = word.slice(0, blanks);
  for (let at = text.indexOf(rest, blanks); at >= 0; at = text.indexOf(rest, at + 1))
    if (text.startsWith(lead, at - blanks)) return true;
  return false;
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
