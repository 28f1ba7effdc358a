/**
 * What every test-runner compressor keeps, in this order: the summary counts, each
 * failing test's name, its assertion message and the location in the user's code,
 * then the rest of each failure (diffs, code frames) while the budget lasts. Passing
 * tests are left out (the markers count them).
 */

import type { Doc } from "../../excerpt/doc.ts";
import { excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt } from "../../excerpt/types.ts";

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
} as const;

/** Frames and paths that are not the user's code. */
export const FOREIGN =
  /node_modules|node:internal|node:async_hooks|\(node:|internal\/|\(<anonymous>\)|site-packages|\/usr\/lib\/|\/rustc\/|\/\.rustup\/|\/\.cargo\/registry|\/lib\/python\d|testing\/testing\.go|runtime\/panic\.go|java\.base\/|sun\.|jdk\.internal/;

const DIFF = /^\s*[-+] {0,4}\S/;
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

/** A header's rule around a name: `____ test_x ____`, `⎯⎯⎯ name ⎯⎯⎯`. */
const DECORATION = /^[_⎯=]{3,} | [_⎯=]{3,}$/g;

/** Longest message text joined onto a failure's name line. */
const JOINED = 240;

/**
 * A failing test's name and what it said, on one line: `● suite › test — Expected: 5 |
 * Received: 4`. Every failure then costs one line (no omission marker between its name
 * and its message), and the lines it joins are shown apart only while the budget lasts.
 */
export class Failures {
  readonly display = new Map<number, string>();
  /** Message lines joined onto a name line: their own picks yield to the budget. */
  readonly joined = new Set<number>();
  /** Message lines already said by an earlier failure (`expect(received).toBe(expected)`). */
  private readonly said = new Set<string>();
  /** The name's line with its message, without decoration, for gathering. */
  private readonly plain = new Map<number, string>();
  /** Each failure's block: its name's line and its last line. */
  private readonly blocks: Block[] = [];
  /** Whether the failures' lines may be gathered (not when the runner lists them itself). */
  private readonly gathers: boolean;

  constructor(gathers = true) {
    this.gathers = gathers;
  }

  join(doc: Doc, block: Block, messages: readonly number[]): void {
    const name = block.start;
    this.blocks.push(block);
    const parts: string[] = [];
    let length = 0;
    for (const i of messages) {
      const text = doc.lines[i]!.trim();
      // What every failure says alike tells nothing about this one, once it was read.
      if (this.said.has(text) && messages.length > 1) {
        this.joined.add(i);
        continue;
      }
      this.said.add(text);
      if (length + text.length > JOINED && parts.length > 0) break;
      parts.push(text);
      length += text.length + 3;
      this.joined.add(i);
    }
    if (parts.length === 0) return;
    const said = parts.join(" | ");
    this.display.set(name, `${doc.lines[name]!.trimEnd()} — ${said}`);
    // Gathered, the name goes without a header's rule (pytest's `____ test_x ____`).
    this.plain.set(name, `${doc.lines[name]!.replace(DECORATION, "").trim()} — ${said}`);
  }

  /**
   * When the failures' lines, each after an omission marker, would take more than `room`
   * but together fit it, they are shown together where the last one is (a note), and
   * what is in their blocks (frames, diffs) yields to the budget: every failure's name and
   * message is worth more than the first one's stack.
   */
  gather(doc: Doc, picks: Pick[], room: number): Note | undefined {
    if (!this.gathers || this.blocks.length < 3) return undefined;
    // What comes before the failures (the summary lines) takes its room first.
    for (const p of picks) {
      if (p.prio <= P.name) continue;
      for (let i = p.from; i <= p.to && i < doc.lines.length; i++)
        room -= doc.lines[Math.max(0, i)]!.length + 1;
      room -= MARKER;
    }
    const texts = this.blocks.map((b) => this.plain.get(b.start) ?? doc.lines[b.start]!.trim());
    let together = 0;
    for (const t of texts) together += t.length + 1;
    if (together + this.blocks.length * MARKER <= room || together > room * 0.8) return undefined;
    const names = new Set(this.blocks.map((b) => b.start));
    const inBlock = (i: number) => this.blocks.some((b) => i >= b.start && i <= b.end);
    picks.forEach((p, k) => {
      // A name's own line would say again what the note says.
      if (names.has(p.from) && p.from === p.to) picks[k] = { ...p, prio: 1 };
      else if (inBlock(p.from) && p.prio >= P.detail) picks[k] = { ...p, prio: P.detail - 1 };
    });
    const last = this.blocks[this.blocks.length - 1]!;
    return { at: last.end + 1, text: texts.join("\n"), prio: P.name };
  }
}

/** About what an omission marker takes. */
const MARKER = 40;

/**
 * Picks for one failure block: name, message, first user-code location(s), then detail.
 * With `failures`, the messages are joined onto the name's line.
 */
export function blockPicks(
  doc: Doc,
  block: Block,
  rules: BlockRules,
  out: Pick[],
  failures?: Failures,
): void {
  const { lines } = doc;
  out.push({ from: block.start, to: block.start, prio: P.name });
  const said: number[] = [];
  const first = out.length;
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
      said.push(i);
      continue;
    }
    if (messages < (rules.messages ?? 1) && rules.message.test(line)) {
      out.push({ from: i, to: i, prio: P.message - messages });
      said.push(i);
      messages++;
    } else if (locations < (rules.locations ?? 1) && rules.location.test(line) && !FOREIGN.test(line)) {
      out.push({ from: i, to: i, prio: P.location - locations });
      locations++;
    }
  }
  if (messages === 0 && firstText >= 0) {
    out.push({ from: firstText, to: firstText, prio: P.message });
    said.push(firstText);
  }
  if (failures) {
    failures.join(doc, block, said);
    // What the name's line says already is shown again only while the budget lasts.
    for (let k = first; k < out.length; k++) {
      const p = out[k]!;
      if (p.from === p.to && failures.joined.has(p.from)) out[k] = { ...p, prio: P.head + 1 };
    }
  }
  // The detail begins after what the name's line already says.
  let from = block.start + 1;
  while (from <= block.end && (failures?.joined.has(from) || lines[from]!.trim() === "")) from++;
  if (from <= block.end) out.push({ from, to: block.end, prio: P.detail, split: "head" });
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

/** Blocks that start at each line matching `header` and end before the next header or a stop line. */
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
    if (start >= 0 && (isHeader || stop.test(line))) {
      blocks.push({ start, end: i - 1 });
      start = -1;
    }
    if (isHeader) start = i;
  }
  if (start >= 0) blocks.push({ start, end: to });
  return blocks;
}

export function testExcerpt(
  name: string,
  doc: Doc,
  budget: number,
  picks: Pick[],
  failures: number,
  joined?: Failures,
): Excerpt {
  const n = doc.lines.length;
  picks.push({ from: 0, to: 2, prio: P.head, split: "head" });
  picks.push({ from: n - 3, to: n - 1, prio: P.tail, split: "tail" });
  linePicks(doc, EXIT, P.summary - 1, picks);
  const kept = failures > 0 ? `${plural(failures, "failing test")}, summary` : "summary";
  const hardCap = substanceCap(budget, doc.size);
  const note = joined?.gather(doc, picks, hardCap);
  const display = joined?.display;
  return excerpt(name, doc, budget, {
    picks,
    ...(note ? { notes: [note] } : {}),
    kept,
    options: { hardCap, ...(display ? { display } : {}) },
  });
}
