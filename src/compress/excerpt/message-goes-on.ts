/**
 * A Python exception's message goes on past its line: Python prints an exception as its
 * name, a colon and `str(exc)`, which may hold several lines, and everything after the
 * first is printed flush left under it. SQLAlchemy's errors put the statement and its
 * parameters there (`[SQL: INSERT INTO sales (…) VALUES (?, …)]`, `[parameters: …]`),
 * nbclient's CellExecutionError the source of the cell that failed between two rules of
 * dashes; read as lines of their own they ranked as noise, and the statement or the cell
 * that failed was left out. The lines that follow the exception that ended the run (the
 * last; a server's handled exceptions each end with its own separator lines), up to a blank line,
 * another traceback or a cause's separator, a frame or a log record's timestamp (a log
 * goes on after a trace it holds), at most MAX of them, are its message.
 */

import type { Pick } from "./pack-items.ts";

/** How many lines past its first an exception's message is read to hold. */
const MAX = 8;
/** A line that starts something else: a frame, a timestamped log record, a warning's place. */
const OTHER = /^\s+File "|^\[?\d{4}-\d\d-\d\d[ T]|^\[?\d\d:\d\d:\d\d|^\S+\.py:\d+: \w+Warning: /;

/**
 * The last line of the message of the Python exception on line `i` (`i` itself when it
 * says all on one line); `opens` tells a line that opens a traceback or a cause.
 */
export function messageEnd(
  lines: readonly string[],
  i: number,
  to: number,
  opens: (line: string) => boolean,
): number {
  let end = i;
  for (let j = i + 1; j <= Math.min(to, i + MAX); j++) {
    const line = lines[j]!;
    if (line.trim() === "" || opens(line) || OTHER.test(line)) break;
    end = j;
  }
  return end;
}

/**
 * The lines under the Python exception on line `i` that its message goes on with, as a
 * pick of `prio` kept from the top (none when it says all on its line, or `i` is -1).
 */
export function messageGoesOn(
  lines: readonly string[],
  i: number,
  to: number,
  opens: (line: string) => boolean,
  prio: number,
): Pick[] {
  if (i < 0) return [];
  const end = messageEnd(lines, i, to, opens);
  return end > i ? [{ from: i + 1, to: end, prio, split: "head" }] : [];
}
