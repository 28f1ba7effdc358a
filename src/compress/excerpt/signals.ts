/**
 * What a line says on its face, whatever tool printed it: a problem (an error, a failure,
 * a warning), a success (a passing test, an `ok`), a place in code (`file:line`, a caret
 * under a source line), a summary or how the process ended. Pure regexes and small
 * functions; the excerpt engine (engine.ts) ranks lines by them.
 */

import { opensWithException } from "./exception-end.ts";
import { byFirstLetter } from "./first-letter.ts";
import { isAdvice, severityLetter } from "./severity-letter.ts";
import { severityTag } from "./severity-tag.ts";

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
/**
 * An error code, its `E` a capital (`E0308`, `E501`), and what it says after it (`[E0308]:`,
 * `E501 line too long`): `BIOS-e820` names a memory map, and a value alone in its cell or
 * string (an OUI registry's `"Assignment": "E47684"`) is an id, no code.
 */
const CODE_MARK = /\bE\d{3,5}\b(?=[\]):]|\s+\S)/;

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
  if (line.length > 4000) return opensWithException(line);
  return (
    (PROBLEM_MARK.test(line) ||
      (MAYBE_PROBLEM_WORD.test(line) && PROBLEM_WORD.test(line)) ||
      (MAYBE_STATUS_OR_CODE.test(line) && STATUS_OR_CODE.test(line)) ||
      severityLetter(line) !== undefined ||
      severityTag(line) !== undefined) &&
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
    isErrorLetter(severityLetter(line)) ||
    severityTag(line) === "Error"
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

/** A line that totals a run or says how it ended: by its words somewhere in it, */
const SUMMARY_WORDS =
  /\b(?:exit(?:ed)?(?: with)?(?: code| status)?:? ?-?\d+|\d+ (?:passed|failed|errors?|warnings?|skipped|pending|tests?|suites?|problems?|vulnerabilit(?:y|ies)|packages?|files? changed|modules? transformed)|(?:passed|failed|total|errors?|warnings?):\s*\d+|Found \d+|checked \d+ files?|built in|done in|finished in|completed in|took \d)\b/i;
/** or by the word it opens with. */
const SUMMARY_HEAD =
  /^(?:Tests?|Test Files|Test Suites|Suites|Snapshots|Time|Duration|Ran|Summary|Result|Total)\b[\s:]/i;
/**
 * What a line SUMMARY_WORDS matches must hold (most lines hold none; isSummary reads the
 * corpus's lines in about three quarters of the time): `exit`; a digit and a space before
 * a counted word's first letter; a tally's last letter, a colon and a digit; `found`,
 * `checked` or `took` before a digit; `built`, `done`, `finished` or `completed`'s last
 * letter before ` in`.
 */
const MAYBE_SUMMARY_WORDS = /\d [efmpstvw]|[dlrsg]:\s*\d|exit|(?:found|checked|took) \d|[dte] in\b/i;

export function isSummary(line: string): boolean {
  return (
    line.length <= 400 &&
    (SUMMARY_HEAD.test(line) || (MAYBE_SUMMARY_WORDS.test(line) && SUMMARY_WORDS.test(line)))
  );
}

/**
 * The leading blanks of a line: the width of its leading white space, whatever it is made
 * of (what trimStart takes off). The one reading of indentation: problem lines
 * (problem-context.ts), a block's tree (block-heads.ts), code read from inside a block
 * (kinds/read/code.ts).
 */
export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
