/**
 * Stack traces (Python, Node, Java/JVM, Rust, Go): the exception lines and the whole
 * cause chain, the frames in the user's code (library and runtime frames only while
 * the budget lasts), error properties, and what the program printed just before.
 * The same line rules score traces inside logs (see logs.ts).
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, lastNonBlank, SALIENT, shapeOf } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { FOREIGN } from "../test/shared.ts";
import { CHAIN, CODE_AT, isFrame, PANIC, PY_START, RUST_AT, traceStart } from "./detect.ts";

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
const TRAILER =
  /^Node\.js v\d+|^note: (?:Some details|run with `RUST_BACKTRACE)|^exit status \d+$|^goroutine \d+ \[/;
const PROP = /^\s+(?:[\w$]+|'[^']*'|"[^"]*"): .+,?$/;

function userCode(line: string): boolean {
  return !FOREIGN.test(line) && /[\\/]|\.\w+:\d+/.test(line);
}

/** Picks for every trace line in [from, to]: exceptions, chain, user frames, the rest low. */
export function tracePicks(doc: Doc, from: number, to: number, out: Pick[]): number {
  const { lines } = doc;
  let exceptions = 0;
  let inPython = false;
  let afterFrames = false;
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    if (line.length > 3000) continue;
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
      out.push({ from: i, to: i, prio: T.exception });
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
  return exceptions;
}

/** What the program printed before the trace: its last lines, its warnings, its start. */
function beforeTracePicks(doc: Doc, to: number, out: Pick[]): void {
  const { lines } = doc;
  let last = to;
  while (last >= 0 && lines[last]!.trim() === "") last--;
  if (last < 0) return;
  out.push({ from: last, to: last, prio: T.lastBefore });
  out.push({ from: last - 2, to: last - 1, prio: T.lastBefore - 1, split: "tail" });
  out.push({ from: 0, to: 1, prio: 60, split: "head" });
  // Warnings before the crash: the latest of them is a fact, the other kinds context.
  const seen = new Set<string>();
  let latest = -1;
  for (let i = 0; i <= last; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || !SALIENT.test(line)) continue;
    latest = i;
    const shape = shapeOf(line);
    if (seen.has(shape)) continue;
    seen.add(shape);
    out.push({ from: i, to: i, prio: 75 - Math.min(20, seen.size) });
  }
  if (latest >= 0) out.push({ from: latest, to: latest, prio: T.lastBefore });
}

export function tracesExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks: Pick[] = [];
  const start = traceStart(lines);
  let exceptions = 0;
  if (start >= 0) {
    beforeTracePicks(doc, start - 1, picks);
    exceptions = tracePicks(doc, start, lines.length - 1, picks);
  }
  // The last line is often the runtime's verdict ("Node.js v20", "exit status 2").
  const last = lastNonBlank(lines);
  if (last >= 0) picks.push({ from: last, to: last, prio: T.more + 1 });
  const kept =
    exceptions > 1 ? `exception and ${exceptions - 1} causes, user frames` : "exception, user frames";
  return excerpt("trace", doc, budget, { picks, kept });
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { trace: tracesExcerpt };
