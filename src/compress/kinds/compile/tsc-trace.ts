/**
 * `tsc --traceResolution`: thousands of lines, a block for each import resolved, from
 * `======== Resolving module 'x' from '/p/a.ts'. ========` to `… was successfully resolved
 * …` or `… was not resolved. ========`. The trace is run to learn why an import the errors
 * name (`error TS2307: Cannot find module '@tide/fares'`) did not resolve: the start of that
 * block says how it was looked for (the `paths` pattern matched, the substitution tried, the
 * first file not there). Those lines are facts beside the error; the rest of the trace, most
 * of it other packages' internals, is not.
 */

/** An error naming a module that did not resolve (TS2307, TS2792: `Cannot find module 'x'`). */
const MISSING = /\berror TS(?:2307|2792): Cannot find module '([^']+)'/;
/** A block's first line: the module and the file importing it. */
const START = /^======== Resolving module '([^']+)' from '([^']+)'\. ========$/;
/** Where a block ends. */
const END = /^======== Module name '[^']+' was (?:not resolved|successfully resolved)/;
/** The first lookup that failed: where the block's story is told. */
const MISSED = / does not exist\b/;
/** At most this many lines of a block are facts. */
const MOST = 12;

/** The first lines of each trace block of a module the errors say was not found, as [from, to]. */
export function unresolvedTraces(lines: readonly string[]): [number, number][] {
  const missing = new Set<string>();
  for (const line of lines) {
    if (!line.includes("Cannot find module")) continue;
    const m = MISSING.exec(line);
    if (m) missing.add(m[1]!);
  }
  if (missing.size === 0) return [];
  const out: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith("======== Resolving module ")) continue;
    const m = START.exec(line);
    if (!m || !missing.has(m[1]!)) continue;
    let to = i;
    while (
      to + 1 < lines.length &&
      to - i + 1 < MOST &&
      !END.test(lines[to + 1]!) &&
      !MISSED.test(lines[to]!)
    )
      to++;
    out.push([i, to]);
  }
  return out;
}
