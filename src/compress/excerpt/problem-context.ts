/**
 * What goes with a problem line: the lines around it that locate it (the `file:line` above
 * it, the frames, caret and comparison under it, its message told again below and the
 * event that names). Pure; the engine (engine.ts, rank-problems.ts) ranks by them.
 */

import { LEAD_PLACE } from "./lead-places.ts";
import { sameEvent } from "./same-event.ts";
import { sameFinding } from "./sibling-findings.ts";
import { hasLocation, indentOf, isCaret, isComparison, isFrame, isProblem, isSuccess } from "./signals.ts";
import { depthOf } from "./tree-depths.ts";
import { verdictBelow } from "./verdict-below.ts";
import { wrappedEnd } from "./wrapped-message.ts";

/** Lines after a problem line that may locate it (frames, carets, comparisons). */
const ATTACHED = 10;

/** Lines after `i` that belong to it: deeper, or frames, carets, comparisons, locations. */
export function attachedAfter(
  lines: readonly string[],
  i: number,
  isProblemAt: (k: number) => boolean,
): number {
  const base = indentOf(lines[i]!);
  // A finding opening with its line and column, as the problem does, is one of its own
  // however deep it stands (stylish right-aligns them: `   63:9` under `  46:10`).
  const lead = LEAD_PLACE.test(lines[i]!);
  // Its message wrapped below it goes with it (wrapped-message.ts), alone: the source line
  // and caret a --pretty checker quotes under each of its hundred messages would take the
  // room of the messages that come after, as they did not while the message was cut.
  const wrapped = wrappedEnd(lines, i);
  if (wrapped > i) return wrapped;
  let end = i;
  for (let k = i + 1; k < lines.length && k - i <= ATTACHED; k++) {
    const line = lines[k]!;
    // A blank or a success (a passing test under its file's line) ends what goes with it,
    // but for a blank over a matcher's verdict; so does a line neither deeper nor a frame,
    // caret or comparison, or a problem of its own. Each ends it alike: the success, the
    // dearest to read, is read last.
    if (line.trim() === "") {
      if (verdictBelow(lines, k)) continue;
      break;
    }
    const deeper = indentOf(line) > base;
    // A line of the same event (its stamp and process, same-event.ts) goes on with it.
    if (!(deeper || isFrame(line) || isCaret(line) || isComparison(line) || sameEvent(lines, i, k))) break;
    if (isSuccess(line) || ((!deeper || (lead && LEAD_PLACE.test(line))) && isProblemAt(k))) break;
    end = k;
  }
  return end;
}

/** A diagnostic's message: what follows its severity (`f.c:26:60: warning: use after free of j [CWE-416]`). */
const MESSAGE = /:\s*(?:fatal error|error|warning):\s+(.{12,}?)(?:\s+\[[^\]]*\])*\s*$/;

/**
 * Lines below a diagnostic looked at for its message told again. The look stops at the
 * next problem, so its work is bounded by the text; this only caps a pathological one. A
 * path of events runs long: a use after free through five calls is told again 121 lines
 * below its warning, past the 120 this once was.
 */
const AGAIN = 5000;

/** What a message names in quotes: ‘f’, 'x', `x`. */
const QUOTED = /‘[^’]+’|'[^']+'|`[^`]+`/g;

/**
 * The line below problem line `i`, before the next problem, that tells its message again
 * (gcc -fanalyzer's event where it happens: `(15) use after ‘free’ of ‘j’; freed at
 * (13)`, the end of a path of events), or -1. Told in other words (`leak of FILE ‘f’`,
 * then `(7) ‘f’ leaks here; was opened at (6)`), it is the last line naming what the
 * message names in quotes.
 */
export function toldAgainBelow(
  lines: readonly string[],
  i: number,
  isProblemAt: (k: number) => boolean,
): number {
  const message = MESSAGE.exec(lines[i]!)?.[1];
  if (message === undefined) return -1;
  const names = message.match(QUOTED) ?? [];
  let named = -1;
  for (let k = i + 1; k < lines.length && k - i <= AGAIN && !isProblemAt(k); k++) {
    const line = lines[k]!;
    if (line.includes(message)) return k;
    if (names.length > 0 && names.every((n) => line.includes(n))) named = k;
  }
  return named;
}

/** An event told again naming an earlier one: `freed at (4)`, `unchecked value from (1)`. */
const REFERS = /\b(?:at|from) \((\d{1,4})\)/;

/**
 * The event line that line `again`, a problem's message told again below problem line `i`,
 * refers to by its number (`(6) use after ‘free’ of ‘p’; freed at (4)`: `(4) freed here`,
 * where it was freed, half of what the user needs), between the two, or -1.
 */
export function eventReferred(lines: readonly string[], i: number, again: number): number {
  const n = REFERS.exec(lines[again]!)?.[1];
  if (n === undefined) return -1;
  const event = `(${n}) `;
  for (let k = again - 1; k > i; k--) {
    const line = lines[k]!;
    const at = line.indexOf(event);
    // The event's number opens its text, past the path's drawing (blanks, `|`, `+-->`).
    if (at > 0 && depthOf(line) === at) return k;
  }
  return -1;
}

/**
 * The first of the lines before `i` that locate it (`file:12`, the source line, its caret),
 * or i. A problem told on a caret line points at the source line above it, and what
 * locates that locates the problem (shellcheck's `In f line 12:`, the source, `^-- SC2086`).
 */
export function locatedBefore(lines: readonly string[], i: number): number {
  let from = i > 0 && isCaret(lines[i]!) ? i - 1 : i;
  const placed = from === i && hasLocation(lines[i]!);
  let blanks = 0;
  for (let k = i - 1; k >= 0 && i - k <= 5; k--) {
    const line = lines[k]!;
    if (line.trim() === "") {
      if (++blanks > 1) break;
      continue;
    }
    // Past a blank, a frame ends a trace above (a Java test's `at` lines before the next
    // failing test's line): it locates what it follows, not what comes after the blank.
    if (blanks > 0 && isFrame(line)) break;
    // A caret above a line that names its own place ends the code frame of the diagnostic
    // above (gcc's candidate note, its source and caret): it locates that one, not this.
    const caret = isCaret(line);
    if (caret && placed) break;
    if (caret) {
      from = Math.max(0, k - 1);
      continue;
    }
    // Whether it names a place, read once for both of the rules below that ask.
    const located = (placed || line.length < 300) && hasLocation(line);
    if (placed && located && sameFinding(line, lines[i]!)) break;
    else if (line.length < 300 && located && !isProblem(line)) from = k;
    else if (from > k) break;
  }
  return from;
}
