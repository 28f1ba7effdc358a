/**
 * Rare named values across lines of no one kind: where nearly every line names the same
 * fields `Key=value` (`openssl ciphers -v`: `Kx=RSA Au=RSA Enc=None Mac=MD5`; a logfmt
 * log's `level=`), a field of few values is a category, and a value one or two lines hold
 * (the one `Mac=MD5` among 157 suites) is news. The lines differ by their other words (each
 * suite's name), so templates split them and no kind's fields were read for it.
 * Pure; outliers.ts hands the lines to the engine's rare values (engine.ts rankOutliers).
 */

/** Read from this many lines on, and up to MOST. */
const FEWEST = 20;
const MOST = 20_000;
/** A field is named by this share of the lines at least. */
const HELD = 0.9;
/** A field of categories holds at most this many values, and at least 2. */
const VALUES = 20;
/** A rare value is held by at most this many lines. */
const RARE = 2;
/** Lines read first for the fields that may be categories (most outputs name none: they cost no full pass). */
const SAMPLE = 64;
/** `Key=value`, the key a name, the value not empty. */
const NAMED = /(?:^|\s)([A-Za-z][\w.-]*)=([^\s=]\S*)/g;

interface Field {
  lines: number;
  values: Map<string, number[]>;
  /** The last line that named it: a key is counted once a line, with no set of a line's keys made. */
  last: number;
}

/** Counts line `i`'s `value` of the field `f`. */
function count(f: Field, i: number, value: string): void {
  f.lines++;
  const held = f.values.get(value);
  if (held) held.push(i);
  else if (f.values.size <= VALUES) f.values.set(value, [i]);
}

/** Whether `c` is a blank as `\s` reads one (and as String.prototype.trim takes off). */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Where the value `needle` (`Key=`) names in `line` starts, as NAMED's first match of that
 * key would find it: the first place it stands at the line's start or after a blank with a
 * value after it (not empty, no `=` first); -1 when none. A match of NAMED starts at a
 * line's start or a blank and ends within its token, so the matches of other keys cover no
 * place where this one could start: the key is sought alone.
 */
function valueAt(line: string, needle: string): number {
  for (let p = line.indexOf(needle); p >= 0; p = line.indexOf(needle, p + 1)) {
    if (p > 0 && !isSpace(line.charCodeAt(p - 1))) continue;
    const from = p + needle.length;
    if (from < line.length && line.charCodeAt(from) !== 61 && !isSpace(line.charCodeAt(from))) return from;
  }
  return -1;
}

/**
 * The fields of the keys `only` over every line `at`, as fieldsOf reads them (NAMED's
 * matches of those keys), each key sought with a native search (valueAt), not matched with
 * every other `Key=value` of the line; in the order fieldsOf makes them (by first line and place).
 */
function fieldsOfKeys(
  lines: readonly string[],
  at: readonly number[],
  only: Set<string>,
): Map<string, Field> {
  const keys = [...only].map((key) => ({
    key,
    needle: `${key}=`,
    f: undefined as Field | undefined,
    line: 0,
    place: 0,
  }));
  for (let k = 0; k < at.length; k++) {
    const i = at[k]!;
    const line = lines[i]!;
    if (!line.includes("=")) continue;
    for (const key of keys) {
      const from = valueAt(line, key.needle);
      if (from < 0) continue;
      let to = from + 1;
      while (to < line.length && !isSpace(line.charCodeAt(to))) to++;
      if (!key.f) {
        key.f = { lines: 0, values: new Map(), last: -1 };
        key.line = k;
        key.place = from;
      }
      count(key.f, i, line.slice(from, to));
    }
  }
  const made = keys.filter((key) => key.f).sort((a, b) => a.line - b.line || a.place - b.place);
  return new Map(made.map((key) => [key.key, key.f!]));
}

/** The fields `Key=value` named by the lines `at[k]` for k from 0 by `step`, each counted once a line. */
function fieldsOf(lines: readonly string[], at: readonly number[], step: number): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (let k = 0; k < at.length; k += step) {
    const i = at[k]!;
    const line = lines[i]!;
    if (!line.includes("=")) continue;
    NAMED.lastIndex = 0;
    for (let m = NAMED.exec(line); m; m = NAMED.exec(line)) {
      const key = m[1]!;
      let f = fields.get(key);
      if (!f) {
        f = { lines: 0, values: new Map(), last: -1 };
        fields.set(key, f);
      } else if (f.last === i) continue;
      f.last = i;
      count(f, i, m[2]!);
    }
  }
  return fields;
}

/** The keys of `fields` (read over `read` lines) that nearly all of them name, with 2 to VALUES values. */
function categories(fields: Map<string, Field>, read: number): Set<string> {
  const keys = new Set<string>();
  for (const [key, f] of fields)
    if (f.lines >= read * HELD && f.values.size <= VALUES && f.values.size >= 2) keys.add(key);
  return keys;
}

/**
 * Into `out`, under `named:KEY=VALUE`, the lines among `at` holding a rare value of a field
 * nearly all of them name.
 */
export function namedOutliers(
  lines: readonly string[],
  at: readonly number[],
  out: Map<string, number[]>,
): void {
  if (at.length < FEWEST || at.length > MOST) return;
  // A sample spread over the lines first: a field nearly all lines name is named by nearly
  // all of the sample, with no more values there than in all.
  const step = Math.max(1, Math.floor(at.length / SAMPLE));
  const sampled = Math.ceil(at.length / step);
  const sample = fieldsOf(lines, at, step);
  const keys = new Set<string>();
  for (const [key, f] of sample) if (f.lines >= sampled * HELD && f.values.size <= VALUES) keys.add(key);
  if (keys.size === 0) return;
  // Where the sample is every line, it is all: its fields are the ones every line names
  // (a key's first match a line, in the order met), and categories leaves out the rest.
  const fields = step === 1 ? sample : fieldsOfKeys(lines, at, keys);
  for (const key of categories(fields, at.length))
    for (const [value, held] of fields.get(key)!.values)
      if (held.length <= RARE) out.set(`named:${key}=${value}`, held);
}
