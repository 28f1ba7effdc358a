/**
 * A line's form, as variantLines (variant-lines.ts) reads it: its tokens (split at blanks)
 * with every value (a token holding a digit or a slash, or put in brackets or quotes) one
 * placeholder; told built (formOf), against a form's tokens (isOf), or hashed (formHash).
 */
export const VALUE = "\u0000";

/** Of each ASCII character: 1 where it opens brackets or quotes, 2 where it closes them, 3 both. */
const BRACKETS = new Uint8Array(128);
for (const c of [40, 91, 123, 60, 34, 39, 96]) BRACKETS[c]! |= 1;
for (const c of [41, 93, 125, 62, 34, 39, 96]) BRACKETS[c]! |= 2;

/** Whether `line[from, to)` is a value: it holds a digit or a slash, or is put in brackets or quotes. */
export function isValue(line: string, from: number, to: number): boolean {
  // A table read, not a Set's: this is asked of each token of each line.
  const a = line.charCodeAt(from);
  const z = line.charCodeAt(to - 1);
  if ((a < 128 && (BRACKETS[a]! & 1) !== 0) || (z < 128 && (BRACKETS[z]! & 2) !== 0)) return true;
  for (let k = from; k < to; k++) {
    const c = line.charCodeAt(k);
    if ((c >= 48 && c <= 57) || c === 47) return true;
  }
  return false;
}

export const isBlank = (c: number) => c === 32 || c === 9;

/** Whether the line being read holds a tab (lineRead): where it holds none, its tokens end at a space. */
let tabbed = false;

/** Reads `line` next: whether it holds a tab, told once (a native search), not at every token. */
export function lineRead(line: string): void {
  tabbed = line.includes("\t");
}

/** Where the token of `line` (the line lineRead was last told) at `from` ends: its next blank, or the line's end. */
export function tokenEnd(line: string, from: number): number {
  if (!tabbed) {
    const j = line.indexOf(" ", from);
    return j < 0 ? line.length : j;
  }
  let j = from;
  while (j < line.length && !isBlank(line.charCodeAt(j))) j++;
  return j;
}

/** A line of more tokens than this has no form read (a log's message, a JSON line): a sentence with values is short. */
export const TOKENS = 24;

/** A line's form: its tokens (split at blanks) joined by one blank, each value one placeholder; "" when blank, undefined past TOKENS. */
export function formOf(line: string, from = 0, most = TOKENS): string | undefined {
  lineRead(line);
  let form = "";
  let tokens = 0;
  let i = from;
  while (i < line.length) {
    if (isBlank(line.charCodeAt(i))) {
      i++;
      continue;
    }
    const j = tokenEnd(line, i);
    if (++tokens > most) return undefined;
    form += (tokens > 1 ? " " : "") + (isValue(line, i, j) ? VALUE : line.slice(i, j));
    i = j;
  }
  return form;
}

/**
 * Whether formOf(line) is the form `tokens` (readAgainst's SAME in variant-lines.ts), told
 * token by token with nothing built and left at the first token that differs.
 */
export function isOf(line: string, tokens: readonly string[]): boolean {
  let k = 0;
  let i = 0;
  let told = false;
  while (i < line.length) {
    if (isBlank(line.charCodeAt(i))) {
      i++;
      continue;
    }
    if (k === tokens.length) return false;
    const t = tokens[k++]!;
    if (t !== VALUE) {
      const end = i + t.length;
      if (!line.startsWith(t, i) || (end < line.length && !isBlank(line.charCodeAt(end)))) return false;
      i = end;
      continue;
    }
    if (!told) lineRead(line);
    told = true;
    const j = tokenEnd(line, i);
    if (!isValue(line, i, j) && !(j - i === 1 && line.charCodeAt(i) === 0)) return false;
    i = j;
  }
  return k === tokens.length;
}

/**
 * A hash of `line`'s form (formOf), built from its tokens with no form built: the same for
 * lines of one form, so that no hash held by fewer than half of the lines read leaves a
 * form held by half (two forms may share one: never the other way). -1 where the line
 * is blank, -2 where it has no form (past TOKENS).
 */
export function formHash(line: string): number {
  lineRead(line);
  let h = 0x811c9dc5;
  let tokens = 0;
  let i = 0;
  while (i < line.length) {
    if (isBlank(line.charCodeAt(i))) {
      i++;
      continue;
    }
    const j = tokenEnd(line, i);
    if (++tokens > TOKENS) return -2;
    h = Math.imul(h ^ 32, 0x01000193);
    // A value is its placeholder, a NUL (as a NUL token is in a form). Its characters are
    // hashed as they are read for a digit or a slash (isValue's), the hash left where one is.
    const a = line.charCodeAt(i);
    const z = line.charCodeAt(j - 1);
    let value = (a < 128 && (BRACKETS[a]! & 1) !== 0) || (z < 128 && (BRACKETS[z]! & 2) !== 0);
    let word = h;
    for (let k = i; k < j && !value; k++) {
      const c = line.charCodeAt(k);
      if ((c >= 48 && c <= 57) || c === 47) value = true;
      else word = Math.imul(word ^ c, 0x01000193);
    }
    h = value ? Math.imul(h, 0x01000193) : word;
    i = j;
  }
  // 30 bits: a small integer, held in a Map with no number boxed.
  return tokens === 0 ? -1 : h & 0x3fffffff;
}

/** Whether `line` holds a token: a character that is no blank. */
export function hasToken(line: string): boolean {
  for (let k = 0; k < line.length; k++) if (!isBlank(line.charCodeAt(k))) return true;
  return false;
}
