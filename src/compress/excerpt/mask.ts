/**
 * The masked hashes of a line's tokens, for grouping lines into templates
 * (templates.ts): each token masked as mask-token.ts masks it (two tokens alike but for
 * their numbers, ids or a path's file name hash alike), read in the pass that finds where
 * it ends, with what the grouping asks of a line besides (its error codes, its shape, its
 * values and the files it names). Pure but for what the last line left (its codes and
 * shape). A text is read from its code units (code-units.ts), not its characters.
 */

import {
  FNV,
  hashOf,
  isBar,
  isCode,
  isDigit,
  isName,
  maskedOrId,
  maskedRuns,
  maskPath,
  maskRuns,
  mix,
  named,
  pathEnd,
  runsEnd,
} from "./mask-token.ts";

/** At most this many tokens are compared; the rest of a longer line only lengthens it. */
export const MAX_TOKENS = 48;

/** An ASCII letter, as an extension is made of. */
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The error codes (isCode) of the line maskLine read last, hashed together: 0 when none. */
let codes = 0;

/**
 * The error codes of the line maskLine read last (0: none): lines of two codes are two
 * kinds of problem (`[SC3054]`, `[SC3010]`), however alike their words (templates.ts).
 */
export const codesOfLastLine = () => codes;

/** The masked tokens of the line maskLine read last, every path one (ANY_PATH), hashed together. */
let shape = FNV;
const ANY_PATH = 0x2f2f2f2f;

/**
 * The shape of the line maskLine read last: its masked tokens hashed together, any path
 * alike any other. Lines of one shape are alike but for their files (a diffstat's
 * `dir/file | 12 ++--`), though their templates differ by directory.
 */
export const shapeOfLastLine = () => shape;

/**
 * Whether `s[from, to)` names a place in a file (`src/a.ts:3`, `chart.ts(5,14):`): an
 * extension of one to five letters, then `(` or `:` and a digit (`/\.[A-Za-z]{1,5}[(:]\d/`,
 * read from the code units: a token cut out for a pattern cost more than the masking).
 * Which file a problem is in tells problems apart.
 */
function isPlace(s: Uint16Array, from: number, to: number): boolean {
  for (let p = from; p < to; p++) {
    if (s[p]! !== 46) continue;
    let k = p + 1;
    while (k < to && k - p <= 5 && isLetter(s[k]!)) k++;
    if (k > p + 1 && k - p <= 6 && k + 1 < to && (s[k]! === 40 || s[k]! === 58) && isDigit(s[k + 1]!))
      return true;
  }
  return false;
}

/**
 * The masked hashes of a line's tokens (split at blanks), at most MAX_TOKENS, into `out`
 * from `into` on, and, when asked, into `values.numbered` (from `into` on too) whether each holds a digit and
 * names no file (a value, an id, a time) and into `values.files` the file it names; how
 * many there are. The line is `line` read from `from`, or its characters from `from` to
 * `end` in a text it starts in at `first` (the Doc's source).
 */
export function maskLine(
  line: string,
  out: Int32Array,
  from: number,
  values?: Values,
  into = 0,
  end = line.length,
  first = 0,
): number {
  const text = first === 0 && end === line.length ? line : line.slice(first, end);
  if (text.length > lineCodes.length) lineCodes = new Uint16Array(2 * text.length);
  // One line's units, copied here (a native write costs more for so few); what stands past
  // the line in the array is never read (maskCodes reads no further than `end`).
  const units = lineCodes;
  for (let k = 0; k < text.length; k++) units[k] = text.charCodeAt(k);
  return maskCodes(units, out, from - first, values, into, end - first, 0);
}

/** What maskLine writes of a line's tokens besides their hashes, when asked. */
type Values = { readonly numbered: Uint8Array; readonly files: Int32Array };

/** The code units maskLine reads a line's from, made once and grown. */
let lineCodes = new Uint16Array(256);

/**
 * maskLine of the line `[from, end)` of a text, which starts in it at `first`, read from
 * `line`: the text's code units (codesOf).
 */
export function maskCodes(
  line: Uint16Array,
  out: Int32Array,
  from: number,
  values: Values | undefined,
  into: number,
  end: number,
  first: number,
): number {
  let n = 0;
  let i = from;
  // The line's codes and shape, in locals until its end (a module's variables are kept in memory).
  let lineErrors = 0;
  let lineShape = FNV;
  while (i < end && n < MAX_TOKENS) {
    let d = line[i]!;
    if (d === 32 || d === 9) {
      i++;
      continue;
    }
    // A token is read here once, as maskToken would read it: most tokens are words, their
    // own hash. From its first digit on it is masked from its start, in the pass that finds
    // its end; a path is read again as maskToken reads it.
    let raw = FNV;
    let j = i;
    // 0: a word so far; 1: a digit; 2: a slash (a path).
    let kind = 0;
    // Whether a quote stands in it (a quoted text, a JSON record's value): no name.
    let quoted = false;
    for (;;) {
      if (d <= 57) {
        if (d === 32 || d === 9) break;
        if (d >= 47) {
          kind = d === 47 ? 2 : 1;
          break;
        }
        if (d === 34 || d === 39) quoted = true;
      }
      raw = Math.imul(raw ^ d, 0x01000193);
      if (++j >= end) break;
      d = line[j]!;
    }
    // The token's hash.
    let t = raw;
    if (kind === 1) {
      const masked = maskRuns(line, i, end, FNV, true);
      j = runsEnd();
      if (j < end && line[j]! === 47) kind = 2;
      else if (isCode(line, i, j, first)) {
        t = hashOf(line, i, j);
        lineErrors = mix(lineErrors, t);
      } else t = maskedOrId(masked);
    }
    if (kind === 2) {
      t = maskPath(line, i, end, first);
      j = pathEnd();
    } else if (kind === 0 && (j - i > 24 || isBar(line, i, j))) t = maskedRuns(line, i, j);
    // The low bit says which tokens are names (isName): clear for a name, set for a value.
    t = named(t, kind === 0 && !quoted && isName(line, i, j));
    out[into + n] = t;
    // mix, written out as maskRuns writes it: this is read for every token.
    lineShape = Math.imul(lineShape ^ (kind === 2 ? ANY_PATH : t), 0x01000193);
    // A word (kind 0) holds no digit: no value, no file, and it is not read again.
    if (values && kind === 0) {
      values.numbered[into + n] = 0;
      values.files[into + n] = 0;
    } else if (values) {
      let digit = false;
      // The first `(` or `:`, where a place's line and column start (-1: none).
      let mark = -1;
      for (let k = i; k < j; k++) {
        const d = line[k]!;
        if (isDigit(d)) digit = true;
        else if ((d === 40 || d === 58) && mark < 0) mark = k;
      }
      const place = digit && mark >= 0 && isPlace(line, i, j);
      values.numbered[into + n] = digit && !place ? 1 : 0;
      // A file is told by its whole name (up to its line and column), not masked as files of one directory are.
      values.files[into + n] = place ? fileHash(line, i, mark) : 0;
    }
    n++;
    i = j;
  }
  codes = lineErrors;
  shape = lineShape;
  return n;
}

/** The hash of `s[from, to)` as it is, never 0. */
function fileHash(s: Uint16Array, from: number, to: number): number {
  return hashOf(s, from, to) | 1;
}
