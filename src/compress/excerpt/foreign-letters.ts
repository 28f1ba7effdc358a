/**
 * A few lines written in letters the rest never use: `Grünbeck Wasseraufbereitung GmbH`
 * and `Hengkang（Hangzhou）Co.,Ltd` among 120 vendors' names in ASCII. Such a line is one
 * of a kind the templates cannot tell (its words are any words): a name an ASCII-only
 * reader or parser may choke on, what an engineer scanning the table sees at once. Letters
 * and CJK's full-width forms count; symbols (a tree's drawing, ✓, an emoji) and the
 * ellipsis a tool cuts with are not writing. Pure.
 */

/** Any character past ASCII: the cheap test every line passes first. */
const WIDE = /[^\x00-\x7f]/;
/** A letter past ASCII (not a letterlike symbol: node's `ℹ tests 48`), or a CJK or full-width punctuation mark. */
const FOREIGN = /(?![\x00-\x7f\u2100-\u214f])[\p{L}\u3000-\u303f\uff00-\uffef]/u;
/** At most this share of the lines (and at least MIN_LINES lines in all), */
const SHARE = 0.02;
const MIN_LINES = 50;
/** and this many lines at most. */
const MOST = 8;

/** The lines holding foreign letters, when they are few among many lines of ASCII. */
export function foreignLetters(lines: readonly string[], from = 0): number[] {
  const n = lines.length - from;
  if (n < MIN_LINES) return [];
  const most = Math.min(MOST, Math.floor(n * SHARE));
  const out: number[] = [];
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || !WIDE.test(line) || !FOREIGN.test(line)) continue;
    out.push(i);
    if (out.length > most) return [];
  }
  return out;
}
