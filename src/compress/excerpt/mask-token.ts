/**
 * The masked hash of one token, for grouping lines into templates (mask.ts reads a line's
 * tokens with these): a token's variable parts (numbers, hex and random ids, a path's
 * file name within its directory) are masked, so two tokens alike but for them hash alike.
 * A token's hash depends on its text alone. Pure but for what a pass leaves for the next
 * (how many runs of a token hold digits, where it stopped): this module's alone, read
 * through runsEnd and pathEnd. A text is read from its code units (code-units.ts), not
 * its characters.
 */

import { codesOf } from "./code-units.ts";

export const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;

/** The FNV-1a hash of nothing, where every hash starts. */
export const FNV = 0x811c9dc5 | 0;
/**
 * Classes of code units: 0 other; what maskRuns stops at (a blank, a slash), a quote, a
 * character rules are drawn with (isRuleChar); then what runs are made of (RUN on): digits,
 * hex letters, other letters. One lookup a character tells them all.
 */
const STOP = 1;
const QUOTE = 2;
const RULE = 3;
const DIGIT = 4;
const HEX = 5;
const RUN = DIGIT;
const LETTER = 6;
// Set by ranges (fill), not by a loop over every code unit: that costs milliseconds at load.
const CLASS = new Uint8Array(65536)
  .fill(DIGIT, 48, 58)
  .fill(HEX, 65, 71)
  .fill(LETTER, 71, 91)
  .fill(HEX, 97, 103)
  .fill(LETTER, 103, 123)
  // isRuleChar's characters.
  .fill(RULE, 0x2500, 0x2580);
for (const c of [32, 9, 47]) CLASS[c] = STOP;
for (const c of [34, 39]) CLASS[c] = QUOTE;
for (const c of [43, 45]) CLASS[c] = RULE;
/** One step of the FNV-1a hash the masks are made of. */
export const mix = (h: number, c: number) => Math.imul(h ^ c, 0x01000193);

/** The masks, as characters mixed into a hash. */
const STAR = 42;
const ZERO = 48;
const PLUSMINUS = 177;

/** How many runs of letters and digits holding a digit the last maskRuns read. */
let digitRuns = 0;
/** Where the last maskRuns stopped: `to`, or a blank or slash when it stops at one. */
let stoppedAt = 0;
/** Where the last maskRuns stopped (stoppedAt): where the token it masked ends, unless at a slash. */
export const runsEnd = () => stoppedAt;
/**
 * The hash of the words the last maskRuns read (runs of WORD letters or more, no digit,
 * not all hex, not quoted): FNV when none. A structured id keeps them (`…|HiH_HiBroadcastUtil|…|sendSyncFailedBroadcast`).
 */
let words = FNV;
/** A run of this many letters, one not a hex digit, is a word, not a piece of an id (`NF`, `Jul`, `beef`). */
export const WORD = 4;

/**
 * The hash of `s[from, to)` with its variable parts masked: in each run of letters and
 * digits that holds a digit, a long or hex run (an id, a hash) counts as `*` and each run
 * of digits of a short one as `0`; runs of `+` and `-` (a diffstat's bar) or of box-drawing
 * lines (a rule drawn out to a width) as one `±`.
 * `untilBlank`: it stops at a blank or a slash too (where a token ends, or where it turns
 * out a path), so a token is masked in the pass that finds its end.
 */
export function maskRuns(s: Uint16Array, from: number, to: number, h: number, untilBlank = false): number {
  // Counted in locals, left in digitRuns and words at the end: a module's variable is read and written in memory.
  let runs = 0;
  let w = FNV;
  // Inside quotes: a quoted word is a value (a JSON record's, a SQL row's), not a word of the kind.
  let quoted = false;
  let i = from;
  while (i < to) {
    const c = s[i]!;
    const k = CLASS[c]!;
    if (k < RUN) {
      if (k === STOP) {
        if (untilBlank) break;
      } else if (k === QUOTE) quoted = !quoted;
      else if (k === RULE) {
        let j = i;
        while (j < to && CLASS[s[j]!] === RULE) j++;
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
    // The run with each run of digits one `0`: the run as it is while it holds no digit.
    let short = h;
    let inDigits = false;
    // Whether a letter follows a digit: digits inside the run, not a number after a name.
    let inside = false;
    while (j < to) {
      const d = s[j]!;
      const kd = CLASS[d]!;
      if (kd < RUN) break;
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
    if (digits > 0) runs++;
    else if (run >= WORD && !hex && !quoted) for (let k = i; k < j; k++) w = mix(w, s[k]!);
    // A long run with digits inside it is an id (`bontBFsdJ8fMDS`), not a name with a number
    // after it (`chartOption10`); a hex one when letters and digits mix.
    if (digits > 0 && ((run >= 10 && inside) || (hex && run >= 6 && run > digits)))
      h = Math.imul(h ^ STAR, 0x01000193);
    else h = short;
    i = j;
  }
  stoppedAt = i;
  digitRuns = runs;
  words = w;
  return h;
}

/** What may stand around an error code: a quote or bracket before it (`"'([`), one or a colon, comma or semicolon after it. */
const opens = (c: number) => c === 34 || c === 39 || c === 40 || c === 91;
const closes = (c: number) =>
  c === 34 || c === 39 || c === 41 || c === 93 || c === 58 || c === 44 || c === 59;

/**
 * An error code: a few capitals and digits, the whole token but for brackets, quotes and
 * a trailing colon or comma around it (`TS2305:`, `E0308`, `[SC3054]`, `(E501)`): it tells
 * errors apart. A quoted value after a key (`"valve": "V125",`) is a record's value, no
 * code: read as one, it split a log of alike JSON records into a kind per valve.
 * `first`: where the token's line starts in `s`, before which that look back stops.
 */
export function isCode(s: Uint16Array, from: number, to: number, first: number): boolean {
  if (s[from]! === 34 && from >= first + 2 && s[from - 2]! === 58) return false;
  while (from < to && opens(s[from]!)) from++;
  while (to > from && closes(s[to - 1]!)) to--;
  let k = from;
  while (k < to && isUpper(s[k]!)) k++;
  if (k === from || k - from > 5 || to - k < 2) return false;
  for (let j = k; j < to; j++) if (!isDigit(s[j]!)) return false;
  return true;
}

/**
 * A token made of this many runs holding digits, joined by punctuation, is a structured
 * id (a hardware location `R25-M1-NF-C:J16-U11`, an address, a timestamp): all of it
 * varies, even the runs without digits (`NF`, `N0`), but for its words: a record packed in
 * one token (`20171223-22:32:28:801|HiH_HiBroadcastUtil|30002312|sendSyncFailedBroadcast`)
 * is told by them, or every such record would be one kind of line.
 */
const ID_RUNS = 3;

/** The hash of the token maskRuns just read: its masked runs, or `*` and its words when an id. */
export const maskedOrId = (masked: number) => (digitRuns >= ID_RUNS ? mix(words, STAR) : masked);

/**
 * The masked hash of a token that is no path, `s[from, to)`: its hash as it is, unless it is
 * `variable` (holds a digit or is long) and no error code; its line starts at `first`
 * (isCode). The hash as it is is read only then: a URL's (`https://registry…/eslint`, long)
 * was read whole and thrown away for its masked one.
 */
function notPath(s: Uint16Array, from: number, to: number, first: number, variable: boolean): number {
  if (!variable || isCode(s, from, to, first)) return hashOf(s, from, to);
  return maskedRuns(s, from, to);
}

/** The masked hash of a variable token that is no path and no error code. */
export function maskedRuns(s: Uint16Array, from: number, to: number): number {
  // Read once for both: the runs holding digits, and the hash it is when they are few.
  return maskedOrId(maskRuns(s, from, to, FNV));
}

/**
 * The hash of the token `s[from, to)` with its variable parts masked (two tokens alike but
 * for them hash alike). A path keeps its directory and the file's extension: files of one
 * directory are alike, a file elsewhere is not.
 */
export function maskToken(text: string, from: number, end: number): number {
  const s = codesOf(text);
  let to = from;
  let slash = false;
  let variable = false;
  let quoted = false;
  for (; to < end; to++) {
    const c = s[to]!;
    if (c === 32 || c === 9) break;
    if (c === 47) slash = true;
    else if (c >= 48 && c <= 57) variable = true;
    else if (c === 34 || c === 39) quoted = true;
  }
  if (slash) return named(maskPath(s, from, to, 0), false);
  const h = notPath(s, from, to, 0, variable || to - from > 24 || isBar(s, from, to));
  return named(h, !variable && !quoted && isName(s, from, to));
}

/** An ASCII letter. */
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Hex letters a long word made of nothing else is an id of (`deadbeefcafe`), not a name. */
const HEX_ID = 8;
const isHexLetter = (c: number) => (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/**
 * Whether a token without digit, slash or quote is a name (a function's, a module's, a
 * word): it holds a letter, and is no run of hex letters long enough to be an id. A
 * token's masked hash says it in its low bit (named): lines of frames that differ at a name
 * are different templates (templates.ts), a frame of `FileStream..ctor(…)` and one of
 * `StreamReader..ctor(…)` two frames, not one twice.
 */
export function isName(s: Uint16Array, from: number, to: number): boolean {
  let k = from;
  while (k < to && !isAsciiLetter(s[k]!)) k++;
  if (k === to) return false;
  if (to - from < HEX_ID) return true;
  for (k = from; k < to; k++) if (!isHexLetter(s[k]!)) return true;
  return false;
}

/** A token's masked hash `h` with its low bit saying whether it is a name: clear for a name, set for a value. */
export const named = (h: number, name: boolean) => (name ? h & ~1 : h | 1);

/** Whether a token is a name (isName), read from its masked hash's low bit (named). */
export const isNameToken = (t: number) => (t & 1) === 0;

/** The hash of `s[from, to)` as it is. */
export function hashOf(s: Uint16Array, from: number, to: number): number {
  let h = FNV;
  for (let k = from; k < to; k++) h = Math.imul(h ^ s[k]!, 0x01000193);
  return h;
}

/** Where the token the last maskPath read ends. */
let pathTokenEnd = 0;
/** Where the token the last maskPath read ends (maskPath finds it as it reads). */
export const pathEnd = () => pathTokenEnd;

/**
 * maskToken's hash of the token from `from` to the first blank before `end`, which holds a
 * slash (a path, when one stands before its end); where it ends is left in pathTokenEnd.
 * Its end is found in the pass that reads it, not in one before. Its line starts at
 * `first` in `s` (isCode).
 */
export function maskPath(s: Uint16Array, from: number, end: number, first: number): number {
  let slash = -1;
  let variable = false;
  // Where the path part ends (-1: the token's end).
  let pathEnd = -1;
  // Quotes and brackets that open the token (`"./conf/a.conf",`, `('/x/y.py'`) do not end
  // its path: they stand before it.
  let opened = from;
  for (let c = s[opened]!; c === 34 || c === 39 || c === 40; c = s[++opened]!);
  let to = from;
  for (; to < end; to++) {
    const c = s[to]!;
    if (c === 47) {
      if (pathEnd < 0) slash = to;
    } else if (c <= 57) {
      if (c === 32 || c === 9) break;
      if (c >= 48) variable = true;
      else if (pathEnd < 0 && to >= opened && (c === 40 || c === 41 || c === 44 || c === 39 || c === 34))
        pathEnd = to;
    } else if (pathEnd < 0 && (c === 58 || c === 91 || c === 93)) pathEnd = to;
  }
  pathTokenEnd = to;
  if (pathEnd < 0) pathEnd = to;
  // Its slashes all past where the path ends (`require('../a.js')`): no path. So is a URL
  // (`https://host/a`): the colon of its `://` ends the path before any slash of it.
  if (slash < 0) return notPath(s, from, to, first, variable || to - from > 24);
  let h = mix(maskRuns(s, from, slash + 1, FNV), STAR);
  // The file's extension, when it is one (`.ts`, not `.0413`).
  let dot = pathEnd - 1;
  while (dot > slash && s[dot]! !== 46) dot--;
  if (dot > slash + 1 && pathEnd - dot <= 9) {
    let numeric = false;
    for (let k = dot + 1; k < pathEnd; k++) if (isDigit(s[k]!)) numeric = true;
    if (!numeric) for (let k = dot; k < pathEnd; k++) h = mix(h, s[k]!);
  }
  return maskRuns(s, pathEnd, to, mix(h, 124));
}

/** Whether `s[from, to)` is a bar of `+` and `-`, three or more (a diffstat's `+++--`): its length varies with a count. */
export function isBar(s: Uint16Array, from: number, to: number): boolean {
  if (to - from < 3) return false;
  for (let k = from; k < to; k++) {
    const c = s[k]!;
    if (!isRuleChar(c)) return false;
  }
  return true;
}

/**
 * A character rules are drawn with: `+` and `-` (a diffstat's bar), or a box-drawing line
 * (U+2500-U+257F: biome's `path format ━━━…` drawn out to one width, so as long as the path
 * is short). A rule drawn to fill a width is the same rule whatever its length.
 */
function isRuleChar(c: number): boolean {
  return c === 43 || c === 45 || (c >= 0x2500 && c <= 0x257f);
}
