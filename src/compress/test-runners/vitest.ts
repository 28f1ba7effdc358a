/** vitest: the "Failed Tests" section (name, error, ❯ location) and the summary. */

import { docOf, scoreSigns } from "../common.ts";
import type { Compressor, Excerpt, Hints } from "../types.ts";
import { blockPicks, blocksOf, Failures, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const SUMMARY = /^\s*(?:Test Files|Tests)\s+\d+ (?:failed|passed|skipped)/;
const SUMMARY_MINOR = /^\s*(?:Start at|Duration|Errors)\s+\S/;
const FAIL_HEADER = /^\s*FAIL\s+\S/;
const SECTION = /^\s*⎯{2,}/;
const INLINE_FAIL = /^\s*[×✗]\s/;
const INLINE_MESSAGE = /^\s*→\s/;
const FILE_FAILED = /^\s*❯\s+\S+\s+\(\d+ tests? \|.*failed/;
const MESSAGE = /^\s*(?:[\w.$]*(?:Error|Exception)\b|AssertionError|Expected|expected |→)/;
const LOCATION = /❯\s+(?:\S+\s+)?\S+:\d+:\d+|\bat\s\S{0,300}:\d+:\d+/;

export const vitest: Compressor = {
  name: "vitest",
  detect(text: string, hints: Hints): number {
    const named = hints.command !== undefined && /\bvitest\b/.test(hints.command);
    if (!named && !text.includes("Test Files") && !text.includes(" RUN ") && !text.includes("⎯")) return 0;
    const signs = [
      [/^\s*Test Files\s+\d+ (?:failed|passed)/m, 0.6],
      // "RUN  v3.2.4 /path" opens every vitest run (the summary may be past a sample).
      [/^\s*RUN\s+v\d+\.\d+/m, 0.5],
      [/⎯ Failed Tests \d+ ⎯|^\s*(?:✓|×|❯) \S+\.(?:test|spec)\.[cm]?[jt]sx?/m, 0.2],
    ] as const;
    return scoreSigns(text, hints, signs, /\bvitest\b/);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const picks = summaryPicks(doc, SUMMARY, SUMMARY_MINOR);
    linePicks(doc, FILE_FAILED, P.inline, picks);
    const inline = linePicks(doc, INLINE_FAIL, P.inline, picks);
    linePicks(doc, INLINE_MESSAGE, P.inline - 1, picks);
    const failures = new Failures();
    const blocks = blocksOf(doc, FAIL_HEADER, SECTION);
    for (const block of blocks) {
      blockPicks(doc, block, { message: MESSAGE, location: LOCATION, locations: 4 }, picks, failures);
    }
    // Section titles ("Failed Tests 3", "Unhandled Errors") say what follows.
    for (let i = 0; i < doc.lines.length; i++) {
      if (SECTION.test(doc.lines[i]!) && /[A-Za-z]/.test(doc.lines[i]!)) {
        picks.push({ from: i, to: i, prio: P.inline });
      }
    }
    return testExcerpt("vitest", doc, budget, picks, Math.max(blocks.length, inline), failures);
  },
};
