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
/** `Key=value`, the key a name, the value not empty. */
const NAMED = /(?:^|\s)([A-Za-z][\w.-]*)=([^\s=]\S*)/g;

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
  let withEq = 0;
  for (const i of at) if (lines[i]!.includes("=")) withEq++;
  if (withEq < at.length * HELD) return;
  const fields = new Map<string, { lines: number; values: Map<string, number[]> }>();
  for (const i of at) {
    const seen = new Set<string>();
    for (const m of lines[i]!.matchAll(NAMED)) {
      const [, key, value] = m as unknown as [string, string, string];
      if (seen.has(key)) continue;
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
  for (const [key, f] of fields) {
    if (f.lines < at.length * HELD || f.values.size > VALUES || f.values.size < 2) continue;
    for (const [value, held] of f.values) if (held.length <= RARE) out.set(`named:${key}=${value}`, held);
  }
}
