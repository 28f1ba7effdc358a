/**
 * The element a problem is told in, in markup: a test report's `<failure>` under its
 * `<testcase name="…">`, a checkstyle `<error line="…">` under its `<file name="…">`. The
 * problem line says what went wrong; the start tag it hangs from says of what.
 */
import { ancestors, depthsOf } from "./tree-depths.ts";

/** A start tag alone on its line, with attributes, not closed on it: `<testcase name="x" time="0.1">`. */
const START_TAG = /^\s*<[A-Za-z][\w:.-]*\s[^<>]*[^/<>]>\s*$/;

/** The line of the start tag enclosing line `i` (the nearest shallower line, when it is one), or -1. */
export function enclosingStartTag(lines: readonly string[], i: number): number {
  if (!lines[i]!.trimStart().startsWith("<")) return -1;
  const parent = ancestors(lines, i, 1, undefined, depthsOf(lines))[0];
  return parent !== undefined && lines[parent]!.length < 2000 && START_TAG.test(lines[parent]!) ? parent : -1;
}
