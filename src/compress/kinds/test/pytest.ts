/**
 * pytest: the "short test summary info" lines (name and message, compact), each
 * failure's "E" lines and file.py:N locations, and the final "=== N failed … ===" line.
 */

import { docOf } from "../../excerpt/lines.ts";
import type { Pick } from "../../excerpt/pack.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { coveragePyPicks } from "./coverage-py.ts";
import { inTurnPicks } from "./in-turn.ts";
import { blockPicks, blocksOf, FOREIGN, linePicks, P, testExcerpt } from "./shared.ts";

const FINAL = /^=+ .*\b(?:passed|failed|error|errors|skipped|no tests ran)\b.* in [\d.]+s.* =+$/;
const SHORT = /^(?:FAILED|ERROR) \S/;
const HEADER = /^_{3,} .+ _{3,}$/;
// coverage.py's report (`---------- coverage: platform …`) ends the last failure, as a section does.
const STOP = /^={3,} |^-{3,} coverage: /;
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
/** The source line pytest marks as the one that failed in a traceback entry (`>       assert x == y`). */
const FAILED_SOURCE = /^>\s+\S/;

export function pytestExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks: Pick[] = [];
  linePicks(doc, FINAL, P.summary, picks);
  const short = linePicks(doc, SHORT, P.name + 1, picks);
  linePicks(doc, SECTION, P.inline, picks);
  linePicks(doc, PROGRESS, P.detail + 5, picks);
  linePicks(doc, VERBOSE_FAIL, P.name - 2, picks);
  linePicks(doc, VERBOSE_SKIP, P.inline - 5, picks);
  linePicks(doc, COLLECTED, P.inline, picks);
  const blocks = blocksOf(doc, HEADER, STOP);
  for (const block of blocks) {
    blockPicks(doc, block, { message: MESSAGE, location: LOCATION, messages: 1, locations: 1 }, picks);
    // Where the failure passed in the user's code (`tests/conftest.py:10: `) locates it.
    for (let i = block.start; i <= block.end; i++) {
      const line = doc.lines[i]!;
      if (FRAME_LOCATION.test(line))
        picks.push({ from: i, to: i, prio: FOREIGN.test(line) ? P.inline + 10 : P.location - 1 });
    }
    // The test's own line that failed (the first entry's `>` line): what was asserted.
    for (let i = block.start; i <= block.end; i++)
      if (FAILED_SOURCE.test(doc.lines[i]!)) {
        picks.push({ from: i, to: i, prio: P.location - 2 });
        break;
      }
  }
  // Every E line says what differed: substance, each failure's in turn.
  inTurnPicks(doc, E_LINE, P.extra, blocks, picks);
  coveragePyPicks(doc.lines, blocks, picks);
  return testExcerpt("pytest", doc, budget, picks, Math.max(short, blocks.length), blocks, hints);
}
