/**
 * Variants of the one form most lines take. Where most lines are one sentence with values
 * put in (`path:12:3 - Unknown word (Sindre)`, `dangling blob <hash>`), templates split them
 * by their values (each unknown word a kind of its own), and a few lines that say more
 * (`… Unknown word (insted) fix: (instead)`: cspell's suggested fix) or say another word in
 * the sentence (`dangling commit <hash>` among 150 `dangling blob`s) are no rarer than the
 * values: the first is lost among alike rare lines, the second shown by its first and last.
 * Yet such a variant is the news of the output. A line's form is its words with every value
 * (a token holding a digit or a slash, or put in brackets or quotes) one placeholder; where
 * one form holds most lines, the few lines of a form that adds words at its end or puts
 * another word at one of its places are facts. Pure; the engine (engine.ts) makes them so.
 */

/** The dominant form holds at least this many lines, and half of the lines read. */
const FEWEST = 20;
/** A variant holds at most this share of the lines read (and all variants together too). */
const SHARE = 0.05;
/** Lines past this many are not read (a long log's forms are its messages'). */
const MOST = 20_000;
const VALUE = "\u0000";

/** A token that is a value: it holds a digit or a slash, or is put in brackets or quotes. */
function isValue(token: string): boolean {
  return /[\d/]/.test(token) || /^[([{<"'`]/.test(token) || /[)\]}>"'`]$/.test(token);
}

/** A line's form: its tokens, each value one placeholder. */
function formOf(line: string): string[] {
  const tokens = line.trim().split(/\s+/);
  for (let k = 0; k < tokens.length; k++) if (isValue(tokens[k]!)) tokens[k] = VALUE;
  return tokens;
}

const isWord = (token: string) => token !== VALUE && /[A-Za-z]/.test(token);

/** Whether `form` is `main` with words added at its end, or with one word in place of another. */
function isVariant(form: readonly string[], main: readonly string[]): boolean {
  if (form.length > main.length) {
    for (let k = 0; k < main.length; k++) if (form[k] !== main[k]) return false;
    return form.slice(main.length).some(isWord);
  }
  if (form.length !== main.length) return false;
  let differ = -1;
  for (let k = 0; k < main.length; k++) {
    if (form[k] === main[k]) continue;
    if (differ >= 0) return false;
    differ = k;
  }
  return differ >= 0 && isWord(form[differ]!) && isWord(main[differ]!);
}

/** Lines of a variant of the dominant form (see above), in order; none where no form dominates. */
export function variantLines(lines: readonly string[], skip: (i: number) => boolean): number[] {
  if (lines.length > MOST) return [];
  const forms: (string[] | undefined)[] = new Array(lines.length);
  const count = new Map<string, number>();
  let read = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() === "" || skip(i)) continue;
    const form = formOf(lines[i]!);
    forms[i] = form;
    read++;
    const key = form.join(" ");
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  let mainKey = "";
  let most = 0;
  for (const [key, c] of count) if (c > most) [mainKey, most] = [key, c];
  if (most < FEWEST || most * 2 < read) return [];
  const main = mainKey.split(" ");
  if (!main.some(isWord)) return [];
  const cap = Math.floor(read * SHARE);
  const out: number[] = [];
  const judged = new Map<string, boolean>();
  for (let i = 0; i < lines.length; i++) {
    const form = forms[i];
    if (!form) continue;
    const key = form.join(" ");
    if (key === mainKey) continue;
    let ok = judged.get(key);
    if (ok === undefined) {
      ok = count.get(key)! <= cap && isVariant(form, main);
      judged.set(key, ok);
    }
    if (ok) out.push(i);
  }
  return out.length <= cap ? out : [];
}
