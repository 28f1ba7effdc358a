/**
 * A few lines written in letters the rest never use: `Grünbeck Wasseraufbereitung GmbH`
 * and `Hengkang（Hangzhou）Co.,Ltd` among 120 vendors' names in ASCII. Such a line is one
 * of a kind the templates cannot tell (its words are any words): a name an ASCII-only
 * reader or parser may choke on, what an engineer scanning the table sees at once. Letters
 * and CJK's full-width forms count; symbols (a tree's drawing, ✓, an emoji) and the
 * ellipsis a tool cuts with are not writing. Pure.
 */

/**
 * A character of the blocks that hold letters past ASCII (Latin-1 to Greek Extended, CJK,
 * Hangul, full-width forms), sought over the text whole, not line by line: most outputs
 * hold none. The blocks between (U+2000 to U+2FFF: punctuation, arrows, box drawing,
 * dingbats, letterlike symbols such as node's `ℹ`) and emoji are no writing.
 */
const WIDE = /[\u0080-\u1fff\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;
/** Of those, a letter, or a CJK or full-width punctuation mark (not `©`, `°`, a no-break space). */
const FOREIGN = /[\p{L}\u3000-\u303f\uff00-\uffef]/u;
/** At most this share of the lines (and at least MIN_LINES lines in all), */
const SHARE = 0.02;
const MIN_LINES = 50;
/** and this many lines at most. */
const MOST = 8;
/** A line longer than this (minified code, a data blob) is not read. */
const LONGEST = 2000;

/**
 * The lines holding foreign letters, when they are few among many lines of ASCII. `source`:
 * the text the lines were split from at its newlines (a Doc's), searched in place of the
 * lines joined again (a copy of the whole output, most of this search's time).
 */
export function foreignLetters(lines: readonly string[], source?: string): number[] {
  const n = lines.length;
  if (n < MIN_LINES) return [];
  const most = Math.min(MOST, Math.floor(n * SHARE));
  const text = source !== undefined && isJoined(lines, source) ? source : lines.join("\n");
  // A text of ASCII alone (as long in UTF-8 as in characters, counted natively) holds no
  // letter past it: most outputs, told without the search trying each character.
  if (Buffer.byteLength(text, "utf8") === text.length) return [];
  const out: number[] = [];
  // The line of each match, found by the newlines passed since the last one.
  let line = 0;
  let at = 0;
  WIDE.lastIndex = 0;
  for (let m = WIDE.exec(text); m !== null; m = WIDE.exec(text)) {
    if (!FOREIGN.test(m[0])) continue;
    for (let nl = text.indexOf("\n", at); nl >= 0 && nl < m.index; nl = text.indexOf("\n", nl + 1)) {
      line++;
      at = nl + 1;
    }
    if (lines[line]!.length <= LONGEST) out.push(line);
    if (out.length > most) return [];
    // On to the next line: one letter a line is enough.
    const next = text.indexOf("\n", m.index);
    if (next < 0) break;
    WIDE.lastIndex = next;
  }
  return out;
}

/**
 * Whether `source` is `lines` joined at newlines, but for a final newline the lines leave
 * out (a Doc drops the empty line after it): told by its length, as the Doc's lines are
 * its source split at its newlines.
 */
function isJoined(lines: readonly string[], source: string): boolean {
  let length = lines.length - 1;
  for (const line of lines) length += line.length;
  return source.length === length || (source.length === length + 1 && source.endsWith("\n"));
}
