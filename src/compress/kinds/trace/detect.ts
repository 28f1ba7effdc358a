import type { Detector, Hints } from "../../excerpt/types.ts";

export const traces: Detector = {
  name: "trace",
  detect(text: string, hints: Hints): number {
    // Only the last 400 lines are read for where a trace starts: split those alone.
    const tail = lastLinesText(text, 400);
    if (!mayHoldTrace(tail)) return 0;
    const lines = tail.split("\n");
    const start = traceStart(lines);
    if (start < 0) return 0;
    // A trace that ends the output is this compressor's; many traces inside a log are the log's.
    const starts = STARTS.test(text) ? (text.match(STARTS_ALL)?.length ?? 0) : 0;
    const strong = PY_START.test(lines[start]!) || PANIC.test(lines[start]!) || CODE_AT.test(lines[start]!);
    let score = starts > 3 ? 0.45 : strong ? 0.75 : 0.5;
    if (hints.exitCode !== undefined && hints.exitCode !== 0) score += 0.1;
    return score;
  },
};

export const PY_START = /^Traceback \(most recent call last\):$/;

export const CHAIN =
  /^(?:During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)$|^\s*Caused by: |^\s*\[cause\]: |^\s*Suppressed: /;

export const FRAME = /^\s+(?:at\s|File "|\d+: \S)|^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;

export const RUST_AT = /^\s+at \S+:\d+(?::\d+)?$/;

export const PANIC =
  /^thread '.*' (?:\(\d+\) )?panicked at |^panic: |^fatal error: |^Exception in thread "|^Uncaught |^Unhandled ?[Rr]ejection|^\S+Error: |^Error: /;

export const CODE_AT = /^(?:file:\/\/)?\/\S+:\d+$/;

/** Lines that start a trace of their own (counted over the whole text). */
export const STARTS = /^(?:Traceback \(most recent call last\):$|Exception in thread )/m;

export const STARTS_ALL = new RegExp(STARTS.source, "gm");

/** The text of the last `n` lines of `text` (all of it when it has fewer). */
export function lastLinesText(text: string, n: number): string {
  let at = text.length;
  for (let k = 0; k < n && at > 0; k++) at = text.lastIndexOf("\n", at - 1);
  return at > 0 ? text.slice(at + 1) : text;
}

/**
 * A line that could start a trace or be a frame, found by one scan of the text: where
 * there is none, traceStart finds nothing, and its loop (several regexes a line, in a
 * process too young to have optimised it) need not run. Matched across the joined lines,
 * it can only find more than the lines one by one, never less.
 */
export const MAYBE_TRACE = new RegExp([PY_START, PANIC, CHAIN, FRAME].map((r) => r.source).join("|"), "m");

/** Whether `text` may hold a trace's start: false means traceStart finds none in its lines. */
export function mayHoldTrace(text: string): boolean {
  return MAYBE_TRACE.test(text);
}

export function isFrame(line: string): boolean {
  return FRAME.test(line) && !RUST_AT.test(line);
}

/** Index of the first line that starts a trace at or after `from`, or -1. */
export function traceStart(lines: readonly string[], from = 0, to = lines.length - 1): number {
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    if (line.length > 3000) continue;
    if (PY_START.test(line) || PANIC.test(line) || CHAIN.test(line)) {
      // Node prints the throwing line as "file:line", the code and a caret first.
      for (let k = Math.max(from, i - 4); k < i; k++) if (CODE_AT.test(lines[k]!)) return k;
      return i;
    }
    if (i + 1 <= to && /^\S/.test(line) && isFrame(lines[i + 1]!) && /\w/.test(line)) return i;
  }
  return -1;
}
