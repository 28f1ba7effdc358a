/**
 * What the agent said it runs a command for ("Show the dependency tree to see what pulls
 * in request", "Fetch today's orders to find failed payments"): the words that name what
 * it is after, and the lines of an output that hold them. Such lines are facts, however
 * rare or common their kind: the deep entry the user asked about, the failed payment.
 *
 * Only words that tell lines apart count: a word most lines hold ("test" in a test run)
 * names the output, not a part of it, and the lines matched stay a small share of the
 * output, or none are. A short word is held as a word, not inside a longer one (`pods`
 * in `PodScheduled`). Pure.
 */

import { rarestAt } from "./signs.ts";

/** Words that say what to do or how, not what to look for. */
const STOP = new Set(
  `about above after again against also another back because been before being below between both
  build check command commands could current details display does doing done down each else every
  fetch find first from full further have having here into just last latest list local look make
  more most much need only other output over print project recent result results rerun re-run same
  see should show some such than that their them then there these they this those through today
  today's under until very what when where which while whole why will with within without would your
  verbose verbosely logging inspect install verify confirm run running again currently`.split(/\s+/),
);

/** A word of the intent as it is matched: lower case, a plural's or a tense's ending off. */
function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 6 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 5 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith("es") && !w.endsWith("ses")) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** The stems of the words an intent says in the plural (`modules`, not `class`). */
function pluralsOf(intent: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const raw of (intent ?? "").split(/[^A-Za-z]+/)) {
    const w = raw.toLowerCase();
    if (w.length > 4 && w.endsWith("s") && !w.endsWith("ss") && stem(w) !== w) out.add(stem(w));
  }
  return out;
}

/** The words of an intent that may name what it is after. */
export function intentWords(intent: string | undefined): string[] {
  if (!intent) return [];
  const out = new Set<string>();
  for (const raw of intent.split(/[\s,;:!?()"'`]+/)) {
    const word = raw.replace(/^[^\w@./-]+|[^\w@/-]+$/g, "");
    if (word.length < 4 && !/[./@\d]/.test(word)) continue;
    if (STOP.has(word.toLowerCase())) continue;
    out.add(stem(word));
  }
  return [...out];
}

/**
 * A word shorter than this is held only where a word ends within a short ending of it:
 * `pods` is not in `PodScheduled`, nor `start` in `startswith`, while `fail` is in
 * `failures`, `retry` in `parseRetryAfter` (a capital starts a word) and `analyzer` in
 * `-Wanalyzer-malloc-leak`. A longer word names a thing by its start (`config` in
 * `configuration`) and is held wherever it stands.
 */
const LONG_WORD = 6;
const SHORT_ENDING = 4;

/**
 * Where a line (as it was) holds `word` as that word, not the start of another; undefined
 * where any place holds it. A word the agent said in the plural (`modules`) names things
 * of a kind, not one name's part: it is held where a word starts (`Module::Build`, `module`),
 * not inside a name (`ConfModule.pm`, one module among a hundred). A heading holds the
 * intent's words so too (asked-section.ts).
 */
export function wordAt(word: string, plural: boolean): RegExp | undefined {
  if (word.length >= LONG_WORD || !/^[a-z]+$/.test(word)) return undefined;
  const anyCase = [...word].map((c) => `[${c}${c.toUpperCase()}]`).join("");
  return new RegExp(`${plural ? "(?<![A-Za-z])" : ""}${anyCase}[a-z]{0,${SHORT_ENDING}}(?![a-z])`);
}

/** A line longer than this (minified code, a data blob) is not read for the intent's words. */
const LONGEST = 2000;

/** An output's lines lowered as one text, with where each line starts in it. */
interface Lowered {
  text: string;
  starts: Int32Array;
}

/**
 * Lowered once per output (the engine's intent and the error's words read the same lines),
 * and searched as one text: a word is sought once, not once a line.
 */
const loweredOf = new WeakMap<readonly string[], Lowered | null>();

/**
 * `source`: the text `lines` were split from at its newlines (a Doc's), lowered in place of
 * the lines joined again (a copy of the whole output).
 */
function lowered(lines: readonly string[], source: string | undefined): Lowered | null {
  let low = loweredOf.get(lines);
  if (low !== undefined) return low;
  const starts = new Int32Array(lines.length + 1);
  let long = false;
  for (let i = 0; i < lines.length; i++) {
    const n = lines[i]!.length;
    // A line longer than LONGEST never counts: it is left out of the text (an empty line there).
    if (n > LONGEST) long = true;
    starts[i + 1] = starts[i]! + (n > LONGEST ? 0 : n) + 1;
  }
  const text = (
    !long && source !== undefined && source.length === starts[lines.length]! - 1
      ? source
      : lines.map((line) => (line.length > LONGEST ? "" : line)).join("\n")
  ).toLowerCase();
  // Lowering that changes a length (`İ`) moves the line starts: such an output is read a line at a time.
  low = text.length === starts[lines.length]! - 1 || lines.length === 0 ? { text, starts } : null;
  loweredOf.set(lines, low);
  return low;
}

/** The line holding offset `p` of the lowered text: the last whose start is at or before it. */
function lineAt(starts: Int32Array, p: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Which lines may count, asked of `candidates` only when needed (0 not yet asked, 1 counts,
 * 2 does not), and how many of the first `scanned` lines count (`total`): a word's
 * decisions ask only whether the count reaches a share (`reaches`), so most of a long
 * output's lines are never asked about (rankAsked's asks a regex of each).
 */
class Counted {
  readonly lines: readonly string[];
  readonly candidates: (i: number) => boolean;
  readonly most: number;
  readonly known: Uint8Array;
  total = 0;
  scanned = 0;
  constructor(lines: readonly string[], candidates: (i: number) => boolean, most: number) {
    this.lines = lines;
    this.candidates = candidates;
    this.most = most;
    this.known = new Uint8Array(lines.length);
  }
  has(i: number): boolean {
    let k = this.known[i]!;
    if (k === 0) {
      k = this.lines[i]!.length <= LONGEST && this.candidates(i) ? 1 : 2;
      this.known[i] = k;
    }
    return k === 1;
  }
  /** Whether every line that counts, times `most`, reaches `x` (counted as far as that needs). */
  reaches(x: number): boolean {
    const n = this.lines.length;
    while (this.total * this.most < x && this.scanned < n) if (this.has(this.scanned++)) this.total++;
    return this.total * this.most >= x;
  }
}

/**
 * The lines (indexes, in order) that may count whose lowered text holds `word`, up to the
 * first one past the share `most` of the lines that count: a word held by more is left
 * out however many (its hits are then more than that share, as before they were cut).
 */
function linesHolding(
  low: Lowered | null,
  lines: readonly string[],
  word: string,
  counted: Counted,
): number[] {
  const at: number[] = [];
  if (!low || word.includes("\n") || word === "") {
    for (let i = 0; i < lines.length; i++)
      if (counted.has(i) && lines[i]!.toLowerCase().includes(word)) {
        at.push(i);
        if (!counted.reaches(at.length)) break;
      }
    return at;
  }
  const { text, starts } = low;
  // Sought by its part from its rarest character on (signs.ts, rarestAt), the part before
  // checked at each place found: a search stops wherever its first character stands, and
  // a word's first letter stands all over a text in lower case.
  const from = rarestAt(word);
  const rest = from === 0 ? word : word.slice(from);
  const before = word.slice(0, from);
  for (let p = text.indexOf(rest, from); p >= 0; ) {
    if (from > 0 && !text.startsWith(before, p - from)) {
      p = text.indexOf(rest, p + 1);
      continue;
    }
    const line = lineAt(starts, p - from);
    if (counted.has(line)) {
      at.push(line);
      if (!counted.reaches(at.length)) break;
    }
    p = text.indexOf(rest, starts[line + 1]! + from);
  }
  return at;
}

/** A word held by this many times more lines than the rarer words chose adds no fact. */
const COMMONER = 3;

/** At most this share of an output's lines are facts by intent (else its words are too common to tell). */
const MOST = 0.12;

/**
 * The lines (indexes) that hold a word of the intent, once words held by too many lines
 * are left out. `candidates` says which lines may count (not blank, not noise); `source`,
 * the text the lines were split from (a Doc's), spares joining them again to search.
 */
export function intentLines(
  lines: readonly string[],
  intent: string | undefined,
  candidates: (i: number) => boolean = () => true,
  most = MOST,
  source?: string,
): number[] {
  const words = intentWords(intent);
  if (words.length === 0) return [];
  const plurals = pluralsOf(intent);
  const counted = new Counted(lines, candidates, most);
  // Under one line's share no word can be held by few enough lines: none are sought.
  if (!counted.reaches(1)) return [];
  // Past that share of the lines a word is left out (below), so its lines are sought no further.
  const low = lowered(lines, source);
  const hits = words.map((w) => linesHolding(low, lines, w, counted));
  // The words that tell lines apart, rarest first, while the lines they hold stay few.
  const order = words.map((_, k) => k).sort((a, b) => hits[a]!.length - hits[b]!.length);
  // How common a word is, and whether the next may join, is judged by every line holding
  // it anywhere (`reached`), as before words were held whole: a line left out for holding
  // a word only inside another never lets a commoner word in.
  const reached = new Set<number>();
  const chosen = new Set<number>();
  for (const k of order) {
    const at = hits[k]!;
    if (at.length === 0 || !counted.reaches(at.length)) continue;
    // A word far commoner than those already chosen names the output's own vocabulary
    // (`package` in a package list asked about openssl), not what is after.
    if (reached.size > 0 && at.length > COMMONER * Math.max(3, reached.size)) break;
    // The lines reached with this word's (at's lines are distinct), counted, not gathered.
    let grown = reached.size;
    for (const i of at) if (!reached.has(i)) grown++;
    if (grown > 3 && !counted.reaches(grown)) break;
    const held = wordAt(words[k]!, plurals.has(words[k]!));
    for (const i of at) {
      reached.add(i);
      if (!held || held.test(lines[i]!)) chosen.add(i);
    }
  }
  return [...chosen].sort((a, b) => a - b);
}
