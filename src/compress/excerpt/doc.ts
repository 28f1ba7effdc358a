/**
 * The text every compressor works on: cleaned lines with their ORIGINAL 1-based line
 * numbers. Inputs too large to read whole are sampled (head and tail); the skipped
 * middle becomes one "hole" entry that can never be kept, so line numbers after it
 * stay exact and the omission marker covers it.
 */
import { cleanText, resolveCarriageReturns } from "./ansi.ts";
import { forgetPairs } from "./signs.ts";

/** Inputs above this many characters are sampled instead of read whole. */
export const SAMPLE_ABOVE = 4_000_000;
const HEAD_CHARS = 2_500_000;
const TAIL_CHARS = 1_000_000;
export const SAMPLE_NOTE = "the first 2.5 MB and the last 1 MB";

export interface Doc {
  /** Cleaned lines; the hole (if any) is an empty string. */
  readonly lines: readonly string[];
  /** Original 1-based line number of each entry; a hole spans up to the next entry's number - 1. */
  readonly starts: readonly number[];
  /** Index of the hole in `lines`, or -1. */
  readonly hole: number;
  /** Number of lines in the original text. */
  readonly total: number;
  /** Length of the original text in characters. */
  readonly size: number;
  /** Whether the whole text was read (false when sampled). */
  readonly complete: boolean;
  /**
   * The cleaned text the lines were split from at its newlines, when each line is its
   * characters as they stand (no carriage return resolved, not sampled): a pass that reads
   * every character reads them from it, faster than from each line's slice. Line `i`
   * starts where the lines before it and their newlines end.
   */
  readonly source?: string;
}

/** Original line range [first, last] covered by entry i. */
export function rangeOf(doc: Doc, i: number): [number, number] {
  const first = doc.starts[i]!;
  const last = i + 1 < doc.starts.length ? doc.starts[i + 1]! - 1 : doc.total;
  return [first, i === doc.hole ? last : first];
}

/** Splits a text into `out`'s lines; whether each is its characters as they stand (no carriage return resolved). */
function splitLines(text: string, out: string[]): boolean {
  let start = 0;
  const hasCr = text.includes("\r");
  for (;;) {
    const nl = text.indexOf("\n", start);
    const raw = nl < 0 ? text.slice(start) : text.slice(start, nl);
    out.push(hasCr ? resolveCarriageReturns(raw) : raw);
    if (nl < 0) break;
    start = nl + 1;
  }
  return !hasCr;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  let i = text.indexOf("\n", from);
  while (i >= 0 && i < to) {
    n++;
    i = text.indexOf("\n", i + 1);
  }
  return n;
}

function build(text: string): Doc {
  const size = text.length;
  if (size <= SAMPLE_ABOVE) {
    const lines: string[] = [];
    const clean = cleaned(text);
    const asTheyStand = splitLines(clean, lines);
    // A final newline ends the last line; it does not start another one.
    if (lines.length > 1 && lines[lines.length - 1] === "" && text.endsWith("\n")) lines.pop();
    const starts = new Array<number>(lines.length);
    for (let i = 0; i < lines.length; i++) starts[i] = i + 1;
    const doc = { lines, starts, hole: -1, total: lines.length, size, complete: true };
    return asTheyStand ? { ...doc, source: clean } : doc;
  }
  // Sample: cut at line boundaries when there are any near the cut points.
  let headEnd = text.lastIndexOf("\n", HEAD_CHARS);
  if (headEnd < HEAD_CHARS / 2) headEnd = HEAD_CHARS;
  let tailStart = text.indexOf("\n", size - TAIL_CHARS);
  if (tailStart < 0 || tailStart > size - TAIL_CHARS / 2) tailStart = size - TAIL_CHARS;
  else tailStart += 1;
  const headLines: string[] = [];
  splitLines(cleanText(text.slice(0, headEnd)), headLines);
  const tailLines: string[] = [];
  splitLines(cleanText(text.slice(tailStart)), tailLines);
  if (tailLines.length > 1 && tailLines[tailLines.length - 1] === "" && text.endsWith("\n")) tailLines.pop();
  const headNewlines = headLines.length - 1;
  const middleNewlines = countNewlines(text, headEnd, tailStart);
  // Line number of the first tail line; when a cut falls inside a line, that line is
  // shared by head and tail, so the hole may be empty.
  const tailFirst = 1 + headNewlines + middleNewlines;
  const lines = [...headLines, "", ...tailLines];
  const starts = new Array<number>(lines.length);
  for (let i = 0; i < headLines.length; i++) starts[i] = i + 1;
  const hole = headLines.length;
  starts[hole] = Math.min(headLines.length + 1, tailFirst);
  for (let i = 0; i < tailLines.length; i++) starts[hole + 1 + i] = tailFirst + i;
  const total = tailFirst + tailLines.length - 1;
  return { lines, starts, hole, total, size, complete: false };
}

// Compressors are called with the same text by detection, the chosen compressor and
// sometimes a fallback; one remembered Doc avoids splitting a large text again.
let lastText: string | undefined;
let lastDoc: Doc | undefined;
// Detection's sample of a short text is all of it, cleaned as the Doc's lines are: cleaned once.
let lastRaw: string | undefined;
let lastClean = "";

/** cleanText(text), remembered for the next call with the same text. */
function cleaned(text: string): string {
  if (lastRaw !== text) {
    lastClean = cleanText(text);
    lastRaw = text;
  }
  return lastClean;
}

export function docOf(text: string): Doc {
  if (lastDoc && lastText === text) return lastDoc;
  const doc = build(text);
  lastText = text;
  lastDoc = doc;
  return doc;
}

/** Drops the remembered Doc (benchmarks time each compression from scratch). */
export function forgetDoc(): void {
  lastText = undefined;
  lastDoc = undefined;
  lastRaw = undefined;
  lastClean = "";
  forgetPairs();
}

/** A cheap view for detection: the cleaned head and tail of the text. */
export function sampleOf(text: string, head = 20_000, tail = 8_000): string {
  if (text.length <= head + tail) return cleaned(text);
  // A text read whole is cleaned whole for its Doc anyway: where that leaves it as it is
  // (no escape, no control byte), its head and tail are clean too, and are not read again.
  if (text.length <= SAMPLE_ABOVE && cleaned(text) === text)
    return `${text.slice(0, head)}\n${text.slice(text.length - tail)}`;
  return `${cleanText(text.slice(0, head))}\n${cleanText(text.slice(text.length - tail))}`;
}

/** The characters lines from..to take once numbered as a Read's excerpt numbers them (`L12: `), counted until past `stop`. */
export function numberedSize(doc: Doc, from: number, to: number, firstLine: number, stop = Infinity): number {
  let size = 0;
  for (let i = from; i <= to && size <= stop; i++)
    size += doc.lines[i]!.length + String(i + firstLine).length + 4;
  return size;
}

/** Some lines of a document as a document of their own, numbered as in it (`clean` shows each line otherwise: trimmed). */
export function subDoc(doc: Doc, at: readonly number[], clean: (line: string) => string = (l) => l): Doc {
  const lines = at.map((i) => clean(doc.lines[i]!));
  return {
    lines,
    starts: at.map((i) => doc.starts[i]!),
    hole: -1,
    total: doc.total,
    size: lines.reduce((n, l) => n + l.length + 1, 0),
    complete: true,
  };
}
