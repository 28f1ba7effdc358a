/**
 * Where a problem's value came from: a message naming a port, an id or a size (`backend
 * 127.0.0.1 7411 down: Connection refused`) follows the line that used it (strace's
 * `connect(3, {… htons(7411) …}) = -1 EINPROGRESS`), and that line says what was done. Pure.
 */

/** A value: a number of 3 digits or more, or a word holding one (`s_09047`, `0x7f3a`), whole. */
const VALUE = /(?<![\w.])[A-Za-z_]*\d{3,}\w*(?!\w)/g;
/** Lines looked back over, and how many lines may hold a value for it to be the problem's own. */
const LOOK_BACK = 6;
const HELD_AT_MOST = 3;

/** Whether `s` holds `v` as a whole token (not inside a longer number or word). */
function holdsToken(s: string, v: string): boolean {
  for (let at = s.indexOf(v); at >= 0; at = s.indexOf(v, at + 1)) {
    const before = at > 0 ? s.charCodeAt(at - 1) : 32;
    const after = at + v.length < s.length ? s.charCodeAt(at + v.length) : 32;
    if (!isWordChar(before) && !isWordChar(after) && before !== 46 && after !== 46) return true;
  }
  return false;
}

const isWordChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Per output, how many lines hold each value asked about (to HELD_AT_MOST + 1): asked again by each problem. */
const counted = new WeakMap<readonly string[], Map<string, number>>();

/** How many lines hold `v` as a token, counting to `most + 1` at most. */
function linesHolding(lines: readonly string[], v: string, most: number): number {
  let known = counted.get(lines);
  if (!known) {
    known = new Map();
    counted.set(lines, known);
  }
  const had = known.get(v);
  if (had !== undefined) return had;
  let n = 0;
  for (const line of lines) if (line.includes(v) && holdsToken(line, v) && ++n > most) break;
  known.set(v, n);
  return n;
}

/**
 * The nearest line of the few before problem line `i` that holds one of its values that
 * few lines hold (its own, not a date or a pid that every line repeats); -1 where none does.
 */
export function heldBefore(lines: readonly string[], i: number, isProblem: (k: number) => boolean): number {
  const line = lines[i]!;
  if (line.length > 500) return -1;
  let values: RegExpMatchArray | null | undefined;
  for (let k = i - 1; k >= 0 && i - k <= LOOK_BACK; k--) {
    const before = lines[k]!;
    if (isProblem(k) || before.length > 2000 || before.trim() === "") continue;
    // Read only where a line above may hold one (a run of problems has none to read).
    values ??= line.match(VALUE);
    if (!values) return -1;
    for (const v of values)
      if (before.includes(v) && holdsToken(before, v) && linesHolding(lines, v, HELD_AT_MOST) <= HELD_AT_MOST)
        return k;
  }
  return -1;
}
