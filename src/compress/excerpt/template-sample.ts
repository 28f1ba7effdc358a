/**
 * What templates.ts groups, read: which lines are left out, each line's masked tokens
 * (mask.ts) read from the Doc's code units, the first lines' sample they are read once
 * into, and the header found in it. The arrays they are read into are made once and
 * owned here: scratch() takes them, release() gives them back.
 */

import { codesOf } from "./code-units.ts";
import type { Doc } from "./doc.ts";
import { codesOfLastLine, MAX_TOKENS, maskCodes, shapeOfLastLine } from "./mask.ts";

/** Lines longer than this are their own template (minified code, a base64 blob). */
const LONG_LINE = 2000;
/** Lines looked at to find a header, and the share of them that must hold each of its tokens. */
const HEADER_SAMPLE = 256;
const HEADER_SHARE = 0.9;
const HEADER_MAX = 6;

/** Whether a line is left out of every template (the sampling hole, an overlong or blank line). */
export const skipped = (doc: Doc, units: Uint16Array, i: number, first: number) =>
  i === doc.hole ||
  doc.lines[i]!.length > LONG_LINE ||
  isBlankLine(units, first, first + doc.lines[i]!.length);

/**
 * The masked tokens of the first HEADER_SAMPLE lines that have templates, as maskLine
 * makes them: read once to find the header, and kept for the grouping that follows.
 */
interface Sample {
  /** Line indexes, in order. */
  readonly at: number[];
  /** Each sampled line's tokens, MAX_TOKENS apart. */
  readonly tokens: Int32Array;
  /** How many tokens each has. */
  readonly count: Int32Array;
  /** Each one's error codes (codesOfLastLine) and shape (shapeOfLastLine). */
  readonly codes: Int32Array;
  readonly shapes: Int32Array;
  /** Each sampled line's values (maskLine's), MAX_TOKENS apart, when problems group by their words. */
  readonly values: { readonly numbered: Uint8Array; readonly files: Int32Array } | undefined;
  /** The code units every line is read from (readOf). */
  readonly units: Uint16Array;
}

/**
 * maskLine of line `i`, read from the code units of the Doc's text (readOf), from `first`
 * (where the line starts in it): written once, for every line.
 */
export function maskOf(
  doc: Doc,
  units: Uint16Array,
  i: number,
  first: number,
  bodyAt: ((i: number) => number) | undefined,
  out: Int32Array,
  values: { readonly numbered: Uint8Array; readonly files: Int32Array } | undefined,
  into: number,
): number {
  const from = first + (bodyAt ? bodyAt(i) : 0);
  return maskCodes(units, out, from, values, into, first + doc.lines[i]!.length, first);
}

/** The code units of the text a Doc's lines are read from, as its source has them: each line, then a newline. */
function readOf(doc: Doc, into: Scratch): Uint16Array {
  const codes = codesOf(doc.source ?? doc.lines.join("\n"), into.units);
  // Kept for the next call unless it is large (a sampled Doc's): the scratch arrays stay small.
  if (codes.buffer !== into.units.buffer && codes.length <= KEPT_CODES) into.units = codes;
  return codes;
}

/** Code units of at most this many characters are kept for the next call. */
const KEPT_CODES = 1 << 20;

/**
 * The arrays a sample and each line are read into, made once (zeroed memory outside the
 * heap, 100 KB, cost more than a short output's grouping): they are read within templatesOf
 * only, and each of their values is written before it is read. Taken while in use, so a
 * call within another makes its own.
 */
let spare: Scratch | undefined;
export interface Scratch {
  /** The code units of the text its lines are read from (readOf), grown as needed. */
  units: Uint16Array;
  /** One line's tokens and values (templatesOf), MAX_TOKENS of each. */
  readonly buffer: Int32Array;
  readonly values: { readonly numbered: Uint8Array; readonly files: Int32Array };
  readonly tokens: Int32Array;
  readonly count: Int32Array;
  readonly codes: Int32Array;
  readonly shapes: Int32Array;
  readonly numbered: Uint8Array;
  readonly files: Int32Array;
}

/** The scratch arrays, made or taken back (release): no other call holds them until then. */
export function scratch(): Scratch {
  const s = spare ?? {
    units: new Uint16Array(0),
    buffer: new Int32Array(MAX_TOKENS),
    values: { numbered: new Uint8Array(MAX_TOKENS), files: new Int32Array(MAX_TOKENS) },
    tokens: new Int32Array(HEADER_SAMPLE * MAX_TOKENS),
    count: new Int32Array(HEADER_SAMPLE),
    codes: new Int32Array(HEADER_SAMPLE),
    shapes: new Int32Array(HEADER_SAMPLE),
    numbered: new Uint8Array(HEADER_SAMPLE * MAX_TOKENS),
    files: new Int32Array(HEADER_SAMPLE * MAX_TOKENS),
  };
  spare = undefined;
  return s;
}

/** Gives the scratch arrays back for the next call (scratch), once no value read from them is needed. */
export function release(arrays: Scratch): void {
  spare = arrays;
}

/** The sample (Sample) of a Doc's lines, read into `into`'s arrays; their values too when `withValues`. */
export function sampleLines(
  doc: Doc,
  bodyAt: ((i: number) => number) | undefined,
  withValues: boolean,
  into: Scratch,
): Sample {
  const at: number[] = [];
  const units = readOf(doc, into);
  const most = Math.min(HEADER_SAMPLE, doc.lines.length);
  const { tokens, count, codes, shapes } = into;
  // The values of a line cost little beside its tokens; read with them, a problem line is masked once.
  const values = withValues ? { numbered: into.numbered, files: into.files } : undefined;
  // `first`: where line i starts in the Doc's source.
  for (
    let i = 0, first = 0;
    i < doc.lines.length && at.length < most;
    first += doc.lines[i]!.length + 1, i++
  ) {
    if (skipped(doc, units, i, first)) continue;
    const k = at.length;
    count[k] = maskOf(doc, units, i, first, bodyAt, tokens, values, k * MAX_TOKENS);
    codes[k] = codesOfLastLine();
    shapes[k] = shapeOfLastLine();
    at.push(i);
  }
  return { at, tokens, count, codes, shapes, values, units };
}

/**
 * The leading tokens (masked) nearly every line shares (a log's date, time and
 * host: `Jul 27 14:41:57 combo`): a header that says nothing of what a line is, so lines
 * are compared past it, as log parsers strip a log's header before mining its templates.
 * Empty when lines share no start.
 */
export function headerOf(sample: Sample): Int32Array {
  const lines = sample.at.length;
  const values = new Int32Array(HEADER_MAX);
  if (lines < 20) return values.subarray(0, 0);
  let header = 0;
  for (; header < HEADER_MAX; header++) {
    // A token held by HEADER_SHARE of the lines (over half) is the one a majority vote
    // leaves (Boyer-Moore), counted then: no count of every token is kept.
    let token = 0;
    let lead = 0;
    for (let k = 0; k < lines; k++) {
      if (sample.count[k]! <= header) continue;
      const t = sample.tokens[k * MAX_TOKENS + header]!;
      if (lead === 0) token = t;
      lead += t === token ? 1 : -1;
    }
    let top = 0;
    for (let k = 0; k < lines; k++)
      if (sample.count[k]! > header && sample.tokens[k * MAX_TOKENS + header] === token) top++;
    if (top < lines * HEADER_SHARE) break;
    values[header] = token;
  }
  return values.subarray(0, header);
}

/** Whether `codes[from, to)` holds only blanks. */
function isBlankLine(codes: Uint16Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = codes[i]!;
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
