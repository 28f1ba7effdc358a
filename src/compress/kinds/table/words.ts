/**
 * A line's words, one blank between each (what a table's titles are compared by), and
 * whether a line's words are some given ones, told by reading it along: a table of bars
 * holds its header's first word (`│`) in every row, and cutting, splitting and joining
 * each row to compare it cost more than the rest of reading the rows. Pure.
 */

import { isSpace } from "../../excerpt/named-values.ts";

/** A line's words, one blank between each. */
export const wordsOf = (line: string): string => line.trim().split(/\s+/).join(" ");

/** Whether `wordsOf(line) === words`, read until the first character that differs. */
export function wordsAre(line: string, words: string): boolean {
  let i = 0;
  let k = 0;
  const n = line.length;
  while (i < n && isSpace(line.charCodeAt(i))) i++;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (isSpace(c)) {
      while (i < n && isSpace(line.charCodeAt(i))) i++;
      // Blanks at the end are trimmed; between words they are one blank.
      if (i === n) break;
      if (words.charCodeAt(k) !== 32) return false;
      k++;
      continue;
    }
    if (words.charCodeAt(k) !== c) return false;
    i++;
    k++;
  }
  return k === words.length;
}
