/**
 * A line's words, one blank between each (what a table's titles are compared by), and
 * whether a line's words are some given ones, told by reading it along: a table of bars
 * holds its header's first word (`│`) in every row, and cutting, splitting and joining
 * each row to compare it cost more than the rest of reading the rows. Pure.
 */

/** A line's words, one blank between each. */
export const wordsOf = (line: string): string => line.trim().split(/\s+/).join(" ");

/** Whether a character is a blank as `\s` and trim() read one. */
function isBlank(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whether `wordsOf(line) === words`, read until the first character that differs. */
export function wordsAre(line: string, words: string): boolean {
  let i = 0;
  let k = 0;
  const n = line.length;
  while (i < n && isBlank(line.charCodeAt(i))) i++;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (isBlank(c)) {
      while (i < n && isBlank(line.charCodeAt(i))) i++;
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
