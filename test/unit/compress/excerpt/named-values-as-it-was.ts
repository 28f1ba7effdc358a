// namedOutliers as it stood at cf8331a, before the keys of the full pass were sought each
// alone (fieldsOfKeys): the reference its equivalence test reads.

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

/**
 * NAMED for the keys `only` alone: the same matches of those keys, since a match starts at a
 * line's start or a blank and ends within its token, so the matches of other keys NAMED
 * would take cover no place one of these could start. Fewer matches to make and to skip.
 */
function namedOnly(only: Set<string>): RegExp {
  const keys = [...only].map((key) => key.replace(/[.-]/g, "\\$&"));
  return new RegExp(`(?:^|\\s)(${keys.join("|")})=([^\\s=]\\S*)`, "g");
}

interface Field {
  lines: number;
  values: Map<string, number[]>;
}

/** The fields `Key=value` named by the lines `at[k]` for k from 0 by `step`, each counted once a line. */
function fieldsOf(
  lines: readonly string[],
  at: readonly number[],
  step: number,
  only?: Set<string>,
): Map<string, Field> {
  const fields = new Map<string, Field>();
  const named = only ? namedOnly(only) : NAMED;
  for (let k = 0; k < at.length; k += step) {
    const i = at[k]!;
    const line = lines[i]!;
    if (!line.includes("=")) continue;
    const seen = new Set<string>();
    named.lastIndex = 0;
    for (let m = named.exec(line); m; m = named.exec(line)) {
      const key = m[1]!;
      const value = m[2]!;
      if (seen.has(key) || (only && !only.has(key))) continue;
      seen.add(key);
      let f = fields.get(key);
      if (!f) {
        f = { lines: 0, values: new Map() };
        fields.set(key, f);
      }
      f.lines++;
      const held = f.values.get(value);
      if (held) held.push(i);
      else if (f.values.size <= VALUES) f.values.set(value, [i]);
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
  const fields = fieldsOf(lines, at, 1, keys);
  for (const key of categories(fields, at.length))
    for (const [value, held] of fields.get(key)!.values)
      if (held.length <= RARE) out.set(`named:${key}=${value}`, held);
}
