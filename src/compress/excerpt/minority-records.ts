/**
 * Records of several lines, one line of a kind each (a linter's finding: its issue, then
 * `Severity: Medium   Confidence: High`, `Location: path:12`, quoted source), whose value
 * in a field of few values is held by a minority of records (7 Medium among 32 Low): too
 * many for each record to be kept whole as a rare value's is (engine.ts rankOutliers keeps
 * the first and last of more), yet each one is the news. Each such record is told by its
 * identifying lines: its first, the line holding the value, the line naming a place in code
 * and the quoted source line at that place. Pure; the engine (engine.ts) makes them facts.
 */

import { PLACE } from "./code-places.ts";

/** A kind is read for minority values from this many records on. */
const FEWEST = 8;
/** A minority value is held by at most this share of the records (a quarter), of at most MOST. */
const SHARE = 0.25;
const MOST = 16;
/** Past this many lines of one set of names, they are a log's, not records (and not read). */
const RECORDS_MOST = 4096;
/** A field of categories holds at most this many values. */
const VALUES = 4;
/** A record (a block between blank lines or rules) holds 3 to this many lines. */
const RECORD_MOST = 24;
/** A rule between records: a line of one repeated mark. */
const RULE = /^\s*([-=_*~])\1{4,}\s*$/;

const apart = (line: string) => line.trim() === "" || RULE.test(line);

/** The block of lines between blank lines or rules that holds line `i`, when 3 to RECORD_MOST lines. */
function blockOf(lines: readonly string[], i: number): [number, number] | undefined {
  let a = i;
  while (a > 0 && !apart(lines[a - 1]!) && i - a < RECORD_MOST) a--;
  let b = i;
  while (b + 1 < lines.length && !apart(lines[b + 1]!) && b - a < RECORD_MOST) b++;
  const size = b - a + 1;
  return size >= 3 && size <= RECORD_MOST && (a === 0 || apart(lines[a - 1]!)) ? [a, b] : undefined;
}

/** The identifying lines of the record [a, b] whose line `i` holds the minority value. */
function identifying(lines: readonly string[], [a, b]: [number, number], i: number, out: number[]): void {
  out.push(a, i);
  for (let k = a; k <= b; k++) {
    const place = PLACE.exec(lines[k]!);
    if (!place) continue;
    out.push(k);
    // The quoted source line at that place, led by its number (`63\t    data_hash = …`).
    const at = /:(\d+)/.exec(place[0])?.[1];
    if (at === undefined) break;
    const quoted = new RegExp(`^\\s*${at}\\b`);
    for (let q = k + 1; q <= b; q++) if (quoted.test(lines[q]!)) out.push(q);
    break;
  }
}

/**
 * A named value: `Severity: Medium` (a name of one or two words, a colon, one token ending
 * the line or set apart by two spaces or a tab). A name over free text (`help: consider
 * cloning …`) names no value: its first word is no category.
 */
const NAMED = /(?:^|\s)([A-Za-z][\w.-]*(?: [A-Za-z][\w.-]*)?):\s+(\S+)(?= {2}|\t|$)/g;

/** What NAMED's every match holds: a colon and a blank after it. */
const COLON_BLANK = /:\s/;

/** NAMED, one match: whether a line names any value (matchAll copies its regex for each line). */
const NAMES_ONE = new RegExp(NAMED.source);

/** The names a line gives values under, in order, and those values. */
export function namedOf(line: string): { names: string; values: string[] } | undefined {
  // Most lines name no value (a grep's `path:12:code`): one search for a colon before a
  // blank leaves most of them, and one for NAMED the rest, before matchAll.
  if (!COLON_BLANK.test(line) || !NAMES_ONE.test(line)) return undefined;
  const names: string[] = [];
  const values: string[] = [];
  for (const m of line.matchAll(NAMED)) {
    names.push(m[1]!);
    values.push(m[2]!);
  }
  return names.length > 0 ? { names: names.join("|"), values } : undefined;
}

/**
 * The identifying lines of each record holding a minority value under a name that each
 * record gives once (`Severity:`). Templates part lines by their words, so the lines of
 * each value are a kind of their own: the kinds are joined by the names their lines give.
 */
export function minorityRecords(
  lines: readonly string[],
  kinds: readonly { readonly members: readonly number[]; readonly strict?: boolean }[],
  noise: (i: number) => boolean,
): number[] {
  const groups = new Map<string, number[]>();
  for (const { members, strict } of kinds) {
    if (strict || noise(members[0]!)) continue;
    const named = namedOf(lines[members[0]!]!);
    if (!named) continue;
    const group = groups.get(named.names) ?? [];
    if (group.length === 0) groups.set(named.names, group);
    // Pushed one by one: a kind of a hundred thousand lines is too many arguments for one call.
    for (const i of members) if (group.length <= RECORDS_MOST) group.push(i);
  }
  const out: number[] = [];
  for (const group of groups.values())
    if (group.length >= FEWEST && group.length <= RECORDS_MOST)
      minorityOf(
        lines,
        group.sort((a, b) => a - b),
        out,
      );
  return [...new Set(out)];
}

/**
 * Of one field's values (each with the records holding it, of n), where it holds 2 to
 * VALUES values, one of them common (half the records or more): the records of the values
 * held by at most `most`, added to `picked`.
 */
export function minorityOfField(
  held: ReadonlyMap<string, readonly number[]>,
  n: number,
  most: number,
  picked: Set<number>,
): void {
  if (held.size < 2 || held.size > VALUES) return;
  let top = 0;
  for (const js of held.values()) top = Math.max(top, js.length);
  if (top * 2 < n) return;
  for (const js of held.values()) if (js.length <= most) for (const j of js) picked.add(j);
}

/** minorityRecords for the lines `members` (in order) that give values under the same names. */
function minorityOf(lines: readonly string[], members: readonly number[], out: number[]): void {
  const n = members.length;
  // One record each: every member in a block of its own.
  const blocks: [number, number][] = [];
  for (const i of members) {
    const block = blockOf(lines, i);
    if (!block || (blocks.length > 0 && blocks[blocks.length - 1]![1] >= block[0])) return;
    blocks.push(block);
  }
  const values: Map<string, number[]>[] = [];
  for (let j = 0; j < n; j++) {
    const named = namedOf(lines[members[j]!]!);
    if (!named) return;
    named.values.forEach((v, k) => {
      if (!values[k]) values[k] = new Map();
      const held = values[k]!;
      if (held.size > VALUES) return;
      const at = held.get(v);
      if (at) at.push(j);
      else held.set(v, [j]);
    });
  }
  const most = Math.min(MOST, Math.floor(n * SHARE));
  const picked = new Set<number>();
  for (const held of values) minorityOfField(held, n, most, picked);
  if (picked.size > most) return;
  for (const j of [...picked].sort((x, y) => x - y)) identifying(lines, blocks[j]!, members[j]!, out);
}
