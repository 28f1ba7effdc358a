import { holds } from "../../excerpt/signs.ts";
import {
  CODE_AT,
  firstMaybeTrace,
  lastLinesText,
  PANIC,
  PY_START,
  STARTS,
  STARTS_ALL,
  traceStart,
} from "../../excerpt/traces.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

export const traces: Detector = {
  name: "trace",
  // A strong start, with a failing exit.
  most: (hints) => (failed(hints) ? 0.75 + 0.1 : 0.75),
  detect(text: string, hints: Hints, beat = 0): number {
    // Past a trace's weak scores (0.45, 0.5, with a failing exit 0.1 more), only a strong
    // start wins: where the text holds no line that may be one, it is not looked for.
    if (beat >= 0.5 + (failed(hints) ? 0.1 : 0) && !mayBeStrong(text)) return 0;
    // Only the last 400 lines are read for where a trace starts: split those alone.
    const tail = lastLinesText(text, 400);
    const maybe = firstMaybeTrace(tail);
    if (maybe < 0) return 0;
    const lines = tail.split("\n");
    // No line above the first that may be of a trace starts one (but the line just above it).
    const start = traceStart(lines, 0, lines.length - 1, maybe - 1);
    if (start < 0) return 0;
    // A trace that ends the output is this compressor's; many traces inside a log are the log's.
    // STARTS only where the text holds one of its openings (holds: most samples lack both
    // pairs of characters, told without reading the sample again).
    const starts =
      (holds(text, "Traceback (most recent call last):") || holds(text, "Exception in thread ")) &&
      STARTS.test(text)
        ? (text.match(STARTS_ALL)?.length ?? 0)
        : 0;
    const strong = PY_START.test(lines[start]!) || PANIC.test(lines[start]!) || CODE_AT.test(lines[start]!);
    let score = starts > 3 ? 0.45 : strong ? 0.75 : 0.5;
    if (failed(hints)) score += 0.1;
    return score;
  },
};

/**
 * Whether a line of `text` may be a strong start (PY_START, PANIC, CODE_AT): the text holds
 * one of their words, or a line of a path and a line number alone.
 */
function mayBeStrong(text: string): boolean {
  return STRONG_WORDS.some((w) => holds(text, w)) || CODE_AT_LINE.test(text);
}

/** What a line PY_START or PANIC matches holds (`\S+Error: ` and `Error: ` both hold "Error: "). */
const STRONG_WORDS = [
  "Traceback (most recent call last):",
  "panicked at ",
  "panic: ",
  "fatal error: ",
  'Exception in thread "',
  "Uncaught ",
  "Unhandled",
  "Error: ",
];

/** CODE_AT at any line of a text. */
const CODE_AT_LINE = new RegExp(CODE_AT.source, "m");

const failed = (hints: Hints): boolean => hints.exitCode !== undefined && hints.exitCode !== 0;
