/**
 * Each record's name in a JSON table of records: the line of an item's own id key
 * (`"taskId": "@harbor/core#build"`, `"name": …`, `"id": …`), for every item of an array of
 * at most ID_ITEMS records. The excerpt shows the first item whole and the rare ones; the
 * others were only counted, so which records the document holds (turbo's tasks in
 * `--dry=json`, a registry's packages) was lost. Of a longer array the names are not read:
 * there the count and the rare items are the answer.
 */

/** Keys that name a record: its id, number, name. */
export const ID_KEY = /^"(?:id|uuid|key|name|number|row|index|slug|email|[\w-]*_id|[\w-]*Id)":/;

/** Arrays of more records than this show their first and rare items only. */
export const ID_ITEMS = 40;

/**
 * The line of the first id key at the item's own depth between `from` (its opening line)
 * and `to` (its closing line), or -1 when it has none. A key holding an object or a list is
 * no name.
 */
export function recordIdLine(lines: readonly string[], from: number, to: number): number {
  if (to - from < 2) return -1;
  const depth = (i: number) => lines[i]!.length - lines[i]!.trimStart().length;
  const own = depth(from + 1);
  for (let i = from + 1; i < to; i++) {
    if (depth(i) !== own) continue;
    const t = lines[i]!.trimStart();
    if (ID_KEY.test(t) && !/[[{]\s*$/.test(t)) return i;
  }
  return -1;
}

/**
 * The id lines of an array's records other than the first and those shown whole
 * (`shown`), where it holds at most ID_ITEMS; `span(k)` is item k's opening and closing line.
 */
export function otherRecordIds(
  lines: readonly string[],
  count: number,
  span: (k: number) => readonly [number, number],
  shown: readonly number[],
): number[] {
  if (count > ID_ITEMS) return [];
  const skip = new Set(shown);
  const out: number[] = [];
  for (let k = 1; k < count; k++) {
    if (skip.has(k)) continue;
    const id = recordIdLine(lines, ...span(k));
    if (id >= 0) out.push(id);
  }
  return out;
}
