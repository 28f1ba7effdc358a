/**
 * A line that ends as a sentence does (a word, then a full stop) heads no columns, however
 * its capitals split it: `The fastest JSON validator for Node.js and browser.` under a
 * README's title reads as three header cells (`The fastest`, `JSON validator for`,
 * `Node.js and browser.`), and a converted document became a table of 190 rows whose
 * headings and directives were rows among the rest. Column headers are labels, never
 * closed by a stop. Pure.
 */

const SENTENCE_END = /[a-z]{2}[.!?]$/;

/** Whether `line` ends as a sentence does. */
export function endsAsSentence(line: string): boolean {
  return SENTENCE_END.test(line.trimEnd());
}
