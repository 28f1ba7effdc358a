/**
 * Lines grouped into templates, as log-template miners do (Drain): two lines share a
 * template when they are equal but for their variable fields. A token's variable parts (mask-token.ts)
 * are masked first (numbers, hex and random ids, a path's file name within its
 * directory), then lines of the same length whose first two masked tokens agree join the
 * template they match in more than half their tokens (past the header nearly every line
 * starts with, a log's date and host); where they differ, the template holds a wildcard. Problem lines (errors, warnings) join only a template they match
 * exactly once masked: two different errors are two facts, however alike their words.
 * Pure; one pass, bounded work per line.
 */

import type { Doc } from "./doc.ts";
import { codesOfLastLine, MAX_TOKENS, shapeOfLastLine } from "./mask.ts";
import { isNameToken } from "./mask-token.ts";
import { headerOf, maskOf, release, sampleLines, scratch, skipped } from "./template-sample.ts";

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

/** The tokens nearly every line starts with (a log's date and host, a table's columns of numbers). */
export interface Header {
  /** How many leading tokens (0: none). */
  readonly size: number;
  /** The lines that start with them, in order. */
  readonly lines: readonly number[];
}

export interface Templates {
  /** The template of each line, or -1 (a blank line, the sampling hole, an overlong line). */
  readonly of: Int32Array;
  readonly list: readonly Template[];
  readonly header: Header;
  /** Each line's shape (shapeOfLastLine: its masked tokens, any path alike), 0 where it has no template. */
  readonly shapes: Int32Array;
}

/** A leaf compares a new line with at most this many of its templates (the most recent first). */
const LEAF_LIMIT = 48;
/**
 * Share of tokens a line must exceed in common with a template to join it: a line that
 * shares only its date, time, level and logger (half its words) is another kind.
 */
const SIMILARITY = 0.5;

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

/** The share of a line's tokens past the header that a template holds too. */
function similarity(template: Int32Array, masked: Int32Array, n: number, header: number): number {
  const from = n > header ? header : 0;
  let same = 0;
  for (let k = from; k < n; k++) if (template[k] === masked[k]) same++;
  return same / (n - from);
}

/**
 * Whether a line differs from a template at a name (isNameToken: a word, no value): there
 * the lines say different things (two functions' frames), however alike the rest. A
 * wildcard stands only where values differ.
 */
function namesDiffer(template: Int32Array, masked: Int32Array, n: number): boolean {
  for (let k = 0; k < n; k++) {
    const t = template[k]!;
    if (t !== masked[k] && isNameToken(t) && isNameToken(masked[k]!)) return true;
  }
  return false;
}

/** Whether a template holds all of a line's tokens past the header (similarity 1), read until the first that differs. */
function allSame(template: Int32Array, masked: Int32Array, n: number, header: number): boolean {
  if (n === 0) return false;
  for (let k = n > header ? header : 0; k < n; k++) if (template[k] !== masked[k]) return false;
  return true;
}

/** Tokens of templates kept per shared block (tokenBlocks). */
const BLOCK = 16 * 1024;

/** Tokens the first block holds at most: most outputs make a few templates, and a block is zeroed memory outside the heap. */
const FIRST_BLOCK = 1024;

/**
 * A copy of the first `n` of some tokens, cut from a shared block: each new template's
 * tokens in a typed array of its own (past 16 tokens, memory outside the heap) cost more
 * than the grouping. The first block holds no more than `most` tokens (all a document's
 * lines can have) nor FIRST_BLOCK, each next one twice the last, up to BLOCK: a short
 * output does not clear a long one's block, nor an output of few templates a block it leaves empty.
 */
function tokenBlocks(most: number): (tokens: Int32Array, n: number) => Int32Array {
  let block = new Int32Array(Math.min(FIRST_BLOCK, Math.max(most, MAX_TOKENS)));
  let used = 0;
  return (tokens, n) => {
    if (used + n > block.length) {
      block = new Int32Array(Math.min(BLOCK, 2 * block.length));
      used = 0;
    }
    for (let k = 0; k < n; k++) block[used + k] = tokens[k]!;
    used += n;
    return block.subarray(used - n, used);
  };
}

/**
 * A new template of line `i`'s tokens; `files`, the files it names, when problems group by
 * their words. Its members start as a literal of one (most templates of a table of ids
 * hold one line: an empty array's first push makes room for 16).
 */
const templateOf = (
  tokens: Int32Array,
  strict: boolean,
  files: Int32Array | undefined,
  i: number,
): Template =>
  // Two literals, not one spread into: a spread copies an object for every new template.
  files ? { tokens, members: [i], strict, files } : { tokens, members: [i], strict };

/** Whether a line's masked tokens start with the header's. */
function startsWith(masked: Int32Array, n: number, header: Int32Array): boolean {
  if (n <= header.length) return false;
  for (let k = 0; k < header.length; k++) if (masked[k] !== header[k]) return false;
  return true;
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
 * `classOf(i)`: what the kind knows a line to be though its words do not say it (an
 * access log's status, a number masking would free): lines of two classes never share a
 * template, nor do lines of two error codes (`[SC3054]`, `[SC3010]`). `namesApart(i)`: line
 * `i` shares no template whose line it differs from at a name (namesDiffer): a frame, told
 * by its function's name.
 */
export function templatesOf(
  doc: Doc,
  strict: (i: number) => boolean,
  bodyAt?: (i: number) => number,
  alike = SIMILARITY,
  looseProblems = false,
  classOf?: (i: number) => number,
  namesApart?: (i: number) => boolean,
): Templates {
  const { lines } = doc;
  const of = new Int32Array(lines.length).fill(-1);
  const shapes = new Int32Array(lines.length);
  const list: Template[] = [];
  const classes: number[] = [];
  // Leaves by key; a strict key and a loose one may collide: a leaf holds both, told apart by `strict`.
  const leaves = new Map<number, number[]>();
  const kept = tokenBlocks(lines.length * MAX_TOKENS);
  // The files of problem templates, when problems group by their words, cut from blocks too.
  const keptFiles = looseProblems ? tokenBlocks(lines.length * MAX_TOKENS) : undefined;
  const arrays = scratch();
  const { buffer, values } = arrays;
  const { numbered, files } = values;
  const sample = sampleLines(doc, bodyAt, looseProblems, arrays);
  const sampledValues = sample.values;
  const start = headerOf(sample);
  const header = start.length;
  const headed: number[] = [];
  let sampled = 0;
  // `first`: where line i starts in the Doc's source.
  for (let i = 0, first = 0; i < lines.length; first += lines[i]!.length + 1, i++) {
    if (skipped(doc, sample.units, i, first)) continue;
    const exact = strict(i);
    // Problem lines of an output made of them group when their words are equal, whatever
    // their values (ids, places, times); other lines join the template they resemble.
    const words = exact && looseProblems;
    let n: number;
    let codes: number;
    if (sampled < sample.at.length && sample.at[sampled] === i && (!words || sampledValues)) {
      n = sample.count[sampled]!;
      codes = sample.codes[sampled]!;
      shapes[i] = sample.shapes[sampled]!;
      for (let k = 0, t = sampled * MAX_TOKENS; k < n; k++) buffer[k] = sample.tokens[t + k]!;
      if (words && sampledValues)
        for (let k = 0, t = sampled * MAX_TOKENS; k < n; k++) {
          numbered[k] = sampledValues.numbered[t + k]!;
          files[k] = sampledValues.files[t + k]!;
        }
    } else {
      n = maskOf(doc, sample.units, i, first, bodyAt, buffer, words ? values : undefined, 0);
      codes = codesOfLastLine();
      shapes[i] = shapeOfLastLine();
    }
    if (sample.at[sampled] === i) sampled++;
    if (header > 0 && startsWith(buffer, n, start)) headed.push(i);
    // Lines of two error codes are two kinds, as lines of two classes are.
    const cls = (classOf ? classOf(i) : 0) ^ codes;
    const key =
      (keyOf(buffer, n, exact && !words) ^ (exact ? 1 : 0) ^ Math.imul(cls, 0x9e3779b1)) & 0x3fffffff;
    let leaf = leaves.get(key);
    if (!leaf) {
      leaf = [];
      leaves.set(key, leaf);
    }
    let best = -1;
    let bestScore = alike;
    for (let k = leaf.length - 1, seen = 0; k >= 0 && seen < LEAF_LIMIT; k--, seen++) {
      const t = list[leaf[k]!]!;
      if (t.strict !== exact || t.tokens.length !== n || classes[leaf[k]!] !== cls) continue;
      // A problem line joins only a template it equals (or whose words it shares): most
      // templates of its leaf differ at once, and its share of tokens is read only for a match.
      if (exact && !words) {
        if (!allSame(t.tokens, buffer, n, header)) continue;
        best = leaf[k]!;
        break;
      }
      if (words && !sameWords(t, buffer, numbered, files, n)) continue;
      const score = similarity(t.tokens, buffer, n, header);
      if (score < 1 && score > bestScore && namesApart?.(i) && namesDiffer(t.tokens, buffer, n)) continue;
      if (words || score > bestScore) {
        best = leaf[k]!;
        bestScore = score;
        if (score === 1) break;
      }
    }
    if (best < 0) {
      best = list.length;
      classes.push(cls);
      list.push(templateOf(kept(buffer, n), exact, words ? keptFiles!(files, n) : undefined, i));
      leaf.push(best);
    } else {
      const t = list[best]!;
      if (!exact) for (let k = 0; k < n; k++) if (t.tokens[k] !== buffer[k]) t.tokens[k] = ANY;
      t.members.push(i);
    }
    of[i] = best;
  }
  release(arrays);
  return { of, list, header: { size: header, lines: headed }, shapes };
}
