/**
 * Stack traces (Python, Node, Java/JVM, Rust, Go) wherever they appear: where one starts
 * and ends, and what of it to keep (the exception lines and the whole cause chain, the
 * frames in the user's code, library and runtime frames only while the budget lasts).
 * The trace kind, logs and test runners read traces through here.
 */

import type { Doc } from "./doc.ts";
import { toldAgain } from "./exception-again.ts";
import { messageGoesOn } from "./message-goes-on.ts";
import { isSpace } from "./named-values.ts";
import { MUST, type Pick } from "./pack-items.ts";

/** Frames and paths that are not the user's code. */
export const FOREIGN =
  /node_modules|node:internal|node:async_hooks|\(node:|internal\/|\(<anonymous>\)|site-packages|\/usr\/lib\/|\/rustc\/|\/\.rustup\/|\/\.cargo\/registry|\/lib\/python\d|testing\/testing\.go|runtime\/panic\.go|java\.base\/|sun\.|jdk\.internal|\borg\.junit\.|\borg\.opentest4j\.|\borg\.apache\.maven\./;

export const PY_START = /^Traceback \(most recent call last\):$/;

export const CHAIN =
  /^(?:During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)$|^\s*Caused by: |^\s*\[cause\]: |^\s*Suppressed: /;

/**
 * A frame: `at f (file:1:2)`, `File "x.py", line 3`, Rust's `  4: f` and, with
 * RUST_BACKTRACE=full, `  4:     0x55d0c1f2 - f`, Go's `file.go:12 +0x1d`. A Rust frame's
 * name is one symbol: a blank stands in it only inside brackets (`<T as Trait>::f`,
 * `{{closure}}`, `[u8; 4]`), never after a leading word as in a numbered field list
 * (InnoDB's ` 0: len 4; hex 80000002; asc ;;`), which is no frame.
 */
export const FRAME =
  /^\s+(?:at\s|File "|\d+: [^\s<([{]*(?:[<([{]|\s*$)|\d+:\s+0x[0-9a-f]+ - \S)|^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;

export const RUST_AT = /^\s+at \S+:\d+(?::\d+)?$/;

export const PANIC =
  /^thread '.*' (?:\(\d+\) )?panicked at |^panic: |^fatal error: |^Exception in thread "|^Uncaught |^Unhandled ?[Rr]ejection|^\S+Error: |^Error: /;

export const CODE_AT = /^(?:file:\/\/)?\/\S+:\d+$/;

/** Lines that start a trace of their own (counted over the whole text). */
export const STARTS = /^(?:Traceback \(most recent call last\):$|Exception in thread )/m;

export const STARTS_ALL = new RegExp(STARTS.source, "gm");

/**
 * The text of the last `n` lines of `text` (all of it when it has fewer, or when the
 * newline before them opens the text). The newlines are found from the start, the last
 * `n` places kept in a ring: a search forward is native and fast, where n searches back
 * from the end (lastIndexOf) took 3 to 6 times longer though they read less of the text.
 */
export function lastLinesText(text: string, n: number): string {
  if (n <= 0) return "";
  const ring = new Int32Array(n);
  let m = 0;
  let slot = 0;
  for (let p = text.indexOf("\n"); p >= 0; p = text.indexOf("\n", p + 1)) {
    ring[slot] = p;
    m++;
    if (++slot === n) slot = 0;
  }
  if (m < n) return text;
  // The n-th newline from the end: the oldest the ring holds, where the next would go.
  const at = ring[slot]!;
  return at > 0 ? text.slice(at + 1) : text;
}

/**
 * A line that could start a trace or be a frame, found by one scan of the text: where
 * there is none, traceStart finds nothing, and its loop (several regexes a line, in a
 * process too young to have optimised it) need not run. Matched across the joined lines,
 * it can only find more than the lines one by one, never less.
 */
export const MAYBE_TRACE = new RegExp([PY_START, PANIC, CHAIN, FRAME].map((r) => r.source).join("|"), "m");

/**
 * The same, tried only where a line starts (sticky): a search would try each of its
 * alternatives at every character, to find a `^` that holds only after a newline.
 */
const MAYBE_TRACE_AT = new RegExp(MAYBE_TRACE.source, "my");

/**
 * The first of `text`'s lines (split at newlines) where a trace's start or a frame may
 * stand, or -1: traceStart finds no start before the line above it (a start, or a line
 * whose next is a frame).
 */
export function firstMaybeTrace(text: string): number {
  // Where "Error: " stands next (`^\S+Error: ` is the one alternative any character may open).
  let error = -2;
  // Where ".go:" stands next (`^\s+\S+\.go:`: the one alternative behind blanks any character may open).
  let go = -2;
  for (let at = 0, line = 0; at >= 0; line++) {
    const nl = text.indexOf("\n", at);
    const c = text.charCodeAt(at);
    let maybe = false;
    if (isSpace(c)) {
      // Behind blanks (newlines too: `^\s+` runs on past a blank line), an alternative's
      // first character, or a word on to ".go:" within the line it lies in.
      let p = at + 1;
      while (p < text.length && isSpace(text.charCodeAt(p))) p++;
      const next = text.charCodeAt(p);
      if (next < 128 && BEHIND_BLANKS[next] === 1) maybe = true;
      else if (p < text.length) {
        if (go !== -1 && go < p) go = text.indexOf(".go:", p);
        const end = text.indexOf("\n", p);
        maybe = go >= 0 && (end < 0 || go < end);
      }
    } else if (cannotOpen(c)) {
      // Looked for only past a line no other alternative may open, from there on.
      if (error !== -1 && error < at) error = text.indexOf("Error: ", at);
      maybe = error >= 0 && (nl < 0 || error < nl);
    } else maybe = true;
    if (maybe) {
      MAYBE_TRACE_AT.lastIndex = at;
      if (MAYBE_TRACE_AT.test(text)) return line;
    }
    at = nl < 0 ? -1 : nl + 1;
  }
  return -1;
}

/**
 * The characters MAYBE_TRACE's alternatives may open a line with, but `^\S+Error: `: a
 * blank (`^\s`, frames, a cause) or one of `Traceback`, `thread`, `panic`, `fatal`,
 * `Exception`, `Error`, `Uncaught`, `Unhandled`, `During`, `The above`, `Caused`,
 * `[cause]`, `Suppressed`.
 */
const OPENERS = new Uint8Array(128);
for (const ch of "TtpfEUDC[S") OPENERS[ch.charCodeAt(0)] = 1;

/**
 * The characters MAYBE_TRACE's alternatives may take after blanks (`^\s+`, `^\s*`), but
 * `^\s+\S+\.go:`: `at`, `File "`, a frame's number, `Caused`, `[cause]`, `Suppressed`.
 */
const BEHIND_BLANKS = new Uint8Array(128);
for (const ch of "aFC[S0123456789") BEHIND_BLANKS[ch.charCodeAt(0)] = 1;

/**
 * Whether code unit `c` opens no alternative of MAYBE_TRACE but `^\S+Error: `: a printable
 * ASCII character none opens, or one past ASCII that is no blank (all open with ASCII or `\s`).
 */
function cannotOpen(c: number): boolean {
  return c > 32 && (c < 127 ? OPENERS[c] === 0 : !isSpace(c));
}

export function isFrame(line: string): boolean {
  return FRAME.test(line) && !RUST_AT.test(line);
}

/**
 * A frame of a stack trace, or the `at file:line` under a Rust frame: what a crash prints
 * after itself. Both open with blanks (`^\s+`): a line opening with a printable ASCII
 * character is none, told without trying either.
 */
function isTraceLine(line: string): boolean {
  const c = line.charCodeAt(0);
  if (c > 32 && c < 127) return false;
  return FRAME.test(line) || RUST_AT.test(line);
}

/**
 * Where the last fifth of an output starts, its trace frames not counted: a crash
 * followed by a long trace (a panic with RUST_BACKTRACE=full, a StackOverflowError's
 * thousand frames) is how the output ended however many lines the trace takes.
 */
export function nearTheEnd(lines: readonly string[]): number {
  const body: number[] = [];
  for (let i = 0; i < lines.length; i++) if (!isTraceLine(lines[i]!)) body.push(i);
  return body[Math.floor(body.length * 0.8)] ?? lines.length;
}

/**
 * Index of the first line that starts a trace at or after `from`, or -1; lines before
 * `skip` are known to start none (firstMaybeTrace), and are not read but to look above a start.
 */
export function traceStart(lines: readonly string[], from = 0, to = lines.length - 1, skip = from): number {
  for (let i = Math.max(from, skip); i <= to; i++) {
    const line = lines[i]!;
    if (line.length > 3000) continue;
    if (PY_START.test(line) || PANIC.test(line) || CHAIN.test(line)) {
      // Node prints the throwing line as "file:line", the code and a caret first.
      for (let k = Math.max(from, i - 4); k < i; k++) if (CODE_AT.test(lines[k]!)) return k;
      return i;
    }
    if (i + 1 <= to && /^\S/.test(line) && isFrame(lines[i + 1]!) && /\w/.test(line)) return i;
    // A test runner indents the exception and sets its frames apart by a diff or a blank
    // line (mocha, tap): a run of frames that name a place in code starts a trace itself.
    if (AT_CODE.test(line) && (i === from || !isFrame(lines[i - 1]!))) return i;
  }
  return -1;
}

/**
 * traceStart from `from` on, each line first tried by one expression: a start is a line
 * that MAYBE_TRACE holds (an exception, a cause) or one above such a line (a frame), so
 * the lines above the first such line (but the one just above it) are not read again
 * with each of traceStart's. A line opening with a blank (or none) is taken to be such a
 * line untried (a frame is one); another is tried alone, where the expression reads it as
 * in the joined text (none of its alternatives reads past a line's end from a non-blank).
 */
export function nextTraceStart(lines: readonly string[], from: number): number {
  let k = from;
  while (k < lines.length && !maybeTraceLine(lines[k]!)) k++;
  return k < lines.length ? traceStart(lines, from, lines.length - 1, k - 1) : -1;
}

function maybeTraceLine(line: string): boolean {
  const c = line.charCodeAt(0);
  // Empty, or opening with a blank or a character past ASCII (where \s may be one).
  if (!(c > 32 && c < 128)) return true;
  // Opening with no alternative's first character, only `^\S+Error: ` may hold it (as firstMaybeTrace tells).
  if (cannotOpen(c) && !line.includes("Error: ")) return false;
  MAYBE_TRACE_AT.lastIndex = 0;
  return MAYBE_TRACE_AT.test(line);
}

/** A frame that names a place in code: `at f (src/a.js:12:5)`, `at src/a.js:12:5`. */
const AT_CODE = /^\s+at\s.*:\d+:\d+\)?$/;

/** End of the trace that starts at `start`: frames, causes and the final exception line. */
export function traceEnd(lines: readonly string[], start: number): number {
  let end = start;
  let python = /^Traceback /.test(lines[start]!);
  for (let i = start + 1; i < lines.length && i - start < 400; i++) {
    const line = lines[i]!;
    if (line.trim() === "") {
      const next = lines[i + 1] ?? "";
      if (/^(?:During handling|The above exception|Traceback )/.test(next)) continue;
      break;
    }
    if (/^\s/.test(line) || /^(?:Caused by: |During handling|The above exception|\}|Traceback )/.test(line)) {
      if (/^Traceback /.test(line)) python = true;
      end = i;
      continue;
    }
    if (python) {
      // The exception line ends a Python traceback.
      end = i;
      python = false;
      continue;
    }
    break;
  }
  return end;
}

export const T = {
  exception: MUST + 20,
  chain: MUST + 18,
  userFrame: MUST + 8,
  lastBefore: MUST + 1,
  more: 88,
  before: 87,
  props: 86,
  trailer: 85,
  userCode: 82,
  foreign: 30,
} as const;

const PY_FRAME = /^\s+File "([^"]+)", line \d+/;
const MORE = /^\s+\.\.\. \d+ (?:more|common frames omitted)$/;
/** A runtime's closing words (a goroutine's header, once a trailer here, is read as GOROUTINE). */
const TRAILER = /^Node\.js v\d+|^note: (?:Some details|run with `RUST_BACKTRACE)|^exit status \d+$/;
const PROP = /^\s+(?:[\w$]+|'[^']*'|"[^"]*"): .+,?$/;
/** A Go frame's place, on the line under its function: `\t/src/app/main.go:18 +0x1d`. */
const GO_AT = /^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;
/** A goroutine's stack opens: `goroutine 18 [running]:`. */
const GOROUTINE = /^goroutine \d+ \[/;

function userCode(line: string): boolean {
  return !FOREIGN.test(line) && /[\\/]|\.\w+:\d+/.test(line);
}

/** Python's separators between the exceptions of one chain. */
const PY_CHAIN = /^(?:During handling of the above exception|The above exception was the direct cause)/;
/** A line that goes on with a trace above it: a cause, a frame of Rust's (whose `at` lines follow it), `... N more`. */
const GOES_ON =
  /^\s*(?:Caused by|\[cause\]|Suppressed):|^\s+\d+: \S|^\s+\.\.\. \d+ (?:more|common frames omitted)/;

/**
 * Whether a line opening with `c` may be one traceCount reads: every pattern it tries opens
 * with one of `DTpft` or a blank (most lines of a log before a crash open otherwise, and are
 * passed with no regex asked).
 */
function mayCount(c: number): boolean {
  return c === 68 || c === 84 || c === 112 || c === 102 || c === 116 || isSpace(c);
}

/**
 * How many traces lines [from, to] print, each once with its causes: a Python
 * `Traceback (most recent call last):` but one a chain's separator joins to the one above,
 * a run of `at` frames but one under a cause or a Rust frame, a Go `panic:` or `fatal
 * error:`, a Rust thread's `panicked at`. (Counted by lines, not by the blocks traceEnd
 * bounds: a block may stop at a Node code frame above its error, or a runner's blank line.)
 */
export function traceCount(lines: readonly string[], from: number, to: number): number {
  let n = 0;
  let chained = false;
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    if (line.length > 3000 || !mayCount(line.charCodeAt(0))) continue;
    if (PY_CHAIN.test(line)) chained = true;
    else if (PY_START.test(line)) {
      if (!chained) n++;
      chained = false;
    } else if (/^(?:panic|fatal error): |^thread '[^']*'(?: \(\d+\))? panicked at /.test(line)) n++;
    else if (/^\s+at\s/.test(line)) {
      const above = lines[i - 1] ?? "";
      if (!/^\s+at\s/.test(above) && !GOES_ON.test(above)) n++;
    }
  }
  return n;
}

/** The exceptions a trace names as causing another: `Caused by:`, `[cause]:`, Python's separators (not `Suppressed:`). */
export function causesIn(lines: readonly string[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i <= to; i++) if (CHAIN.test(lines[i]!) && !/^\s*Suppressed: /.test(lines[i]!)) n++;
  return n;
}

/**
 * A Go frame is its function, then its place on the next line: one frame, no exception
 * (its pick, when line `i` opens one; `goroutines` met so far: past the first, other work).
 */
function goFrame(lines: readonly string[], i: number, to: number, goroutines: number): Pick | undefined {
  if (!/^\S/.test(lines[i]!) || i + 1 > to || !GO_AT.test(lines[i + 1]!)) return undefined;
  const own = userCode(lines[i + 1]!);
  return {
    from: i,
    to: i + 1,
    prio: !own ? T.foreign : goroutines > 1 ? T.userCode : T.userFrame,
    split: "none",
  };
}

/** A line that opens a Python traceback or a cause: an exception's message ends before it. */
const PY_OPENS = (line: string): boolean => PY_START.test(line) || CHAIN.test(line);

/** Picks for every trace line in [from, to]: exceptions, chain, user frames, the rest low. */
export function tracePicks(doc: Doc, from: number, to: number, out: Pick[]): number {
  const { lines } = doc;
  let exceptions = 0;
  let inPython = false;
  let afterFrames = false;
  // Goroutines met: the first after a Go panic is the one that panicked; the rest
  // (GOTRACEBACK=all, a deadlock) are other work, waiting, as context.
  let goroutines = 0;
  // Exception lines told so far, word for word (exception-again.ts).
  const told = new Set<string>();
  // The last Python exception line: the one that ended the run.
  let lastPython = -1;
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    if (line.length > 3000) continue;
    if (GOROUTINE.test(line)) {
      goroutines++;
      out.push({ from: i, to: i, prio: goroutines === 1 ? T.exception - 2 : T.trailer });
      continue;
    }
    const go = goFrame(lines, i, to, goroutines);
    if (go) {
      out.push(go);
      afterFrames = true;
      i++;
      continue;
    }
    if (PY_START.test(line)) {
      inPython = true;
      out.push({ from: i, to: i, prio: T.more });
      continue;
    }
    if (CHAIN.test(line)) {
      out.push({ from: i, to: i, prio: T.chain });
      // "Caused by: X" and "[cause]: X" name an exception themselves; Python's separators do not.
      if (/^\s*(?:Caused by|\[cause\]|Suppressed): /.test(line)) exceptions++;
      continue;
    }
    const py = PY_FRAME.exec(line);
    if (py) {
      const own = userCode(py[1]!);
      out.push({ from: i, to: i, prio: own ? T.userFrame : T.foreign });
      // The source line under a Python frame, and its caret line, say what was called.
      if (own) out.push({ from: i + 1, to: i + 1, prio: T.userCode });
      afterFrames = true;
      continue;
    }
    if (inPython && line !== "" && !/^\s/.test(line)) {
      out.push({ from: i, to: i, prio: T.exception });
      lastPython = i;
      exceptions++;
      inPython = false;
      afterFrames = false;
      continue;
    }
    if (RUST_AT.test(line)) {
      // Rust backtrace: "  6: crate::func" then "      at ./src/file.rs:10:60".
      const own = userCode(line) && !/\/rustc\//.test(line);
      out.push({ from: i - 1, to: i, prio: own ? T.userFrame : T.foreign, split: "none" });
      continue;
    }
    if (isFrame(line)) {
      out.push({ from: i, to: i, prio: userCode(line) ? T.userFrame : T.foreign });
      afterFrames = true;
      continue;
    }
    if (MORE.test(line)) {
      out.push({ from: i, to: i, prio: T.more });
      continue;
    }
    if (PANIC.test(line) || (/^\S/.test(line) && i + 1 <= to && isFrame(lines[i + 1]!))) {
      out.push({ from: i, to: i, prio: toldAgain(told, line) ? T.more : T.exception });
      // A panic's message is on the next line(s) (Rust "assertion failed", left/right).
      if (/panicked at /.test(line))
        out.push({ from: i + 1, to: i + 3, prio: T.exception - 1, split: "head" });
      exceptions++;
      afterFrames = false;
      continue;
    }
    if (CODE_AT.test(line)) {
      out.push({ from: i, to: i + 2, prio: T.userCode, split: "head" });
      continue;
    }
    if (TRAILER.test(line)) {
      out.push({ from: i, to: i, prio: T.trailer });
      continue;
    }
    if (afterFrames && PROP.test(line)) out.push({ from: i, to: i, prio: T.props });
    else if (line.trim() !== "") out.push({ from: i, to: i, prio: T.foreign - 5 });
  }
  // What the exception that ended the run says on the lines under it, with it (message-goes-on.ts).
  out.push(...messageGoesOn(lines, lastPython, to, PY_OPENS, T.exception - 1));
  return exceptions;
}
