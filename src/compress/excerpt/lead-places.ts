/**
 * A place a problem line opens with, in the file its header names above: ESLint's stylish
 * and spectral print a file's name alone on a line, then one line per finding opening with
 * its line and column (`  605:14    error  operation-tag-defined  Operation tags must be
 * defined in global tags.  paths./reminders.get.tags[0]`). spectral's twelve
 * `operation-tag-defined` errors of one OpenAPI document (fresh30), each at its own
 * operation, named no `file:line` of their own, so the kind was told by its first and last
 * and the ten places between were cut: each is a line to fix. Read as the arrow line under
 * rustc's header is (code-places.ts): the member's place. Pure.
 */

/** A finding's line opening with its line and column, then the blank before its words. */
export const LEAD_PLACE = /^\s+(\d+):(\d+)\s+/;

/** A file's header: a path with an extension alone on its line, as stylish prints it. */
const HEADER = /^(?:\/|[A-Za-z]:[\\/]|\.{1,2}\/)?[^\s:]+\.\w+$/;

/** Per document, the header above each line read so far (-1: none; -2: not read). */
const headers = new WeakMap<readonly string[], Int32Array>();

/**
 * The header line above `i` when every line between opens with a place (LEAD_PLACE), or -1.
 * Each line is read once per document: the lines a walk up passes get its answer.
 */
function headerAbove(lines: readonly string[], i: number): number {
  let memo = headers.get(lines);
  if (memo === undefined) {
    memo = new Int32Array(lines.length).fill(-2);
    headers.set(lines, memo);
  }
  let k = i - 1;
  while (k >= 0 && memo[k] === -2 && LEAD_PLACE.test(lines[k]!)) k--;
  let found: number;
  if (k < 0) found = -1;
  else if (memo[k] !== -2) found = memo[k]!;
  else found = HEADER.test(lines[k]!) ? k : -1;
  for (let j = k + 1; j <= i; j++) memo[j] = found;
  return found;
}

/**
 * The place line `i` opens with, as code-places.ts's PLACE would match one: [0] its line
 * and column (`605:14`), [1] the file its header names, `index` where it stands in the
 * line; null where the line opens with none or no header stands above it.
 */
export function leadPlace(lines: readonly string[], i: number): RegExpExecArray | null {
  const line = lines[i]!;
  const m = LEAD_PLACE.exec(line);
  if (m === null) return null;
  const header = headerAbove(lines, i);
  if (header < 0) return null;
  const at = line.indexOf(m[1]!);
  const place = `${m[1]}:${m[2]}`;
  const found = [place, lines[header]!] as unknown as RegExpExecArray;
  found.index = at;
  found.input = line;
  return found;
}
