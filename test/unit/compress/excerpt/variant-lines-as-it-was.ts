// variantLines as it stood at cf8331a, before lines were read against the sampled form
// (readAgainst) and tokens ended at a native search: the reference its equivalence test reads.

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

const OPENS = new Set([40, 91, 123, 60, 34, 39, 96]);
const CLOSES = new Set([41, 93, 125, 62, 34, 39, 96]);

/** Whether `line[from, to)` is a value: it holds a digit or a slash, or is put in brackets or quotes. */
function isValue(line: string, from: number, to: number): boolean {
  if (OPENS.has(line.charCodeAt(from)) || CLOSES.has(line.charCodeAt(to - 1))) return true;
  for (let k = from; k < to; k++) {
    const c = line.charCodeAt(k);
    if ((c >= 48 && c <= 57) || c === 47) return true;
  }
  return false;
}

const isBlank = (c: number) => c === 32 || c === 9;

/** Where the token of `line` at `from` ends: its next blank, or the line's end. */
function tokenEnd(line: string, from: number): number {
  let j = from;
  while (j < line.length && !isBlank(line.charCodeAt(j))) j++;
  return j;
}

/** A line of more tokens than this has no form read (a log's message, a JSON line): a sentence with values is short. */
const TOKENS = 24;

/** A line's form: its tokens (split at blanks) joined by one blank, each value one placeholder; "" when blank, undefined past TOKENS. */
function formOf(line: string): string | undefined {
  let form = "";
  let tokens = 0;
  let i = 0;
  while (i < line.length) {
    if (isBlank(line.charCodeAt(i))) {
      i++;
      continue;
    }
    const j = tokenEnd(line, i);
    if (++tokens > TOKENS) return undefined;
    form += (tokens > 1 ? " " : "") + (isValue(line, i, j) ? VALUE : line.slice(i, j));
    i = j;
  }
  return form;
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

/** Lines read first to tell whether a form may dominate (most outputs have none: it costs the rest no pass). */
const SAMPLE = 64;

/**
 * Whether `line`'s form is `form` (its tokens `tokens`), told token by token with nothing
 * built: a line of the form a sample found most is most lines where that form dominates.
 * True only where formOf(line) === form (false may be told of a line that is, and formOf
 * then says so).
 */
function isForm(line: string, tokens: readonly string[]): boolean {
  let k = 0;
  let i = 0;
  while (i < line.length) {
    if (isBlank(line.charCodeAt(i))) {
      i++;
      continue;
    }
    const j = tokenEnd(line, i);
    if (k === tokens.length) return false;
    const t = tokens[k++]!;
    // A word of the form is a token that is no value: the same token is none either.
    if (t === VALUE ? !isValue(line, i, j) : j - i !== t.length || !line.startsWith(t, i)) return false;
    i = j;
  }
  return k === tokens.length;
}

/**
 * Each line's form (undefined where blank, skipped, or not read) from `from` by `step`, and
 * how many lines each form holds; `read`: the lines not blank nor skipped. `guess`: a form
 * most lines may take, told before any is built.
 */
function formsOf(lines: readonly string[], skip: (i: number) => boolean, step: number, guess = "") {
  // Each line's form is kept only when every line is read (a sample's are not looked at again).
  const forms: (string | undefined)[] = step === 1 ? new Array(lines.length) : [];
  const count = new Map<string, number>();
  const guessed = guess === "" ? undefined : guess.split(" ");
  let read = 0;
  let main = "";
  let most = 0;
  for (let i = 0; i < lines.length; i += step) {
    if (skip(i)) continue;
    const form = guessed && isForm(lines[i]!, guessed) ? guess : formOf(lines[i]!);
    if (form === "") continue;
    read++;
    if (form === undefined) continue;
    if (step === 1) forms[i] = form;
    const c = (count.get(form) ?? 0) + 1;
    count.set(form, c);
    if (c > most) {
      main = form;
      most = c;
    }
  }
  return { forms, count, read, main, most };
}

/** Lines of a variant of the dominant form (see above), in order; none where no form dominates. */
export function variantLines(lines: readonly string[], skip: (i: number) => boolean): number[] {
  // Fewer lines than FEWEST hold no dominant form (a minified JSON's one line is not read at all).
  if (lines.length > MOST || lines.length < FEWEST) return [];
  // A sample spread over the output first: where no form holds a third of it, none holds half
  // of all. Where the sample is every line (a short output), it is the one pass.
  const step = Math.max(1, Math.floor(lines.length / SAMPLE));
  const sample = formsOf(lines, skip, step);
  if (sample.most * 3 < sample.read) return [];
  const {
    forms,
    count,
    read,
    main: mainKey,
    most,
  } = step === 1 ? sample : formsOf(lines, skip, 1, sample.main);
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
