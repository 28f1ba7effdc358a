// mask.ts as it stood at 2b4c58b, reading a line's characters with charCodeAt, before it read
// them from the text's code units (code-units.ts): the reference its equivalence test reads.

/**
 * The masked hashes of a line's tokens, for grouping lines into templates
 * (templates.ts): a token's variable parts (numbers, hex and random ids, a path's file
 * name within its directory) are masked, so two tokens alike but for them hash alike.
 * A token's hash depends on its text alone. Pure but for a scratch value the passes hand
 * each other (how many runs of a token hold digits).
 */

/** At most this many tokens are compared; the rest of a longer line only lengthens it. */
export const MAX_TOKENS = 48;

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
function maskRuns(s: string, from: number, to: number, h: number, untilBlank = false): number {
  digitRuns = 0;
  words = FNV;
  // Inside quotes: a quoted word is a value (a JSON record's, a SQL row's), not a word of the kind.
  let quoted = false;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    const k = c < 128 ? CLASS[c]! : 0;
    if (k === 0) {
      if (untilBlank && (c === 32 || c === 9 || c === 47)) break;
      if (c === 34 || c === 39) quoted = !quoted;
      if (isRuleChar(c)) {
        let j = i;
        while (j < to && isRuleChar(s.charCodeAt(j))) j++;
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
    else if (run >= WORD && !hex && !quoted) for (let k = i; k < j; k++) words = mix(words, s.charCodeAt(k));
    // A long run with digits inside it is an id (`bontBFsdJ8fMDS`), not a name with a number
    // after it (`chartOption10`); a hex one when letters and digits mix.
    if (digits === 0) h = raw;
    else if ((run >= 10 && inside) || (hex && run >= 6 && run > digits)) h = Math.imul(h ^ STAR, 0x01000193);
    else h = short;
    i = j;
  }
  stoppedAt = i;
  return h;
}

/** Where the line being read starts in the text it is read from (maskLine's `first`): isCode looks back no further. */
let lineFirst = 0;

/** What may stand around an error code: a quote or bracket before it (`"'([`), one or a colon, comma or semicolon after it. */
const opens = (c: number) => c === 34 || c === 39 || c === 40 || c === 91;
const closes = (c: number) =>
  c === 34 || c === 39 || c === 41 || c === 93 || c === 58 || c === 44 || c === 59;

/**
 * An error code: a few capitals and digits, the whole token but for brackets, quotes and
 * a trailing colon or comma around it (`TS2305:`, `E0308`, `[SC3054]`, `(E501)`): it tells
 * errors apart. A quoted value after a key (`"valve": "V125",`) is a record's value, no
 * code: read as one, it split a log of alike JSON records into a kind per valve.
 */
function isCode(s: string, from: number, to: number): boolean {
  if (s.charCodeAt(from) === 34 && from >= lineFirst + 2 && s.charCodeAt(from - 2) === 58) return false;
  while (from < to && opens(s.charCodeAt(from))) from++;
  while (to > from && closes(s.charCodeAt(to - 1))) to--;
  let k = from;
  while (k < to && isUpper(s.charCodeAt(k))) k++;
  if (k === from || k - from > 5 || to - k < 2) return false;
  for (let j = k; j < to; j++) if (!isDigit(s.charCodeAt(j))) return false;
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
const maskedOrId = (masked: number) => (digitRuns >= ID_RUNS ? mix(words, STAR) : masked);

/**
 * The masked hash of a token that is no path, `s[from, to)`, whose hash as it is is `raw`:
 * that, unless it is `variable` (holds a digit or is long) and no error code.
 */
function notPath(s: string, from: number, to: number, raw: number, variable: boolean): number {
  if (!variable || isCode(s, from, to)) return raw;
  return maskedRuns(s, from, to);
}

/** The masked hash of a variable token that is no path and no error code. */
function maskedRuns(s: string, from: number, to: number): number {
  // Read once for both: the runs holding digits, and the hash it is when they are few.
  return maskedOrId(maskRuns(s, from, to, FNV));
}

/**
 * The hash of the token `s[from, to)` with its variable parts masked (two tokens alike but
 * for them hash alike). A path keeps its directory and the file's extension: files of one
 * directory are alike, a file elsewhere is not.
 */
export function maskToken(s: string, from: number, end: number): number {
  lineFirst = 0;
  let to = from;
  let slash = false;
  let variable = false;
  for (; to < end; to++) {
    const c = s.charCodeAt(to);
    if (c === 32 || c === 9) break;
    if (c === 47) slash = true;
    else if (c >= 48 && c <= 57) variable = true;
  }
  if (slash) return maskPath(s, from, to);
  return notPath(s, from, to, hashOf(s, from, to), variable || to - from > 24 || isBar(s, from, to));
}

/** The hash of `s[from, to)` as it is. */
function hashOf(s: string, from: number, to: number): number {
  let h = FNV;
  for (let k = from; k < to; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  return h;
}

/** Where the token the last maskPath read ends. */
let pathTokenEnd = 0;

/**
 * maskToken's hash of the token from `from` to the first blank before `end`, which holds a
 * slash (a path, when one stands before its end); where it ends is left in pathTokenEnd.
 * Its end is found in the pass that reads it, not in one before.
 */
function maskPath(s: string, from: number, end: number): number {
  let slash = -1;
  let variable = false;
  // Where the path part ends (-1: the token's end).
  let pathEnd = -1;
  // Quotes and brackets that open the token (`"./conf/a.conf",`, `('/x/y.py'`) do not end
  // its path: they stand before it.
  let opened = from;
  for (let c = s.charCodeAt(opened); c === 34 || c === 39 || c === 40; c = s.charCodeAt(++opened));
  let to = from;
  for (; to < end; to++) {
    const c = s.charCodeAt(to);
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
  if (slash < 0) return notPath(s, from, to, hashOf(s, from, to), variable || to - from > 24);
  let h = mix(maskRuns(s, from, slash + 1, FNV), STAR);
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

/** Whether `s[from, to)` is a bar of `+` and `-`, three or more (a diffstat's `+++--`): its length varies with a count. */
function isBar(s: string, from: number, to: number): boolean {
  if (to - from < 3) return false;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
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

/** The error codes (isCode) of the line maskLine read last, hashed together: 0 when none. */
let codes = 0;

/**
 * The error codes of the line maskLine read last (0: none): lines of two codes are two
 * kinds of problem (`[SC3054]`, `[SC3010]`), however alike their words (templates.ts).
 */
export const codesOfLastLine = () => codes;

/** The masked tokens of the line maskLine read last, every path one (ANY_PATH), hashed together. */
let shape = FNV;
const ANY_PATH = 0x2f2f2f2f;

/**
 * The shape of the line maskLine read last: its masked tokens hashed together, any path
 * alike any other. Lines of one shape are alike but for their files (a diffstat's
 * `dir/file | 12 ++--`), though their templates differ by directory.
 */
export const shapeOfLastLine = () => shape;

/** A place in a file (`src/a.ts:3`, `chart.ts(5,14):`): which file a problem is in tells problems apart. */
const PLACE = /\.[A-Za-z]{1,5}[(:]\d/;

/**
 * The masked hashes of a line's tokens (split at blanks), at most MAX_TOKENS, into `out`
 * from `into` on, and, when asked, into `values.numbered` (from `into` on too) whether each holds a digit and
 * names no file (a value, an id, a time) and into `values.files` the file it names; how
 * many there are. The line is `line` read from `from`, or its characters from `from` to
 * `end` in a text it starts in at `first` (the Doc's source: a slice's characters are
 * slower to read).
 */
export function maskLine(
  line: string,
  out: Int32Array,
  from: number,
  values?: { readonly numbered: Uint8Array; readonly files: Int32Array },
  into = 0,
  end = line.length,
  first = 0,
): number {
  let n = 0;
  let i = from;
  lineFirst = first;
  codes = 0;
  shape = FNV;
  while (i < end && n < MAX_TOKENS) {
    let d = line.charCodeAt(i);
    if (d === 32 || d === 9) {
      i++;
      continue;
    }
    // A token is read here once, as maskToken would read it: most tokens are words, their
    // own hash. From its first digit on it is masked from its start, in the pass that finds
    // its end; a path is read again as maskToken reads it.
    let raw = FNV;
    let j = i;
    // 0: a word so far; 1: a digit; 2: a slash (a path).
    let kind = 0;
    for (;;) {
      if (d <= 57) {
        if (d === 32 || d === 9) break;
        if (d >= 47) {
          kind = d === 47 ? 2 : 1;
          break;
        }
      }
      raw = Math.imul(raw ^ d, 0x01000193);
      if (++j >= end) break;
      d = line.charCodeAt(j);
    }
    if (kind === 1) {
      const masked = maskRuns(line, i, end, FNV, true);
      j = stoppedAt;
      if (j < end && line.charCodeAt(j) === 47) kind = 2;
      else if (isCode(line, i, j)) {
        out[into + n] = hashOf(line, i, j);
        codes = mix(codes, out[into + n]!);
      } else out[into + n] = maskedOrId(masked);
    }
    if (kind === 2) {
      out[into + n] = maskPath(line, i, end);
      j = pathTokenEnd;
    } else if (kind === 0) out[into + n] = j - i > 24 || isBar(line, i, j) ? maskedRuns(line, i, j) : raw;
    // The low bit: clear for a name (a word holding a letter, no quote, no long run of hex
    // letters alone), set for a value.
    const word = line.slice(i, j);
    const name = kind === 0 && /[A-Za-z]/.test(word) && !/["']/.test(word) && !/^[A-Fa-f]{8,}$/.test(word);
    out[into + n] = name ? out[into + n]! & ~1 : out[into + n]! | 1;
    shape = mix(shape, kind === 2 ? ANY_PATH : out[into + n]!);
    // A word (kind 0) holds no digit: no value, no file, and it is not read again.
    if (values && kind === 0) {
      values.numbered[into + n] = 0;
      values.files[into + n] = 0;
    } else if (values) {
      let digit = false;
      let mark = false;
      for (let k = i; k < j; k++) {
        const d = line.charCodeAt(k);
        if (isDigit(d)) digit = true;
        else if (d === 40 || d === 58) mark = true;
      }
      const token = digit && mark ? line.slice(i, j) : "";
      const place = token !== "" && PLACE.test(token);
      values.numbered[into + n] = digit && !place ? 1 : 0;
      // A file is told by its whole name (up to its line and column), not masked as files of one directory are.
      values.files[into + n] = place ? fileHash(token, 0, token.search(/[(:]|$/)) : 0;
    }
    n++;
    i = j;
  }
  return n;
}

/** The hash of `s[from, to)` as it is, never 0. */
function fileHash(s: string, from: number, to: number): number {
  return hashOf(s, from, to) | 1;
}
