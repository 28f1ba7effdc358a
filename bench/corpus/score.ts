/**
 * Is a fact in what the model sees? A fact is a list of parts that must all stand on one
 * line (colour codes stripped, runs of blanks collapsed, case ignored: `Exit code 2` and
 * `exit 2` state the same status); a part that looks like an
 * identifier must stand as a whole word, so `on` is not found inside `json`; an
 * abbreviated commit hash may be the start of a longer one; a number is a whole number
 * (line 5 is not found in 15 or TS2535).
 *
 * Collapsed facts: an excerpt may leave a fact out and say how to get it. The headline
 * recall counts such a fact as LOST: the model would need another call to see it.
 * `retrievable` counts it when the excerpt names a specific `--grep 'PATTERN'` (not the
 * header's placeholder) whose pattern matches the original line holding the fact, since
 * that command, run as printed, returns the fact. Both figures are reported.
 *
 * Brace groups: a line is read as bash's `echo` prints it, each word holding a group
 * `{a,b}` standing for its expansions (`lib/{x,y}.so` is `lib/x.so lib/y.so`), the way
 * an excerpt may collapse names that share a prefix or a suffix; a line with a single
 * group whose every expansion is a line of the original stands for those lines. A word
 * counts that way only when every one of its expansions appears in the original, so a
 * group cannot claim what the output does not hold; a word that fails that stays as written.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is stripped
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

export function normalize(text: string): string {
  return text
    .replace(ANSI, "")
    .replace(/[ \t]+/g, " ")
    .toLowerCase();
}

const WORDY = /^[A-Za-z_$][\w$]*$/;
/** An abbreviated commit hash: found at the start of a word, so the full hash counts too. */
const HASH = /^[0-9a-f]{7,12}$/;
const isWordChar = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);

/** Start offsets of `part` in `text`, whole words only where the part is an identifier. */
function* occurrences(text: string, part: string): Generator<number> {
  const hash = HASH.test(part);
  const number = !hash && /^\d+$/.test(part);
  const wordy = !hash && WORDY.test(part);
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
    if (hash && isWordChar(text[at - 1])) continue;
    if (number && (/\d/.test(text[at - 1] ?? "") || /\d/.test(text[at + part.length] ?? ""))) continue;
    if (!wordy || (!isWordChar(text[at - 1]) && !isWordChar(text[at + part.length]))) yield at;
  }
}

function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf("\n", at) + 1;
  const end = text.indexOf("\n", at);
  return text.slice(start, end < 0 ? text.length : end);
}

function partIn(line: string, part: string): boolean {
  return !occurrences(line, part).next().done;
}

/** The line of `text` (already normalized) holding every part of the fact, or undefined. */
export function lineWithFact(text: string, parts: readonly string[]): string | undefined {
  const norm = parts.map((p) => normalize(p).trim());
  const [first, ...rest] = [...norm].sort((a, b) => b.length - a.length);
  if (!first) return undefined;
  for (const at of occurrences(text, first)) {
    const line = lineAround(text, at);
    if (rest.every((p) => partIn(line, p))) return line;
  }
  return undefined;
}

/** The specific grep patterns an excerpt offers (`cairn show N --grep 'P'`), the header's placeholder excluded. */
export function offeredGreps(shown: string): RegExp[] {
  const out: RegExp[] = [];
  for (const m of shown.matchAll(/--grep '((?:[^']|'\\'')+)'/g)) {
    const pattern = m[1]!.replace(/'\\''/g, "'");
    if (pattern === "PATTERN") continue;
    try {
      out.push(new RegExp(pattern));
    } catch {
      // not a pattern the command would accept either
    }
  }
  return out;
}

const MAX_EXPANSIONS = 10_000;

/** Index of the `}` closing the `{` at `open`, or -1; and whether a comma stands at its top level. */
function closing(word: string, open: number): { end: number; comma: boolean } {
  let depth = 0;
  let comma = false;
  for (let i = open; i < word.length; i++) {
    const c = word[i];
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return { end: i, comma };
    else if (c === "," && depth === 1) comma = true;
  }
  return { end: -1, comma: false };
}

/** The top-level alternatives of a group's inside: `a,{b,c}d` → [`a`, `{b,c}d`]. */
function alternatives(inside: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inside.length; i++) {
    const c = inside[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      out.push(inside.slice(from, i));
      from = i + 1;
    }
  }
  out.push(inside.slice(from));
  return out;
}

/** bash's brace expansion of one word (comma groups only, no `{1..5}` ranges), or undefined past the limit. */
export function expandBraces(word: string): string[] | undefined {
  for (let open = word.indexOf("{"); open >= 0; open = word.indexOf("{", open + 1)) {
    const { end, comma } = closing(word, open);
    if (end < 0) return [word];
    if (!comma) continue;
    const head = word.slice(0, open);
    const out: string[] = [];
    for (const alt of alternatives(word.slice(open + 1, end))) {
      const rest = expandBraces(head + alt + word.slice(end + 1));
      if (!rest || out.length + rest.length > MAX_EXPANSIONS) return undefined;
      out.push(...rest);
    }
    return out;
  }
  return [word];
}

const BRACE_WORD = /[^\s]*\{[^\s]*,[^\s]*\}[^\s]*/g;
const HAS_BRACE = /\{[^\s]*,[^\s]*\}/;

/** The expansions of a brace word, when the original holds every one. */
function vouched(word: string, normalOriginal: string): string[] | undefined {
  const all = expandBraces(word);
  if (!all || all.length < 2) return undefined;
  return all.every((w) => normalOriginal.includes(normalize(w))) ? all : undefined;
}

/**
 * One line of `shown` as the model reads it. A line with one brace word whose every
 * expansion is a line of the original stands for those lines (`ERROR … order
 * ord_{17,42}: declined` is two ERROR lines); otherwise each vouched word is written out
 * in place, as bash's echo does.
 */
function readBraceLine(line: string, normalOriginal: string): string {
  const words = line.match(BRACE_WORD) ?? [];
  if (words.length === 1) {
    const word = words[0]!;
    const all = vouched(word, normalOriginal);
    if (!all) return line;
    const at = line.indexOf(word);
    const lines = all.map((w) => line.slice(0, at) + w + line.slice(at + word.length));
    if (lines.every((l) => normalOriginal.includes(normalize(l).trim()))) return lines.join("\n");
    return line.slice(0, at) + all.join(" ") + line.slice(at + word.length);
  }
  return line.replace(BRACE_WORD, (word) => vouched(word, normalOriginal)?.join(" ") ?? word);
}

/** `shown` with every brace word the original vouches for written out, as the model reads it. */
function readBraces(shown: string, normalOriginal: string): string {
  if (!/\{[^\s]*,/.test(shown)) return shown;
  return shown
    .split("\n")
    .map((line) => (HAS_BRACE.test(line) ? readBraceLine(line, normalOriginal) : line))
    .join("\n");
}

export interface Score {
  readonly facts: number;
  readonly kept: number;
  /** Kept, or collapsed with a specific --grep that returns it. */
  readonly retrievable: number;
  readonly lost: readonly (readonly string[])[];
}

export function score(original: string, shown: string, facts: readonly (readonly string[])[]): Score {
  const s = normalize(readBraces(shown, normalize(original)));
  const greps = offeredGreps(shown);
  // Normalizing keeps line breaks, so line i of one is line i of the other: the grep runs on the original.
  const originalLines = greps.length ? original.split("\n") : [];
  const normalLines = greps.length ? normalize(original).split("\n") : [];
  let kept = 0;
  let retrievable = 0;
  const lost: (readonly string[])[] = [];
  for (const f of facts) {
    if (lineWithFact(s, f) !== undefined) {
      kept++;
      retrievable++;
      continue;
    }
    lost.push(f);
    const found = normalLines.some(
      (line, i) => lineWithFact(line, f) !== undefined && greps.some((g) => g.test(originalLines[i]!)),
    );
    if (found) retrievable++;
  }
  return { facts: facts.length, kept, retrievable, lost };
}
