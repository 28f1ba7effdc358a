/**
 * What a line says on its face, whatever tool printed it: a problem (an error, a failure,
 * a warning), a success (a passing test, an `ok`), a place in code (`file:line`, a caret
 * under a source line), a summary or how the process ended. Pure regexes and small
 * functions; the excerpt engine (engine.ts) ranks lines by them.
 */
import { byFirstLetter } from "./first-letter.ts";
import { isAdvice, severityLetter } from "./severity-letter.ts";

/**
 * A word standing alone: not inside a path, a slug or an identifier (`api-keys-errors-1`,
 * `src/errors/index.ts`, `on_error` are names, not problems).
 */
const word = (alternatives: string) => `(?<![\\w/.\\-])(?:${alternatives})(?![\\w/\\-]|\\.\\w)`;

/** A status or type named in one word, its capitals as written: `TypeError`, `ImagePullBackOff`, `OOMKilled`, `ErrImagePull`. */
const STATUS = /\b[A-Z]\w*(?:Error|Exception|BackOff|Failed|Failure|Killed)\b|\bErr[A-Z]\w*/;

const PROBLEM_WORD_LIST =
  "error|errors|err!|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure|ures|ing|s)?|denied|refused|unable|cannot|can't|could ?n[o']t|not found|no such|invalid|missing|abort(?:ed|ing)?|segmentation fault|core dumped|timed? ?out|warn(?:ing|ings)?|deprecated|unhandled|uncaught|unmet|conflict|crash(?:ed|loopbackoff)?|backoff|oomkilled|out of memory|killed|evicted|unhealthy|rejected|undefined reference|not ok|alert|crit(?:ical)?|emerg(?:ency)?|severe|abnormal(?:ly)?";

const PROBLEM_WORDS = byFirstLetter(PROBLEM_WORD_LIST);
/** A line opening with a failure's mark (`✗`, `FAIL`): a problem whatever its words. */
const PROBLEM_MARK = /^\s*(?:✗|✘|✖|×|⨯|❌|FAIL\b)/i;
/** An error code, its `E` a capital (`E0308`, `E501`): `BIOS-e820` names a memory map. */
const CODE_MARK = /\bE\d{3,5}\b/;

/**
 * Words that say something went wrong or may have. (Tried apart from PROBLEM_MARK, which
 * is anchored: in one regex the marks' start was tried at every character.)
 */
const PROBLEM_WORD = new RegExp(word(PROBLEM_WORDS), "i");

/**
 * What a line PROBLEM_WORD matches must hold, found several times faster (each word starts
 * with a letter, so where nothing of a word is before it a word boundary is): most lines
 * hold none, and PROBLEM_WORD itself is tried only on those that do.
 */
const MAYBE_PROBLEM_WORD = new RegExp(`\\b(?:${PROBLEM_WORDS})`, "i");

/** The stronger half: failures, not advisories. */
const SEVERE_WORDS = byFirstLetter(
  "error|errors|err!|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure|ures|s)?|denied|refused|unable|cannot|could ?n[o']t|not found|no such|abort(?:ed)?|segmentation fault|core dumped|unhandled|uncaught|crash(?:ed|loopbackoff)?|out of memory|oomkilled|undefined reference|not ok",
);
const SEVERE_WORD = new RegExp(word(SEVERE_WORDS), "i");
/** What a line SEVERE_WORD matches must hold, as MAYBE_PROBLEM_WORD for PROBLEM_WORD. */
const MAYBE_SEVERE_WORD = new RegExp(`\\b(?:${SEVERE_WORDS})`, "i");

/**
 * A line that reports success though its words may sound bad: a passing test named
 * "throws an error on bad input", `ok 12 - rejects invalid ids`, `0 errors`.
 */
const SUCCESS =
  /^\s*(?:✓|✔|√|ok \d|PASS(?:ED)?\b|\[?\s*OK\s*\]?\s)|\bPASSED\b|\b(?:0|no) (?:errors?|warnings?|failures?|failed|problems?|vulnerabilities)\b(?![^,;]*\b[1-9]\d* (?:errors?|failed|failures?)\b)/;
/**
 * What a line SUCCESS matches must hold, found about twice as fast: a mark, `ok ` and a
 * digit, `PASS`, `OK`, or `0 `/`no ` before a problem's word (its first letter). Most
 * lines hold none, and SUCCESS, whose alternatives are tried at every character, is tried
 * only on those that do.
 */
const MAYBE_SUCCESS = /[✓✔√]|ok \d|PASS|OK|(?:0|no) [efpvw]/;
/** A count of problems in a tally, zero and not: `Failures: 0`, `failures = 0`; `Errors: 3`. */
const TALLIED = String.raw`\b(?:[Ee]rrors?|[Ff]ailures?|[Ff]ailed|[Ww]arnings?)\s*[:=]\s*`;
const ZERO_TALLY = new RegExp(String.raw`${TALLIED}0\b`);
const TALLY_ABOVE_ZERO = new RegExp(`${TALLIED}[1-9]`);

/**
 * SUCCESS, or a tally whose every count of problems is zero (surefire's `Tests run: 3,
 * Failures: 0, Errors: 0`, sqlite's `failures = 0`). Tried apart: one regex of both cost
 * twice as much a line.
 */
function succeeded(line: string): boolean {
  return (
    (MAYBE_SUCCESS.test(line) && SUCCESS.test(line)) ||
    (line.includes("0") && ZERO_TALLY.test(line) && !TALLY_ABOVE_ZERO.test(line))
  );
}

/**
 * A line of source code a tool quotes under a diagnostic, behind its gutter (`  12 │ x`,
 * `> 3 | x`, `  3 4 │ - x`), or lists whole behind a count (gcov's `    #####:  355:`, its
 * count right-aligned in nine columns: a clock's `10:23:45` is none): what it says is
 * code, not a problem.
 */
const CODE_FRAME =
  /^\s*>?\s*\d+(?:\s+\d+)?\s*[|│]|^\s+[|│]\s|^(?=[ \d*#=-]{9}:) *(?:-|#####|=====|\d+\*?): *\d+:/;

/** Whether a line is source code a tool quotes behind a gutter (a code frame). */
export function isCodeFrame(line: string): boolean {
  return CODE_FRAME.test(line);
}

/** STATUS or CODE_MARK, read in one search where most lines hold neither. */
const STATUS_OR_CODE = new RegExp(`${STATUS.source}|${CODE_MARK.source}`);
/**
 * What a line STATUS_OR_CODE matches must hold (`Error`, `Exception`, `Err` and a capital,
 * `E` and a digit; `BackOff`, `Failed`, `Failure`, `Killed`), found in a few times less:
 * STATUS reads each word from every capital and tries its endings at each character of it.
 */
const MAYBE_STATUS_OR_CODE = /E(?:rr|xc|\d)|BackOff|Fail|Killed/;

/** Whether a line reports a problem (and not a success that names one, nor quoted code). */
export function isProblem(line: string): boolean {
  return (
    line.length <= 4000 &&
    (PROBLEM_MARK.test(line) ||
      (MAYBE_PROBLEM_WORD.test(line) && PROBLEM_WORD.test(line)) ||
      (MAYBE_STATUS_OR_CODE.test(line) && STATUS_OR_CODE.test(line)) ||
      severityLetter(line) !== undefined) &&
    !succeeded(line) &&
    !CODE_FRAME.test(line) &&
    !isAdvice(line)
  );
}

/** An exception as a runtime prints it, its name then its message: `Error: x`, `java.io.IOException: x`. */
const EXCEPTION = /(?<![\w$.])[\w$.]*(?:Error|Exception):\s/g;

/**
 * Where the last exception printed at or past `from` in a line starts (a cause chain's
 * root, `caused by: Error: getaddrinfo EAI_AGAIN` deep in a JSON log line's stack), or -1:
 * what a line cut for length must not lose.
 */
export function lastExceptionFrom(line: string, from: number): number {
  EXCEPTION.lastIndex = from;
  let at = -1;
  for (let m = EXCEPTION.exec(line); m; m = EXCEPTION.exec(line)) at = m.index;
  return at;
}

/** Whether a line reports a success (a passing test, an `ok`). */
export function isSuccess(line: string): boolean {
  return succeeded(line);
}

/** Whether a problem line is a failure rather than a warning. */
export function isSevere(line: string): boolean {
  return (
    PROBLEM_MARK.test(line) ||
    (MAYBE_SEVERE_WORD.test(line) && SEVERE_WORD.test(line)) ||
    STATUS.test(line) ||
    isErrorLetter(severityLetter(line))
  );
}

const isErrorLetter = (letter: string | undefined) => letter === "E" || letter === "F";

/** A place in code: `file.ext:12`, `file.ext(12,5)`, `line 12`, `--> file:12:5` (linear: no nested repeats). */
const LOCATION = /\.[A-Za-z]\w{0,7}(?::\d|\(\d)|\bline \d|^\s*--> \S/;

export function hasLocation(line: string): boolean {
  return LOCATION.test(line);
}

/** A caret or tilde line pointing at a column of the line above it: blanks, a gutter, then `^~~~`. */
const CARET = /^[\s|│\d]*[\^~][\^~\s-]*(?:\s[^^~]{0,80})?$/;

export function isCaret(line: string): boolean {
  return line.length < 400 && CARET.test(line);
}

/** A stack frame or a code frame line: `    at f (file:1:2)`, `  File "x.py", line 3`, `  12 | code`. */
const FRAME = /^\s+(?:at\s|File "|\d+\s*[|│]|[|│]\s|-->\s|from\s\S+:\d+)|^\s*>\s*\d+\s*[|│]/;

export function isFrame(line: string): boolean {
  return FRAME.test(line);
}

/** A comparison an assertion printed: what was expected and what came. */
const COMPARISON =
  /^\s*(?:[-+]\s|Expected\b|Received\b|expected\b|actual\b|assert\s|AssertionError|E\s{2,}|- Expected|\+ Received|left:|right:)/;

export function isComparison(line: string): boolean {
  return COMPARISON.test(line);
}

/** A line that totals a run or says how it ended. */
const SUMMARY =
  /\b(?:exit(?:ed)?(?: with)?(?: code| status)?:? ?-?\d+|\d+ (?:passed|failed|errors?|warnings?|skipped|pending|tests?|suites?|problems?|vulnerabilit(?:y|ies)|packages?|files? changed|modules? transformed)|(?:passed|failed|total|errors?|warnings?):\s*\d+|Found \d+|checked \d+ files?|built in|done in|finished in|completed in|took \d)\b|^(?:Tests?|Test Files|Test Suites|Suites|Snapshots|Time|Duration|Ran|Summary|Result|Total)\b[\s:]/i;

export function isSummary(line: string): boolean {
  return line.length <= 400 && SUMMARY.test(line);
}

/** The leading blanks of a line. */
export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === " " || line[i] === "\t")) i++;
  return i;
}

/** Values that only grow line after line count places (a line number, a time), not amounts. */
export function onlyGrow(values: readonly number[]): boolean {
  for (let k = 1; k < values.length; k++) if (values[k]! < values[k - 1]!) return false;
  return true;
}

/**
 * The unit farAbove takes for numbers printed with at most `decimals` digits after the
 * point: 1, or, where every one is a fraction of one (`below1`), the step they are
 * printed in (0.001 for a profile's seconds).
 */
export function printedStep(decimals: number, below1: boolean): number {
  return below1 ? 10 ** -decimals : 1;
}

/**
 * "A few" lines or rows: a value this few hold is rare whatever share of a small output
 * they make (three pods Unknown among 31; three `statusCode":500` completions among 39,
 * as among 81), where the rules reading rows (rare.ts) and fields (outliers.ts) allow it.
 */
export const FEW_LINES = 3;

/**
 * Which of some values stand far above the rest (the entry chunk among small ones, a 30 s
 * call among 50 ms ones): above the median by six times the median distance from it, and
 * at least twice the median; the lines of the largest three values at most (three of each).
 * Indexes into `values`. `unit`: the smallest step the values are printed in (1 for whole
 * numbers, 0.001 for a profile's seconds), the least the median distance is taken to be.
 */
export function farAbove(values: readonly number[], most = 3, unit = 1, inside?: Inside): number[] {
  if (values.length < 8) return [];
  // None above twice the median (most fields of numbers): none past the bar, however far
  // the median distance would have set it; that distance, a second selection, is not read.
  const median = middleOf(Float64Array.from(values));
  if (largestOf(values) <= median * 2) return [];
  return above(values, centreOf(values, median), most, unit, inside);
}

/**
 * Whether the line of value `inner` names a thing inside what the line of value `outer`
 * names (du's file in its folder), by their indexes into the values; see nested.ts.
 */
export type Inside = (outer: number, inner: number) => boolean;

/**
 * The lines of the `most` largest values, the largest first, with no bar to pass: a
 * listing that ranks its lines by their number whatever their order (sized.ts). Ties and
 * lines inside a taken one count as extremes counts them.
 */
export function largestLines(values: readonly number[], most: number, inside?: Inside): number[] {
  return extremes(values, () => true, -1, most, inside);
}

/** farAbove, then the values far below the rest (below), of one column: its centre is read once for both sides. */
export function farEitherSide(values: readonly number[], most = 3, unit = 1, inside?: Inside): number[] {
  if (values.length < 8) return [];
  const centre = centreOf(values);
  return [...above(values, centre, most, unit, inside), ...below(values, centre, most, unit)];
}

function above(
  values: readonly number[],
  { median, spread }: Centre,
  most: number,
  unit: number,
  inside?: Inside,
): number[] {
  const bar = Math.max(median * 2, median + 6 * Math.max(spread, unit));
  if (largestOf(values) <= bar) return [];
  return extremes(values, (v) => v > bar, -1, most, inside);
}

/**
 * Which of some positive values stand far below the rest (a moisture of 3.2 among 28 to
 * 41, a battery at 7 among 60 to 100), as farAbove reads the other side: below the median
 * by six times the median distance from it, and at most half the median; the smallest
 * three values at most. None where any value is at or below zero (a column of signed
 * numbers has no floor to stand far above).
 */
function below(values: readonly number[], { median, spread }: Centre, most: number, unit: number): number[] {
  for (let i = 0; i < values.length; i++) if (!(values[i]! > 0)) return [];
  const bar = Math.min(median / 2, median - 6 * Math.max(spread, unit));
  if (bar <= 0) return [];
  return extremes(values, (v) => v < bar, 1, most);
}

interface Centre {
  readonly median: number;
  readonly spread: number;
}

/** The median of some values and their median distance from it. */
function centreOf(values: readonly number[], median = middleOf(Float64Array.from(values))): Centre {
  const n = values.length;
  const distances = new Float64Array(n);
  for (let i = 0; i < n; i++) distances[i] = Math.abs(values[i]! - median);
  return { median, spread: middleOf(distances) };
}

/**
 * The indexes of the values past a bar (`past`), the furthest first (`order` -1: largest,
 * 1: smallest): the `most` furthest values, not lines: lines that tie on one (du's folder
 * and its only subfolder, both 32M) are one value and leave room for the next; each by
 * `most` lines at most (a status that hundreds of lines hold). So is, where `inside` tells
 * it, a line inside the one before it: a folder's size is its largest child's and then
 * some (du -a's 98M folder, its 97M subfolder, the 96M file in it are one large file),
 * and a listing whose folders led would have them take every place of the largest.
 */
function extremes(
  values: readonly number[],
  past: (v: number) => boolean,
  order: number,
  most: number,
  inside?: Inside,
): number[] {
  const beyond = values
    .map((v, i) => ({ v, i }))
    .filter((e) => past(e.v))
    .sort((a, b) => order * (a.v - b.v) || a.i - b.i);
  const at: number[] = [];
  let distinct = 0;
  let ties = 0;
  for (let k = 0; k < beyond.length; k++) {
    const same = k > 0 && beyond[k]!.v === beyond[k - 1]!.v;
    ties = same ? ties + 1 : 1;
    const within = !same && k > 0 && inside !== undefined && partOfTaken(values, at, beyond, k, inside);
    if (!same && !within && ++distinct > most) break;
    if (ties <= most) at.push(beyond[k]!.i);
  }
  return at;
}

/**
 * Whether the k-th furthest value is one large thing with a line already taken: inside the
 * line just before it (a folder, then its only large subfolder), or inside a taken line it
 * makes more than half of (du -a's 123M `lib/modules` under its JDK's 184M `lib`, though
 * another JDK's 140M modules came between them). A thing inside a taken line but a small
 * part of it (a JDK in a folder of two) is a place of its own.
 */
function partOfTaken(
  values: readonly number[],
  taken: readonly number[],
  beyond: readonly { v: number; i: number }[],
  k: number,
  inside: Inside,
): boolean {
  const { v, i } = beyond[k]!;
  if (inside(beyond[k - 1]!.i, i)) return true;
  for (const t of taken) if (2 * v > values[t]! && inside(t, i)) return true;
  return false;
}

/** The last of some values as sorted: the largest, or NaN if one is (a sort puts it after every number). */
export function largestOf(values: readonly number[]): number {
  let largest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > largest || Number.isNaN(v)) largest = v;
  }
  return largest;
}

/** The value in the middle of `a`, as sorted (sortedAt). */
const middleOf = (a: Float64Array): number => sortedAt(a, a.length >> 1);

/**
 * What `a.sort()[k]` is, found by partitioning `a` in place around pivots (Hoare's
 * selection) instead of sorting it all (a NaN, which has no place among numbers but the
 * one a sort gives it, is sorted).
 */
export function sortedAt(a: Float64Array, k: number): number {
  for (let i = 0; i < a.length; i++) if (Number.isNaN(a[i])) return a.sort()[k]!;
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** A field of numbers whose largest is this many times its low end spans orders of magnitude. */
const ORDERS = 100;

/**
 * The largest three of a field of numbers whose values span orders of magnitude (a
 * duration where most calls take a millisecond and some take seconds): where the slow
 * ones are many, none stands far above the rest, yet the slowest are what was asked.
 * Not where values only grow (line numbers): those are places.
 */
export function largestAcrossOrders(values: readonly number[], most = 3, unit = 1): number[] {
  if (values.length < 8 || onlyGrow(values)) return [];
  // The tenth from the bottom as sorted, and the largest (NaN, a sort's last, is no number).
  const low = Math.max(unit, sortedAt(Float64Array.from(values), Math.floor(values.length / 10)));
  if (largestOf(values) < low * ORDERS) return [];
  return values
    .map((v, i) => ({ v, i }))
    .sort((a, b) => b.v - a.v)
    .slice(0, most)
    .map((e) => e.i);
}
