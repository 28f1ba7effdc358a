/**
 * What every test-runner compressor keeps, in this order: the summary counts, each
 * failing test's name, its assertion message and the location in the user's code,
 * then the rest of each failure (diffs, code frames) while the budget lasts. Passing
 * tests are left out (the markers count them).
 */

import type { Doc } from "../../excerpt/doc.ts";
import { excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import { isSuccess, isSummary } from "../../excerpt/signals.ts";
import { FOREIGN } from "../../excerpt/traces.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { rowsNamed } from "./covered.ts";

export { FOREIGN };

export const P = {
  summary: MUST + 30,
  name: MUST + 20,
  message: MUST + 15,
  location: MUST + 12,
  extra: MUST + 2,
  inline: 75,
  detail: 50,
  head: 25,
  tail: 45,
  /** A long table's rows from the top: after the engine's rest (asRoom, 35). */
  rows: 20,
} as const;

/** A line of an expected/received diff: its marker, then the value indented as deep as it nests (`-     "id": "e3",`). */
const DIFF = /^\s*[-+] *\S/;
const ACTUAL_EXPECTED = /^\s*(?:actual|expected|Expected|Received): /;
/** How the process ended ("exit code: 1", TAP's "exitCode: 1"): a summary line. */
export const EXIT = /\bexit(?: code|Code|_code| status)?:? \d+\b|\bexited with (?:code )?\d+/i;
const DIFF_LEGEND = /^\s*[-+] (?:Expected|Received|actual|expected)\b|^\s*\+ actual - expected|^\s*[-+]{3} /;

export interface Block {
  /** Header line index (the test name). */
  readonly start: number;
  /** Last line index of the block. */
  readonly end: number;
}

export interface BlockRules {
  /** A line that carries the assertion message or error. */
  readonly message: RegExp;
  /** A line that points into the code (file:line). */
  readonly location: RegExp;
  /** How many message lines to keep as facts. */
  readonly messages?: number;
  /** How many user-code locations to keep as facts. */
  readonly locations?: number;
}

/** Picks for one failure block: name, message, first user-code location(s), then detail. */
export function blockPicks(doc: Doc, block: Block, rules: BlockRules, out: Pick[]): void {
  const { lines } = doc;
  out.push({ from: block.start, to: block.start, prio: P.name });
  let messages = 0;
  let locations = 0;
  let diffs = 0;
  let firstText = -1;
  for (let i = block.start + 1; i <= block.end; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    if (firstText < 0) firstText = i;
    // The lines of an expected/received diff are what actually differs: substance, the
    // first of each failure before the later ones of any.
    if (DIFF.test(line) && !DIFF_LEGEND.test(line)) {
      // A removed line means little without what replaced it: the first added line after
      // a run of removed ones is kept with it.
      let added = -1;
      if (/^\s*-/.test(line)) {
        let j = i + 1;
        while (j <= block.end && /^\s*-/.test(lines[j]!) && DIFF.test(lines[j]!)) j++;
        if (j <= block.end && /^\s*\+/.test(lines[j]!) && DIFF.test(lines[j]!)) added = j - i;
      }
      const prio = diffs++ < 4 ? P.extra : P.inline - Math.min(10, diffs / 5);
      out.push({ from: i, to: i, prio, ...(added > 0 ? { also: i + added, split: "none" as const } : {}) });
      continue;
    }
    // The values an assertion compared (node:test's actual/expected, TAP's YAML).
    if (ACTUAL_EXPECTED.test(line)) {
      out.push({ from: i, to: i, prio: P.message - 1 });
      continue;
    }
    if (messages < (rules.messages ?? 1) && rules.message.test(line)) {
      // A line ending in a colon introduces the message on the next one (Rust's
      // `panicked at src/lib.rs:12:5:` over what `expect` said): they go together.
      const next = lines[i + 1]?.trim() ?? "";
      const told =
        /:\s*$/.test(line) && i + 1 <= block.end && next !== "" && !rules.message.test(lines[i + 1]!);
      out.push({
        from: i,
        to: told ? i + 1 : i,
        prio: P.message - messages,
        ...(told ? { split: "none" as const } : {}),
      });
      messages++;
    } else if (locations < (rules.locations ?? 1) && rules.location.test(line) && !FOREIGN.test(line)) {
      out.push({ from: i, to: i, prio: P.location - locations });
      locations++;
    }
  }
  if (messages === 0 && firstText >= 0) out.push({ from: firstText, to: firstText, prio: P.message });
  if (block.start + 1 <= block.end)
    out.push({ from: block.start + 1, to: block.end, prio: P.detail, split: "head" });
}

/** The picks a runner starts with: its summary lines, then its minor ones (times, counts). */
export function summaryPicks(doc: Doc, summary: RegExp, minor?: RegExp): Pick[] {
  const picks: Pick[] = [];
  linePicks(doc, summary, P.summary, picks);
  if (minor) linePicks(doc, minor, P.tail, picks);
  return picks;
}

/** Every line matching `re` as a pick of priority `prio`. */
export function linePicks(
  doc: Doc,
  re: RegExp,
  prio: number,
  out: Pick[],
  from = 0,
  to = doc.lines.length - 1,
): number {
  let count = 0;
  for (let i = from; i <= to; i++) {
    if (re.test(doc.lines[i]!)) {
      out.push({ from: i, to: i, prio });
      count++;
    }
  }
  return count;
}

/** A drawn table's rule (`-----|------|---`): a coverage table, never a failure's diff. */
const TABLE_RULE = /^\s*[-=]{3,}(?:[|+][-=]{3,})+[|+]?\s*$/;
/** A drawn table this many lines long or shorter is kept whole (a coverage report of a few files). */
const SMALL_TABLE = 40;

/**
 * The tables a run draws after its tests (coverage: `File | % Stmts | …`, its totals row
 * `All files`, a row per file): kept whole when small, else their head (the header and
 * the totals under it) while the rows share the room, but for the rows of the files the
 * failures name (covered.ts), kept as the failures are.
 */
function tablePicks(doc: Doc, out: Pick[], blocks: readonly Block[]): void {
  const { lines } = doc;
  for (let i = 0; i < lines.length; i++) {
    if (!TABLE_RULE.test(lines[i]!)) continue;
    let end = i;
    while (end + 1 < lines.length && lines[end + 1]!.includes("|")) end++;
    if (end - i + 1 <= SMALL_TABLE) out.push({ from: i, to: end, prio: MUST - 1 });
    else {
      let head = i + 1;
      while (head < end && !TABLE_RULE.test(lines[head]!)) head++;
      out.push({ from: i, to: Math.min(end, head + 1), prio: MUST + 1 });
      // The rows: the engine's rest ranks them first (rest: its totals by folder, an odd
      // row), then the first ones as room allows.
      out.push({ from: head + 2, to: end, prio: P.rows, split: "head" });
      for (const r of rowsNamed(lines, blocks, head + 2, end)) out.push({ from: r, to: r, prio: MUST });
    }
    i = end;
  }
}

/** Blocks that start at each line matching `header` and end before the next header, a stop line or a drawn table. */
export function blocksOf(
  doc: Doc,
  header: RegExp,
  stop: RegExp,
  from = 0,
  to = doc.lines.length - 1,
): Block[] {
  const blocks: Block[] = [];
  let start = -1;
  for (let i = from; i <= to; i++) {
    const line = doc.lines[i]!;
    const isHeader = header.test(line);
    if (start >= 0 && (isHeader || stop.test(line) || TABLE_RULE.test(line))) {
      blocks.push({ start, end: i - 1 });
      start = -1;
    }
    if (isHeader) start = i;
  }
  if (start >= 0) blocks.push({ start, end: to });
  return blocks;
}

/**
 * A runner's excerpt: its picks, the start and the end, how the process ended, and the
 * engine's facts outside the failure blocks (the runner reads those itself): a crash, a
 * collection error, a warning, what the agent said it is after.
 */
/** A runner's banner: its version and where it runs (vitest's RUN, pytest's platform, rootdir, plugins). */
const BANNER =
  /^\s*(?:RUN\s+v\d|platform \w+ -- Python|rootdir:|configfile:|cachedir:|plugins:|collecting \.\.\.|collected \d+ items?$|=+ test session starts =+$)/;

/** A test reported as skipped, pending or expected to fail. */
const SKIPPED = /\b(?:SKIPPED|SKIP|XFAIL|XPASS|skipped|pending|todo)\b|^\s*[↓○]\s/;

export function testExcerpt(
  name: string,
  doc: Doc,
  budget: number,
  picks: Pick[],
  failures: number,
  blocks: readonly Block[],
  hints: Hints,
  readsBlocks = true,
): Excerpt {
  const n = doc.lines.length;
  picks.push({ from: 0, to: 2, prio: P.head, split: "head" });
  picks.push({ from: n - 3, to: n - 1, prio: P.tail, split: "tail" });
  linePicks(doc, EXIT, P.summary - 1, picks);
  tablePicks(doc, picks, blocks);
  const inBlock = new Uint8Array(n);
  for (const b of blocks) for (let i = b.start; i <= b.end; i++) inBlock[i] = 1;
  // Tests skipped or expected to fail, when few: which ones did not run is news.
  const skipped: number[] = [];
  doc.lines.forEach((line, i) => {
    if (!inBlock[i] && SKIPPED.test(line) && !isSummary(line)) skipped.push(i);
  });
  if (skipped.length <= 8) for (const i of skipped) picks.push({ from: i, to: i, prio: MUST });
  const kept = failures > 0 ? `${plural(failures, "failing test")}, summary` : "summary";
  // Passing tests are noise; the failure blocks the runner has read itself. The engine asks
  // of a line about twice (jest, vitest, pytest on the corpus): each is read once (told: 1
  // noise, 2 not).
  const quiet = (i: number) =>
    (readsBlocks && inBlock[i] === 1) || isSuccess(doc.lines[i]!) || BANNER.test(doc.lines[i]!);
  const told = new Uint8Array(n);
  const noise = (i: number) => {
    if (!told[i]) told[i] = quiet(i) ? 1 : 2;
    return told[i] === 1;
  };
  return excerpt(name, doc, budget, {
    picks,
    kept,
    engine: {
      factsOnly: true,
      // A coverage table, the output of the tests themselves: as room allows.
      rest: true,
      noise,
    },
    hints,
  });
}
