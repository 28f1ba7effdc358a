/**
 * Lines grouped into templates, as log-template miners do (Drain): two lines share a
 * template when they are equal but for their variable fields. A token's variable parts
 * are masked first (numbers, hex and random ids, a path's file name within its
 * directory), then lines of the same length whose first two masked tokens agree join the
 * template they match in more than half their tokens (past the header nearly every line
 * starts with, a log's date and host); where they differ, the template holds a wildcard. Problem lines (errors, warnings) join only a template they match
 * exactly once masked: two different errors are two facts, however alike their words.
 * Pure; one pass, bounded work per line.
 */

import type { Doc } from "./doc.ts";

/** A wildcard in a template: the lines it groups differ there. */
export const ANY = -1;

export interface Template {
  /** The hashes of its masked tokens (maskToken), ANY where members differ. */
  readonly tokens: Int32Array;
  /** Line indexes (into doc.lines) of its members, in order. */
  readonly members: number[];
  /** Whether its lines are problem lines (they group only when equal once masked). */
  readonly strict: boolean;
  /** The files its problem lines name, by token (0: none), when problems group by their words. */
  readonly files?: Int32Array;
}

export interface Templates {
  /** The template of each line, or -1 (a blank line, the sampling hole, an overlong line). */
  readonly of: Int32Array;
  readonly list: readonly Template[];
}

/** Lines longer than this are their own template (minified code, a base64 blob). */
const LONG_LINE = 2000;
/** At most this many tokens are compared; the rest of a longer line only lengthens it. */
const MAX_TOKENS = 48;
/** A leaf compares a new line with at most this many of its templates (the most recent first). */
const LEAF_LIMIT = 48;
/**
 * Share of tokens a line must exceed in common with a template to join it: a line that
 * shares only its date, time, level and logger (half its words) is another kind.
 */
const SIMILARITY = 0.5;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;

const FNV = 0x811c9dc5 | 0;
/** Character classes below 128: 0 other, digits, hex letters, other letters. */
const DIGIT = 1;
const HEX = 2;
const CLASS = new Uint8Array(128);
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
for (let c = 65; c <= 90; c++) CLASS[c] = c <= 70 ? HEX : 3;
for (let c = 97; c <= 122; c++) CLASS[c] = c <= 102 ? HEX : 3;
const mix = (h: number, c: number) => Math.imul(h ^ c, 0x01000193);

/** The masks, as characters mixed into a hash. */
const STAR = 42;
const ZERO = 48;
const PLUSMINUS = 177;

/** How many runs of letters and digits holding a digit the last maskRuns read. */
let digitRuns = 0;

/**
 * The hash of `s[from, to)` with its variable parts masked: in each run of letters and
 * digits that holds a digit, a long or hex run (an id, a hash) counts as `*` and each run
 * of digits of a short one as `0`; runs of `+` and `-` (a diffstat's bar) as one `±`.
 */
function maskRuns(s: string, from: number, to: number, h: number): number {
  digitRuns = 0;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    const k = c < 128 ? CLASS[c]! : 0;
    if (k === 0) {
      if (c === 43 || c === 45) {
        let j = i;
        while (j < to && (s.charCodeAt(j) === 43 || s.charCodeAt(j) === 45)) j++;
        if (j - i >= 3) {
          h = Math.imul(h ^ PLUSMINUS, 0x01000193);
          i = j;
          continue;
        }
      }
      h = Math.imul(h ^ c, 0x01000193);
      i++;
      continue;
    }
    // A run of letters and digits: how long, how many digits, whether all hex.
    let j = i;
    let digits = 0;
    let hex = true;
    let raw = h;
    let short = h;
    let inDigits = false;
    // Whether a letter follows a digit: digits inside the run, not a number after a name.
    let inside = false;
    while (j < to) {
      const d = s.charCodeAt(j);
      const kd = d < 128 ? CLASS[d]! : 0;
      if (kd === 0) break;
      raw = Math.imul(raw ^ d, 0x01000193);
      if (kd === DIGIT) {
        digits++;
        if (!inDigits) short = Math.imul(short ^ ZERO, 0x01000193);
        inDigits = true;
      } else {
        if (kd !== HEX) hex = false;
        if (inDigits) inside = true;
        short = Math.imul(short ^ d, 0x01000193);
        inDigits = false;
      }
      j++;
    }
    const run = j - i;
    if (digits > 0) digitRuns++;
    // A long run with digits inside it is an id (`bontBFsdJ8fMDS`), not a name with a number
    // after it (`chartOption10`); a hex one when letters and digits mix.
    if (digits === 0) h = raw;
    else if ((run >= 10 && inside) || (hex && run >= 6 && run > digits)) h = Math.imul(h ^ STAR, 0x01000193);
    else h = short;
    i = j;
  }
  return h;
}

/** An error code: a few capitals and digits, the whole token (`TS2305`, `E0308`): it tells errors apart. */
function isCode(s: string, from: number, to: number): boolean {
  let k = from;
  while (k < to && isUpper(s.charCodeAt(k))) k++;
  if (k === from || k - from > 5 || to - k < 2) return false;
  for (let j = k; j < to; j++) if (!isDigit(s.charCodeAt(j))) return false;
  return true;
}

/**
 * A token made of this many runs holding digits, joined by punctuation, is a structured
 * id (a hardware location `R25-M1-NF-C:J16-U11`, an address, a timestamp): all of it
 * varies, even the runs without digits (`NF`, `N0`).
 */
const ID_RUNS = 3;

/** Where the token maskToken last read ends. */
let tokenEnd = 0;

/**
 * The hash of the token that starts at `s[from]` and runs to a blank or `end` (which
 * tokenEnd then holds), with its variable parts masked (two tokens alike but for them
 * hash alike). A path keeps its directory and the file's extension: files of one
 * directory are alike, a file elsewhere is not. One pass finds the token's end and reads it.
 */
function maskToken(s: string, from: number, end: number): number {
  let slash = -1;
  let variable = false;
  // Where the path part ends (-1: the token's end).
  let pathEnd = -1;
  let h = FNV;
  let to = from;
  for (; to < end; to++) {
    const c = s.charCodeAt(to);
    if (c === 32 || c === 9) break;
    h = Math.imul(h ^ c, 0x01000193);
    if (c === 47) {
      if (pathEnd < 0) slash = to;
    } else if (c <= 57) {
      if (c >= 48) variable = true;
      else if (pathEnd < 0 && (c === 40 || c === 41 || c === 44 || c === 39 || c === 34)) pathEnd = to;
    } else if (pathEnd < 0 && (c === 58 || c === 91 || c === 93)) pathEnd = to;
  }
  tokenEnd = to;
  if (to - from > 24) variable = true;
  if (pathEnd < 0) pathEnd = to;
  if (slash < 0) {
    if (!variable || isCode(s, from, to)) return h;
    // Read once for both: the runs holding digits, and the hash it is when they are few.
    const masked = maskRuns(s, from, to, FNV);
    return digitRuns >= ID_RUNS ? mix(FNV, STAR) : masked;
  }
  const scheme = s.indexOf("://", from);
  if (scheme > 0 && scheme < slash) {
    const host = s.indexOf("/", scheme + 3);
    return host < 0 || host >= to ? maskRuns(s, from, to, FNV) : mix(maskRuns(s, from, host, FNV), STAR);
  }
  h = mix(maskRuns(s, from, slash + 1, FNV), STAR);
  // The file's extension, when it is one (`.ts`, not `.0413`).
  let dot = pathEnd - 1;
  while (dot > slash && s.charCodeAt(dot) !== 46) dot--;
  if (dot > slash + 1 && pathEnd - dot <= 9) {
    let numeric = false;
    for (let k = dot + 1; k < pathEnd; k++) if (isDigit(s.charCodeAt(k))) numeric = true;
    if (!numeric) for (let k = dot; k < pathEnd; k++) h = mix(h, s.charCodeAt(k));
  }
  return maskRuns(s, pathEnd, to, mix(h, 124));
}

/** Distinct tokens remembered with their hashes, at most (repeated ones are most of a long output's). */
const MEMO_MAX = 1 << 16;

/** A place in a file (`src/a.ts:3`, `chart.ts(5,14):`): which file a problem is in tells problems apart. */
const PLACE = /\.[A-Za-z]{1,5}[(:]\d/;

/**
 * The masked hashes of a line's tokens (split at blanks) into `out`, and, when asked, into
 * `values.numbered` whether each holds a digit and names no file (a value, an id, a time)
 * and into `values.files` the file it names; how many there are.
 */
function maskLine(
  line: string,
  out: Int32Array,
  from: number,
  values?: { readonly numbered: Uint8Array; readonly files: Int32Array },
  memo?: Map<string, number>,
): number {
  let n = 0;
  let i = from;
  const end = line.length;
  // Tokens end at a space (found natively) unless the line holds a tab.
  const spaced = memo !== undefined && line.indexOf("\t", from) < 0;
  while (i < end && n < out.length) {
    let c = line.charCodeAt(i);
    while (i < end && (c === 32 || c === 9)) c = line.charCodeAt(++i);
    if (i >= end) break;
    let j: number;
    if (spaced) {
      // A token's hash depends on its text alone: a token seen before is not read again.
      j = line.indexOf(" ", i);
      if (j < 0) j = end;
      const token = line.slice(i, j);
      let h = memo.get(token);
      if (h === undefined) {
        h = maskToken(line, i, j);
        if (memo.size < MEMO_MAX) memo.set(token, h);
      }
      out[n] = h;
    } else {
      out[n] = maskToken(line, i, end);
      j = tokenEnd;
    }
    if (values) {
      let digit = false;
      let mark = false;
      for (let k = i; k < j; k++) {
        const d = line.charCodeAt(k);
        if (isDigit(d)) digit = true;
        else if (d === 40 || d === 58) mark = true;
      }
      const token = digit && mark ? line.slice(i, j) : "";
      const place = token !== "" && PLACE.test(token);
      values.numbered[n] = digit && !place ? 1 : 0;
      // A file is told by its whole name (up to its line and column), not masked as files of one directory are.
      values.files[n] = place ? fileHash(token, 0, token.search(/[(:]|$/)) : 0;
    }
    n++;
    i = j;
  }
  return n;
}

/** The hash of `s[from, to)` as it is. */
function fileHash(s: string, from: number, to: number): number {
  let h = FNV;
  for (let k = from; k < to; k++) h = mix(h, s.charCodeAt(k));
  return h | 1;
}

/**
 * Whether a problem line says what a template's first line says, in the same file: its
 * words equal, its values free.
 */
function sameWords(
  t: Template,
  masked: Int32Array,
  numbered: Uint8Array,
  files: Int32Array,
  n: number,
): boolean {
  for (let k = 0; k < n; k++) {
    if (files[k] !== (t.files?.[k] ?? 0)) return false;
    if (t.tokens[k] !== masked[k] && numbered[k] === 0) return false;
  }
  return true;
}

const BLANKS = /[ \t]+/;

/**
 * A line's tokens (split at runs of blanks), at most MAX_TOKENS of them. Split natively: in
 * a process that runs it once, a loop over each character is read by the interpreter.
 */
export function tokensOf(line: string): string[] {
  const out = line.split(BLANKS);
  // Blanks at either end leave an empty piece there.
  if (out.length > 0 && out[out.length - 1] === "") out.pop();
  if (out.length > 0 && out[0] === "") out.shift();
  if (out.length > MAX_TOKENS) out.length = MAX_TOKENS;
  return out;
}

/** The share of a line's tokens past the header that a template holds too. */
function similarity(template: Int32Array, masked: Int32Array, n: number, header: number): number {
  const from = n > header ? header : 0;
  let same = 0;
  for (let k = from; k < n; k++) if (template[k] === masked[k]) same++;
  return same / (n - from);
}

/** Lines looked at to find a header, and the share of them that must hold each of its tokens. */
const HEADER_SAMPLE = 256;
const HEADER_SHARE = 0.9;
const HEADER_MAX = 6;

/** Whether a line is left out of every template (the sampling hole, an overlong or blank line). */
const skipped = (doc: Doc, i: number) => i === doc.hole || doc.lines[i]!.length > LONG_LINE || isBlankLine(doc.lines[i]!);

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
}

function sampleLines(doc: Doc, bodyAt: ((i: number) => number) | undefined, memo: Map<string, number>): Sample {
  const at: number[] = [];
  const tokens = new Int32Array(HEADER_SAMPLE * MAX_TOKENS);
  const count = new Int32Array(HEADER_SAMPLE);
  for (let i = 0; i < doc.lines.length && at.length < HEADER_SAMPLE; i++) {
    if (skipped(doc, i)) continue;
    const k = at.length;
    count[k] = maskLine(
      doc.lines[i]!,
      tokens.subarray(k * MAX_TOKENS, (k + 1) * MAX_TOKENS),
      bodyAt ? bodyAt(i) : 0,
      undefined,
      memo,
    );
    at.push(i);
  }
  return { at, tokens, count };
}

/**
 * How many leading tokens nearly every line shares once masked (a log's date, time and
 * host: `Jul 27 14:41:57 combo`): a header that says nothing of what a line is, so lines
 * are compared past it, as log parsers strip a log's header before mining its templates.
 * 0 when lines share no start.
 */
function headerOf(sample: Sample): number {
  const lines = sample.at.length;
  if (lines < 20) return 0;
  let header = 0;
  for (; header < HEADER_MAX; header++) {
    const counts = new Map<number, number>();
    let top = 0;
    for (let k = 0; k < lines; k++) {
      if (sample.count[k]! <= header) continue;
      const token = sample.tokens[k * MAX_TOKENS + header]!;
      const c = (counts.get(token) ?? 0) + 1;
      counts.set(token, c);
      if (c > top) top = c;
    }
    if (top < lines * HEADER_SHARE) break;
  }
  return header;
}

/** Hash of a line's masked tokens, all of them (strict) or its length and first two. */
function keyOf(masked: Int32Array, n: number, strict: boolean): number {
  let h = strict ? 0x9e3779b1 : 0x85ebca77;
  const upTo = strict ? n : n > 2 ? 2 : Math.min(1, n);
  for (let k = 0; k < upTo; k++) h = Math.imul(h ^ masked[k]!, 0x01000193);
  return (Math.imul(h ^ n, 0x01000193) >>> 0) & 0x3fffffff;
}

/**
 * The templates of a document's lines. `strict(i)` says which lines are problems: they
 * group only with lines equal to them once masked. `bodyAt(i)`: where the text that is
 * compared starts (what comes before it, a grep's `path:12:`, is left out). `alike`: the
 * share of tokens a line must share with a template to join it. `looseProblems`: problem
 * lines join a problem template whose words they share, whatever their values (an output
 * of nothing but problems, where telling each apart would make every line a fact).
 */
export function templatesOf(
  doc: Doc,
  strict: (i: number) => boolean,
  bodyAt?: (i: number) => number,
  alike = SIMILARITY,
  looseProblems = false,
): Templates {
  const { lines } = doc;
  const of = new Int32Array(lines.length).fill(-1);
  const list: Template[] = [];
  // Leaves by key; a strict key and a loose one may collide: a leaf holds both, told apart by `strict`.
  const leaves = new Map<number, number[]>();
  const buffer = new Int32Array(MAX_TOKENS);
  const numbered = new Uint8Array(MAX_TOKENS);
  const files = new Int32Array(MAX_TOKENS);
  const values = { numbered, files };
  const memo = new Map<string, number>();
  const sample = sampleLines(doc, bodyAt, memo);
  const header = headerOf(sample);
  let sampled = 0;
  for (let i = 0; i < lines.length; i++) {
    if (skipped(doc, i)) continue;
    const exact = strict(i);
    // Problem lines of an output made of them group when their words are equal, whatever
    // their values (ids, places, times); other lines join the template they resemble.
    const words = exact && looseProblems;
    let n: number;
    if (sampled < sample.at.length && sample.at[sampled] === i && !words) {
      n = sample.count[sampled]!;
      buffer.set(sample.tokens.subarray(sampled * MAX_TOKENS, sampled * MAX_TOKENS + n));
    } else n = maskLine(lines[i]!, buffer, bodyAt ? bodyAt(i) : 0, words ? values : undefined, memo);
    if (sample.at[sampled] === i) sampled++;
    const key = keyOf(buffer, n, exact && !words) ^ (exact ? 1 : 0);
    let leaf = leaves.get(key);
    if (!leaf) {
      leaf = [];
      leaves.set(key, leaf);
    }
    let best = -1;
    let bestScore = alike;
    for (let k = leaf.length - 1, seen = 0; k >= 0 && seen < LEAF_LIMIT; k--, seen++) {
      const t = list[leaf[k]!]!;
      if (t.strict !== exact || t.tokens.length !== n) continue;
      const score = similarity(t.tokens, buffer, n, header);
      if (words ? sameWords(t, buffer, numbered, files, n) : exact ? score === 1 : score > bestScore) {
        best = leaf[k]!;
        bestScore = score;
        if (score === 1) break;
      }
    }
    if (best < 0) {
      best = list.length;
      list.push({
        tokens: buffer.slice(0, n),
        members: [],
        strict: exact,
        ...(words ? { files: files.slice(0, n) } : {}),
      });
      leaf.push(best);
    } else if (!exact) {
      const tokens = list[best]!.tokens;
      for (let k = 0; k < n; k++) if (tokens[k] !== buffer[k]) tokens[k] = ANY;
    }
    list[best]!.members.push(i);
    of[i] = best;
  }
  return { of, list };
}

function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
