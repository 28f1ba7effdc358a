// intentLines as it stood at b50035b, each line's candidates asked up front: the reference
// its equivalence test (intent-same.test.ts) reads. Only what intentLines needs is kept.

import { intentWords } from "../../../../src/compress/excerpt/intent.ts";

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
 * not inside a name (`ConfModule.pm`, one module among a hundred).
 */
function wordAt(word: string, plural: boolean): RegExp | undefined {
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

function lowered(lines: readonly string[]): Lowered | null {
  let low = loweredOf.get(lines);
  if (low !== undefined) return low;
  const starts = new Int32Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) {
    const n = lines[i]!.length;
    // A line longer than LONGEST never counts: it is left out of the text (an empty line there).
    starts[i + 1] = starts[i]! + (n > LONGEST ? 0 : n) + 1;
  }
  const text = lines
    .map((line) => (line.length > LONGEST ? "" : line))
    .join("\n")
    .toLowerCase();
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
 * The lines (indexes, in order) that may count (`counted`) whose lowered text holds `word`,
 * up to `cap` + 1 of them: a word held by more than `cap` lines is left out however many.
 */
function linesHolding(lines: readonly string[], word: string, counted: Uint8Array, cap: number): number[] {
  const at: number[] = [];
  const low = lowered(lines);
  if (!low || word.includes("\n") || word === "") {
    for (let i = 0; i < lines.length && at.length <= cap; i++)
      if (counted[i] === 1 && lines[i]!.toLowerCase().includes(word)) at.push(i);
    return at;
  }
  const { text, starts } = low;
  for (let p = text.indexOf(word); p >= 0 && at.length <= cap; ) {
    const line = lineAt(starts, p);
    if (counted[line] === 1) at.push(line);
    p = text.indexOf(word, starts[line + 1]!);
  }
  return at;
}

/** A word held by this many times more lines than the rarer words chose adds no fact. */
const COMMONER = 3;

/** At most this share of an output's lines are facts by intent (else its words are too common to tell). */
const MOST = 0.12;

/**
 * The lines (indexes) that hold a word of the intent, once words held by too many lines
 * are left out. `candidates` says which lines may count (not blank, not noise).
 */
export function intentLines(
  lines: readonly string[],
  intent: string | undefined,
  candidates: (i: number) => boolean = () => true,
  most = MOST,
): number[] {
  const words = intentWords(intent);
  if (words.length === 0) return [];
  const plurals = pluralsOf(intent);
  const counted = new Uint8Array(lines.length);
  let total = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!candidates(i) || lines[i]!.length > LONGEST) continue;
    counted[i] = 1;
    total++;
  }
  // Under one line's share no word can be held by few enough lines: none are sought.
  if (total * most < 1) return [];
  // Past total * most lines a word is left out (below), so its lines are sought no further.
  const hits = words.map((w) => linesHolding(lines, w, counted, Math.floor(total * most)));
  // The words that tell lines apart, rarest first, while the lines they hold stay few.
  const order = words.map((_, k) => k).sort((a, b) => hits[a]!.length - hits[b]!.length);
  // How common a word is, and whether the next may join, is judged by every line holding
  // it anywhere (`reached`), as before words were held whole: a line left out for holding
  // a word only inside another never lets a commoner word in.
  const reached = new Set<number>();
  const chosen = new Set<number>();
  for (const k of order) {
    const at = hits[k]!;
    if (at.length === 0 || at.length > total * most) continue;
    // A word far commoner than those already chosen names the output's own vocabulary
    // (`package` in a package list asked about openssl), not what is after.
    if (reached.size > 0 && at.length > COMMONER * Math.max(3, reached.size)) break;
    const grown = new Set([...reached, ...at]);
    if (grown.size > Math.max(3, total * most)) break;
    const held = wordAt(words[k]!, plurals.has(words[k]!));
    for (const i of at) {
      reached.add(i);
      if (!held || held.test(lines[i]!)) chosen.add(i);
    }
  }
  return [...chosen].sort((a, b) => a - b);
}
