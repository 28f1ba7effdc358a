/**
 * node:test, spec and TAP reporters. Spec: the "failing tests:" section (test at
 * file:line, ✖ name, assertion), else the inline ✖ lines. TAP: each "not ok" with its
 * location and error from the YAML block. Summary: ℹ / # counts.
 */

import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { type Block, blockPicks, blocksOf, linePicks, P, summaryPicks, testExcerpt } from "./shared.ts";

const SUMMARY = /^(?:ℹ|#) (?:tests|pass|fail) \d+/;
const SUMMARY_MINOR = /^(?:ℹ|#) (?:suites|cancelled|skipped|todo|duration_ms) \S+/;
const FAILING_SECTION = /^✖ failing tests:/;
const SPEC_FAIL = /^\s*✖ \S/;
const SPEC_LOCATION = /^test at \S+:\d+:\d+/;
const TAP_ERROR = /^# (?:[\w.]*Error\b|.*\b(?:uncaughtException|unhandledRejection)\b)/;
const TAP_FAIL = /^\s*not ok \d+ - /;
const TAP_STOP = /^\s*(?:ok|not ok) \d+ - |^\s*# Subtest:/;
const MESSAGE = /^\s*(?:[\w.$]*(?:Error|Exception)\b|error: |Expected|expected|'.*' !==|\S.* !== )/;
const LOCATION =
  /^\s*(?:location: '.+:\d+:\d+'|at .{0,300}?:\d+:\d+\)?$)|^\s+\S.{0,200}\((?:file:\/\/)?\/[^)]+:\d+:\d+\)$/;

export function nodeTestExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks = summaryPicks(doc, SUMMARY, SUMMARY_MINOR);
  // The runner's own diagnostics ("# Error: … uncaughtException …") name a crash.
  linePicks(doc, TAP_ERROR, P.message - 2, picks);
  let section = -1;
  for (let i = 0; i < lines.length; i++) {
    if (FAILING_SECTION.test(lines[i]!)) section = i;
  }
  let failures = 0;
  const all: Block[] = [];
  if (section >= 0) {
    picks.push({ from: section, to: section, prio: P.extra });
    // Each failure: "test at file:line:col" then "✖ name (…ms)" then the error.
    const blocks = blocksOf(doc, SPEC_LOCATION, /^$/, section + 1);
    for (const block of blocks) {
      picks.push({ from: block.start, to: block.start, prio: P.location });
      const name = block.start + 1 <= block.end ? block.start + 1 : block.start;
      blockPicks(doc, { start: name, end: block.end }, { message: MESSAGE, location: LOCATION }, picks);
    }
    failures = blocks.length;
    all.push(...blocks);
    linePicks(doc, SPEC_FAIL, P.inline, picks, 0, section - 1);
  } else {
    const tap = blocksOf(doc, TAP_FAIL, TAP_STOP);
    all.push(...tap);
    for (const block of tap) {
      // A suite that failed because a test in it failed repeats what the test said.
      let suite = false;
      for (let i = block.start + 1; i <= block.end; i++)
        if (/failureType: 'subtestsFailed'/.test(lines[i]!)) suite = true;
      if (suite) {
        picks.push({ from: block.start, to: block.start, prio: P.inline });
        continue;
      }
      failures++;
      blockPicks(
        doc,
        block,
        { message: /^\s*error: '/, location: LOCATION, messages: 1, locations: 2 },
        picks,
      );
      // The error text of a TAP failure is the line after "error: |-".
      for (let i = block.start + 1; i <= block.end; i++) {
        if (/^\s*error: \|-?$/.test(lines[i]!))
          picks.push({ from: i + 1, to: i + 3, prio: P.message, split: "head" });
      }
    }
    if (failures === 0) {
      const spec = blocksOf(doc, SPEC_FAIL, /^\s*(?:✔|✖|▶) /);
      for (const block of spec) blockPicks(doc, block, { message: MESSAGE, location: LOCATION }, picks);
      failures = spec.length;
      all.push(...spec);
    }
  }
  return testExcerpt("node-test", doc, budget, picks, failures, all, hints);
}
