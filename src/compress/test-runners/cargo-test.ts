/** cargo test: each "---- name stdout ----" panic (location, message), the failures list, "test result:". */

import { docOf, scoreSigns } from "../common.ts";
import type { Compressor, Excerpt, Hints } from "../types.ts";
import { blockPicks, blocksOf, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const RESULT = /^test result: (?:ok|FAILED)\./;
const FAILED_LINE = /^test \S+ .*\.\.\. FAILED$/;
const BLOCK = /^---- \S+ stdout ----$/;
const STOP = /^failures:$|^test result:/;
const MESSAGE = /panicked at |^assertion |^\s*(?:left|right): |^called `|^thread '/;
const LOCATION = /\S+\.rs:\d+:\d+/;
const ERROR = /^error(?:\[E\d+\])?: /;

export const cargoTest: Compressor = {
  name: "cargo-test",
  detect(text: string, hints: Hints): number {
    if (!text.includes("test ")) return 0;
    const signs = [
      [/^test result: (?:ok|FAILED)\. \d+ passed/m, 0.7],
      [/^running \d+ tests?$/m, 0.2],
      [/^test \S+ \.\.\. (?:ok|FAILED|ignored)$/m, 0.2],
    ] as const;
    return scoreSigns(text, hints, signs, /\bcargo\s+(?:\+\S+\s+)?(?:test|nextest)\b/);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const picks = summaryPicks(doc, RESULT);
    linePicks(doc, ERROR, P.extra, picks);
    const failed = linePicks(doc, FAILED_LINE, P.inline, picks);
    const blocks = blocksOf(doc, BLOCK, STOP);
    for (const block of blocks) {
      blockPicks(doc, block, { message: MESSAGE, location: LOCATION, messages: 4, locations: 1 }, picks);
    }
    return testExcerpt("cargo-test", doc, budget, picks, Math.max(failed, blocks.length));
  },
};
