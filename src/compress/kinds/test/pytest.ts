/**
 * pytest: the "short test summary info" lines (name and message, compact), each
 * failure's "E" lines and file.py:N locations, and the final "=== N failed … ===" line.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf } from "../../excerpt/lines.ts";
import { type Pick, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { blockPicks, blocksOf, Failures, linePicks, P, testExcerpt } from "./shared.ts";

const FINAL = /^=+ .*\b(?:passed|failed|error|errors|skipped|no tests ran)\b.* in [\d.]+s.* =+$/;
const SHORT = /^(?:FAILED|ERROR) \S/;
const HEADER = /^_{3,} .+ _{3,}$/;
const STOP = /^={3,} /;
const MESSAGE = /^E\s{2,}\S/;
const E_LINE = /^E\s+\S/;
// "file.py:34: KeyError" is where the exception was raised; "file.py:34: " a frame on the way.
const LOCATION = /^[\w./-]+\.py:\d+: \w/;
const FRAME_LOCATION = /^[\w./-]+\.py:\d+:/;
const SECTION = /^={3,} (?:FAILURES|ERRORS|short test summary info|warnings summary) ={3,}$/;
const PROGRESS = /^\S+\.py [.FEsxX]+\s+\[\s*\d+%\]$/;
const VERBOSE_FAIL = /^\S+::\S+ (?:FAILED|ERROR)\b/;
const VERBOSE_SKIP = /^\S+::\S+ (?:SKIPPED|XFAIL|XPASS)\b/;
const COLLECTED = /^(?:collecting \.\.\. )?collected \d+ items?/;

export function pytestExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks: Pick[] = [];
  linePicks(doc, FINAL, P.summary, picks);
  const short = linePicks(doc, SHORT, P.name + 1, picks);
  // Its short summary lists every failure together already.
  const failures = new Failures(short === 0);
  compactShort(doc, failures.display, substanceCap(budget, doc.size) / 2);
  linePicks(doc, SECTION, P.inline, picks);
  linePicks(doc, PROGRESS, P.detail + 5, picks);
  linePicks(doc, VERBOSE_FAIL, P.name - 2, picks);
  linePicks(doc, VERBOSE_SKIP, P.inline - 5, picks);
  linePicks(doc, COLLECTED, P.inline, picks);
  const blocks = blocksOf(doc, HEADER, STOP);
  for (const block of blocks) {
    blockPicks(
      doc,
      block,
      { message: MESSAGE, location: LOCATION, messages: 1, locations: 1 },
      picks,
      failures,
    );
    linePicks(doc, FRAME_LOCATION, P.inline + 10, picks, block.start, block.end);
    // Every E line says what differed: substance.
    linePicks(doc, E_LINE, P.extra, picks, block.start, block.end);
  }
  return testExcerpt("pytest", doc, budget, picks, Math.max(short, blocks.length), failures);
}

const SHORT_NAME = /^(FAILED|ERROR) (\S+?)::(\S.*)$/;

/**
 * When the "FAILED tests/a.py::test_x - msg" lines would take more than `room`, what
 * they repeat is said once: the status word once per run of lines with that status
 * (the others indented under it), the file once per run of its failures (`  ::test_y -
 * msg`). Each failure stays on its own line, with its name and message.
 */
function compactShort(doc: Doc, display: Map<number, string>, room: number): void {
  let size = 0;
  for (const line of doc.lines) if (SHORT_NAME.test(line)) size += line.length + 1;
  if (size <= room) return;
  let status = "";
  let file = "";
  doc.lines.forEach((line, i) => {
    const m = SHORT_NAME.exec(line);
    if (m && m[1] === status && m[2] === file) display.set(i, `  ::${m[3]}`);
    else if (m && m[1] === status) display.set(i, `  ${m[2]}::${m[3]}`);
    status = m ? m[1]! : "";
    file = m ? m[2]! : "";
  });
}
