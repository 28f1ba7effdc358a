/**
 * The readability rule for excerpts (issue 24): every word of an excerpt is a whole word
 * of the original or a word of cairn's framing (src/compress/excerpt/framing.ts); nothing
 * a reader must expand (brace groups, `{1..5}`, bracket ranges, ellipses inside a word).
 *
 * A word is what blanks separate. A word of the excerpt that is not a word of the
 * original may still be one written whole in a readable group: its parts (cut at `/ @ :
 * = , ( ) ' " \``) are then each a part of some word of the original (`node_modules/x/:
 * a.js` writes `a.js`, a part of `node_modules/x/a.js`). Braces, brackets, `|` and `…`
 * are never cut at, so a made-up `e{scape,slint}` or `part[1-3]` is never whole.
 */

import { isFramingWord } from "../../src/compress/excerpt/framing.ts";

const PARTS = /[/@:=,()'"`]+/;

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

export interface Vocabulary {
  readonly words: ReadonlySet<string>;
  readonly parts: ReadonlySet<string>;
  readonly text: string;
}

export function vocabularyOf(original: string): Vocabulary {
  const words = new Set(wordsOf(original));
  const parts = new Set<string>();
  // A cell of a table written with `|` between its values (sqlite3, psql) is a whole word too.
  for (const w of words) {
    for (const p of w.split(PARTS)) if (p) parts.add(p);
    if (w.includes("|")) for (const p of w.split(/[/@:=,()'"`|]+/)) if (p) parts.add(p);
  }
  return { words, parts, text: original };
}

/** Brace groups (`{a,b}`, `{1..5}`) and bracket ranges (`[1-3]`) of an excerpt that the original does not hold. */
export function madeUpGroups(original: string, excerpt: string): string[] {
  const found = [
    ...excerpt.matchAll(/\{[^{}\s]*(?:,|\.\.)[^{}\s]*\}/g),
    ...excerpt.matchAll(/\[[^\]\s]-[^\]\s]\]/g),
  ].map((m) => m[0]);
  return found.filter((g) => !original.includes(g));
}

/** A commit hash written by its first 7 or more characters, as git abbreviates it. */
function abbreviatedHash(v: Vocabulary, w: string): boolean {
  if (!/^[0-9a-f]{7,39}$/.test(w)) return false;
  for (const word of v.words)
    if (word.length > w.length && word.startsWith(w) && /^[0-9a-f]{40,64}$/.test(word)) return true;
  return false;
}

/** The words of an excerpt's body that are neither the original's nor framing. */
export function madeUpWords(v: Vocabulary, excerpt: string): string[] {
  const bad: string[] = [];
  for (const word of wordsOf(excerpt)) {
    if (v.words.has(word) || isFramingWord(word)) continue;
    // A note's brackets are framing around the words inside.
    const w = word.replace(/^\[+|\]+$/g, "");
    if (v.words.has(w) || abbreviatedHash(v, w)) continue;
    const parts = w.split(PARTS).filter(Boolean);
    if (parts.length > 0 && parts.every((p) => v.parts.has(p) || isFramingWord(p))) continue;
    bad.push(w);
  }
  return bad;
}

/** Everything made up in an excerpt's body: groups and words. */
export function madeUp(original: string, excerpt: string, v = vocabularyOf(original)): string[] {
  return [...madeUpGroups(original, excerpt), ...madeUpWords(v, excerpt)];
}
