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

import {
  formHash,
  formOf,
  hasToken,
  isBlank,
  isOf,
  isValue,
  lineRead,
  TOKENS,
  tokenEnd,
  VALUE,
} from "./line-forms.ts";

/** The dominant form holds at least this many lines, and half of the lines read. */
const FEWEST = 20;
/** A variant holds at most this share of the lines read (and all variants together too). */
const SHARE = 0.05;
/** Lines past this many are not read (a long log's forms are its messages'). */
const MOST = 20_000;
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

/** Lines read first to tell whether a form may dominate (most outputs have none: it costs the rest no pass). */
const SAMPLE = 64;

/** How a line reads against a form (readAgainst): blank, the form itself, maybe a variant of it, or neither. */
const BLANK = 0;
const SAME = 1;
const NEAR = 2;
const FAR = 3;

/** Where the NEAR line readAgainst read last varies the form: the place of the token in place of a word, and that token; else -1, and where the tokens past the form's start. */
const near = { at: -1, from: 0, to: 0, rest: 0 };

/**
 * How `line` reads against the form `tokens`, told token by token with nothing built:
 * SAME where formOf(line) is the form; NEAR where its form is a variant of it but for how
 * many lines hold it and, for tokens added, whether one is a word (isVariant: tokens added
 * after the whole form, or a word in place of one of its words: where, in `near`); FAR
 * where it is neither.
 */
function readAgainst(line: string, tokens: readonly string[]): number {
  lineRead(line);
  let k = 0;
  let i = 0;
  near.at = -1;
  while (i < line.length) {
    if (isBlank(line.charCodeAt(i))) {
      i++;
      continue;
    }
    // Tokens past the form's: a variant only where the form came whole before them.
    if (k === tokens.length) {
      if (near.at >= 0) return FAR;
      near.rest = i;
      return NEAR;
    }
    const t = tokens[k++]!;
    // A word of the form is a token that is no value: the same token is none either (told
    // where it ends, with no search for its end). A NUL alone is a form's placeholder too
    // (formOf puts it as it is).
    const end = i + t.length;
    const word =
      t !== VALUE && line.startsWith(t, i) && (end === line.length || isBlank(line.charCodeAt(end)));
    const j = word ? end : tokenEnd(line, i);
    const same = word || (t === VALUE && (isValue(line, i, j) || (j - i === 1 && line.charCodeAt(i) === 0)));
    if (!same) {
      // Another token for a value, a second token differing, or one that is no word (a
      // value, a token of no letter) is no variant.
      if (near.at >= 0 || t === VALUE || isValue(line, i, j) || !/[A-Za-z]/.test(line.slice(i, j)))
        return FAR;
      near.at = k - 1;
      near.from = i;
      near.to = j;
    }
    i = j;
  }
  if (k === 0) return BLANK;
  return k < tokens.length ? FAR : near.at >= 0 ? NEAR : SAME;
}

/**
 * Each line's form (undefined where blank, skipped, or not read) from `from` by `step`, and
 * how many lines each form holds; `read`: the lines not blank nor skipped. `same`: the
 * lines read against the form most lines may take (readAgainst), told there as SAME.
 */
function formsOf(
  lines: readonly string[],
  skip: (i: number) => boolean,
  step: number,
  same?: Int8Array,
  guess = "",
) {
  // Each line's form is kept only when every line is read (a sample's are not looked at again).
  const forms: (string | undefined)[] = step === 1 ? new Array(lines.length) : [];
  const count = new Map<string, number>();
  let read = 0;
  let main = "";
  let most = 0;
  // The form most lines read so far take, by its tokens: a line of it is told so (isOf),
  // its form not built.
  let mainTokens: string[] | undefined;
  for (let i = 0; i < lines.length; i += step) {
    if (skip(i)) continue;
    const line = lines[i]!;
    // Tried in a sample only, once a few lines are read and while that form holds half of
    // them: where it holds fewer, most lines are not of it.
    const form =
      same?.[i] === SAME
        ? guess
        : mainTokens && step > 1 && read >= 8 && most * 2 >= read && isOf(line, mainTokens)
          ? main
          : formOf(line);
    if (form === "") continue;
    read++;
    if (form === undefined) continue;
    if (step === 1) forms[i] = form;
    const c = (count.get(form) ?? 0) + 1;
    count.set(form, c);
    if (c > most) {
      if (form !== main) mainTokens = form.split(" ");
      main = form;
      most = c;
    }
  }
  return { forms, count, read, main, most };
}

/**
 * The variant lines, where a sample found `guess` the form most may take: each line read
 * against it first (readAgainst). Where it holds more than half of the lines read, it is
 * the dominant form, whichever lines come first, and only the NEAR lines are variants:
 * each is told by what it puts in place of a word or adds (one token, not its whole form
 * built). Where it holds half or less, another form may dominate: where none may (formHash),
 * there are none; else every line's form is built, as formsOf does, and judged.
 */
function variantsAgainst(lines: readonly string[], skip: (i: number) => boolean, guess: string): number[] {
  const tokens = guess.split(" ");
  const how = new Int8Array(lines.length);
  // What each NEAR line varies: the place and word put in, or the tokens added.
  const keys: string[] = new Array(lines.length);
  let read = 0;
  let most = 0;
  for (let i = 0; i < lines.length; i++) {
    if (skip(i)) continue;
    const line = lines[i]!;
    const h = readAgainst(line, tokens);
    how[i] = h;
    if (h === BLANK) continue;
    read++;
    if (h === SAME) most++;
    else if (h === NEAR)
      keys[i] =
        near.at >= 0
          ? `${near.at} ${line.slice(near.from, near.to)}`
          : `+${formOf(line, near.rest, TOKENS - tokens.length) ?? ""}`;
  }
  if (most * 2 <= read) {
    if (!mayDominate(lines, skip, how, read, most)) return [];
    return judged(lines, formsOf(lines, skip, 1, how, guess));
  }
  // A dominant form of no word has no variant (variantLines).
  if (most < FEWEST || !tokens.some(isWord)) return [];
  const count = new Map<string, number>();
  for (const key of keys) if (key !== undefined) count.set(key, (count.get(key) ?? 0) + 1);
  const cap = Math.floor(read * SHARE);
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const key = keys[i];
    // `+`: tokens added, a variant where one is a word; more than TOKENS in all, no form.
    if (key === undefined || key === "+" || count.get(key)! > cap) continue;
    if (key.startsWith("+") && !key.slice(1).split(" ").some(isWord)) continue;
    out.push(i);
  }
  return out.length <= cap ? out : [];
}

/**
 * Whether a form may hold half of the `read` lines, where the sampled form holds `same` of
 * them (the lines `how` tells SAME): it, or another by the hashes of the other lines' forms.
 */
function mayDominate(
  lines: readonly string[],
  skip: (i: number) => boolean,
  how: Int8Array,
  read: number,
  same: number,
): boolean {
  if (same * 2 >= read) return true;
  // Every line of another form is one of these: its hash holds it (and maybe more).
  const held = new Map<number, number>();
  // The lines of another form not hashed yet: once the most any hash holds and all of them
  // together fall short of half, none can reach it (the rest need not be read).
  let left = read - same;
  let most = 0;
  for (let i = 0; i < lines.length; i++) {
    if (skip(i) || how[i] === SAME || how[i] === BLANK) continue;
    left--;
    const h = formHash(lines[i]!);
    if (h >= 0) {
      const c = (held.get(h) ?? 0) + 1;
      if (c * 2 >= read) return true;
      held.set(h, c);
      if (c > most) most = c;
    }
    if ((most + left) * 2 < read) return false;
  }
  return false;
}

/** The lines of a variant of the dominant form, given every line's form (formsOf). */
function judged(lines: readonly string[], all: ReturnType<typeof formsOf>): number[] {
  const { forms, count, read, main: mainKey, most } = all;
  if (most < FEWEST || most * 2 < read) return [];
  const main = mainKey.split(" ");
  if (!main.some(isWord)) return [];
  const cap = Math.floor(read * SHARE);
  const out: number[] = [];
  const judged = new Map<string, boolean>();
  for (let i = 0; i < lines.length; i++) {
    const form = forms[i];
    if (form === undefined || form === mainKey) continue;
    let ok = judged.get(form);
    if (ok === undefined) {
      ok = count.get(form)! <= cap && isVariant(form.split(" "), main);
      judged.set(form, ok);
    }
    if (ok) out.push(i);
  }
  return out.length <= cap ? out : [];
}

/**
 * variantLines of an output of fewer than 2 SAMPLE lines: every line's form, judged, where
 * one may hold half of them (by the hashes of their forms, formHash); none where none may.
 * Each line is told skipped or not once.
 */
function shortVariants(lines: readonly string[], skip: (i: number) => boolean): number[] {
  // 1: skipped; 2: blank (no token). The lines read are counted first, so that the hashes
  // stop once none can hold half of them.
  const skipped = new Uint8Array(lines.length);
  let read = 0;
  for (let i = 0; i < lines.length; i++) {
    if (skip(i)) skipped[i] = 1;
    else if (hasToken(lines[i]!)) read++;
    else skipped[i] = 2;
  }
  const held = new Map<number, number>();
  let left = read;
  let most = 0;
  for (let i = 0; i < lines.length; i++) {
    if (skipped[i] !== 0) continue;
    left--;
    const h = formHash(lines[i]!);
    if (h >= 0) {
      const c = (held.get(h) ?? 0) + 1;
      held.set(h, c);
      if (c > most) most = c;
    }
    if (most + left < FEWEST || (most + left) * 2 < read) return [];
  }
  if (most < FEWEST || most * 2 < read) return [];
  return judged(
    lines,
    formsOf(lines, (i) => skipped[i] === 1, 1),
  );
}

/**
 * The form most sampled lines (those read by `step`) take, as formsOf(lines, skip, step)
 * tells it (`main`), where it holds a third of them; undefined where none does; "" where no
 * line is read. Told by the hashes of their forms (formHash) with no form built but the one
 * most take: a hash holds at least the lines of each form that has it, so where the hash
 * first held by most lines holds one form only (each of its lines is of it: isOf), that form
 * is the one first held by most. Else (two forms share it) every sampled form is built.
 */
function sampleMain(
  lines: readonly string[],
  skip: (i: number) => boolean,
  step: number,
): string | undefined {
  const held = new Map<number, number>();
  const hashes: number[] = [];
  let read = 0;
  let most = 0;
  let top = -1;
  for (let i = 0; i < lines.length; i += step) {
    const h = skip(i) ? -1 : formHash(lines[i]!);
    hashes.push(h);
    if (h === -1) continue;
    read++;
    if (h < 0) continue;
    const c = (held.get(h) ?? 0) + 1;
    held.set(h, c);
    if (c > most) {
      most = c;
      top = h;
    }
  }
  if (read === 0) return "";
  if (most * 3 < read) return undefined;
  const first = hashes.indexOf(top);
  const main = formOf(lines[first * step]!)!;
  const tokens = main.split(" ");
  for (let k = first + 1; k < hashes.length; k++)
    if (hashes[k] === top && !isOf(lines[k * step]!, tokens)) {
      const sample = formsOf(lines, skip, step);
      return sample.most * 3 < sample.read ? undefined : sample.main;
    }
  return main;
}

/** Lines of a variant of the dominant form (see above), in order; none where no form dominates. */
export function variantLines(lines: readonly string[], skip: (i: number) => boolean): number[] {
  // Fewer lines than FEWEST hold no dominant form (a minified JSON's one line is not read at all).
  if (lines.length > MOST || lines.length < FEWEST) return [];
  // A sample spread over the output first: where no form holds a third of it, none holds half
  // of all. Where the sample would be every line (a short output), all are read (shortVariants).
  const step = Math.max(1, Math.floor(lines.length / SAMPLE));
  if (step === 1) return shortVariants(lines, skip);
  const main = sampleMain(lines, skip, step);
  if (main === undefined) return [];
  if (main === "") return judged(lines, formsOf(lines, skip, 1));
  return variantsAgainst(lines, skip, main);
}
