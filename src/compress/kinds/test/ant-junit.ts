/**
 * JUnit's plain formatter, as ant's junit task prints it (each line after `    [junit] `)
 * or as it writes a suite's TEST-*.txt: for each suite `Testsuite: com.acme.XTest` and
 * `Tests run: 4, Failures: 2, Errors: 2, Skipped: 0, Time elapsed: 2.11 sec`, then a line
 * for each test, `Testcase: overdueScanIsFast took 0.584 sec`, and under a test that did not
 * pass its verdict on a line of its own (`\tFAILED`, `\tCaused an ERROR`), its message, the
 * exception and its frames. The verdicts, alike, read as one kind of line and the message
 * lines as the problems, so which test failed (the line above the verdict) and where (its
 * frame in the user's code) were cut. Each failing test is a block from its `Testcase:`
 * line, as jest's are: its name, message and exception, its first frames in the user's code.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { type Block, blockPicks, blocksOf, P, summaryPicks, testExcerpt } from "./shared.ts";

/** Ant's task prefix, when the formatter's lines come through ant. */
const TASK = String.raw`^(?:\s*\[junit\] )?`;
/** A test's line: `Testcase: name took 0.5 sec` (`took 0 sec` when fast). */
export const TESTCASE = new RegExp(String.raw`${TASK}Testcase: \S+ took [\d.]+ sec\s*$`);
/** The verdict under a test that did not pass. */
const VERDICT = new RegExp(String.raw`${TASK}\t(?:FAILED|Caused an ERROR)\s*$`);
/** The suite's counts, and ant's word on a suite that failed. */
const SUMMARY = new RegExp(
  String.raw`${TASK}(?:Tests run: \d+, Failures: \d+, Errors: \d+|Test \S+ FAILED\s*$)`,
);
/** What ends a test's block: the next suite or its counts. */
const STOP = new RegExp(String.raw`${TASK}(?:Testsuite: |Running \S|Tests run: |Test \S+ FAILED)`);
/** A line of the failure's own words: its message or its exception (a frame, a verdict or a blank is indented). */
const MESSAGE = new RegExp(String.raw`${TASK}(?!Caused by: )[^\s]`);
/** A frame with its file and line (`\tat app//com.acme.XTest.t(XTest.java:43)`). */
const LOCATION = new RegExp(String.raw`${TASK}\s+at \S+\([\w$]+\.\w+:\d+\)\s*$`);

/** The failing tests' blocks: each `Testcase:` line with a verdict under it, to the next test or suite. */
export function failingBlocks(doc: Doc): Block[] {
  return blocksOf(doc, TESTCASE, STOP).filter(
    (b) => b.start < b.end && VERDICT.test(doc.lines[b.start + 1]!),
  );
}

export function antJunitExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks = summaryPicks(doc, SUMMARY);
  const blocks = failingBlocks(doc);
  for (const block of blocks) {
    // The verdict says how it ended: a failed assertion or an error.
    picks.push({ from: block.start + 1, to: block.start + 1, prio: P.name - 1 });
    blockPicks(doc, block, { message: MESSAGE, location: LOCATION, messages: 2, locations: 2 }, picks);
  }
  return testExcerpt("ant-junit", doc, budget, picks, blocks.length, blocks, hints);
}
