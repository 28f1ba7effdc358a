/** A frequent warning's places: which of them are facts, which only room. */

import { PLACE } from "./code-places.ts";
import { placeAbove } from "./place-above.ts";

/** A place range's file, its numbers, and its line's other text with numbers masked. */
interface Placed {
  range: [number, number];
  file: string;
  /** What it says past its place (or the header over its arrow line). */
  message: string;
  /** File name and message with every number masked: alike members share it. */
  shape: string;
}

const NUMBER = /\d+/g;

function placed(
  lines: readonly string[],
  range: [number, number],
  bodyAt?: (i: number) => number,
  read?: RegExpExecArray,
): Placed {
  const [from, to] = range;
  const own = bodyAt ? lines[from]!.slice(bodyAt(from)) : lines[from]!;
  // Under a header that names no place (rustc's `warning: unused variable: `x``), the arrow
  // line under it names the place and the header is the message. distinctPlaces read it
  // already when it says so (`read`).
  // Over its message, a line that is only its place (place-above.ts): the message is the line under it.
  const upper = to > from && placeAbove(lines, to) !== null;
  const found = read ?? PLACE.exec(to > from && !upper ? lines[to]! : own);
  const file = found?.[1] ?? "";
  const under = upper ? (bodyAt ? lines[to]!.slice(bodyAt(to)) : lines[to]!) : own;
  const message = to > from ? under : found ? own.slice(found.index + found[0].length) : own;
  // Masked by a string, not a function called for each number: the numbers are read
  // (numsOf) only of the few members of a numbered list.
  const shape = `${file}\0${message}`.replace(NUMBER, "#");
  return { range, file, message, shape };
}

/** The numbers in a place's file name and message (not its line and column), in order. */
function numsOf(p: Placed): number[] {
  return (`${p.file}\0${p.message}`.match(NUMBER) ?? []).map(Number);
}

function compareNums(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k]! - b[k]!;
  return a.length - b.length;
}

/**
 * Of a frequent warning kind's places in code (distinctPlaces' ranges, in order), the ones a
 * reader needs. Errors' places stay facts each (each a line to fix); a warning's further
 * places say mostly that it came again (clippy's many `needless_borrow`s in one module) and
 * cost the room of an excerpt made of them. Facts: the first place in each file it touches
 * (a file to open); of places in numbered files alike but for a number of their own in the
 * message (gcc's `shape_7.cpp: unused variable 'unused_7'` in 36 files), one list, the lowest
 * and highest numbered (they say how far it goes, whatever order a sort by name printed it
 * in). The rest is room. `told(i)`: a line already a fact; `read`: distinctPlaces' match of
 * each place (PlacesRead.range), when it was asked for them.
 */
export function warningPlaces(
  lines: readonly string[],
  places: readonly [number, number][],
  told: (i: number) => boolean,
  bodyAt?: (i: number) => number,
  read?: readonly RegExpExecArray[],
): { facts: [number, number][]; room: [number, number][] } {
  // Places already told whole are neither facts nor room, in a list or not: where every one
  // is (the kind's few places each a fact already), nothing is left to read them for.
  if (places.every(([from, to]) => told(from) && told(to))) return { facts: [], room: [] };
  const all = places.map((r, k) => placed(lines, r, bodyAt, read?.[k]));
  const byShape = new Map<string, Placed[]>();
  for (const p of all) {
    const alike = byShape.get(p.shape);
    if (alike) alike.push(p);
    else byShape.set(p.shape, [p]);
  }
  // A numbered list: alike members in three files or more, each saying a number of its own
  // (`unused_7` in shape_7.cpp); its ends by number stand for it. The same message in
  // numbered files (`unused parameter 'ignored'` in part1.c to part36.c) is a line to fix
  // in each file: no list.
  const listEnds = new Set<Placed>();
  const listed = new Set<Placed>();
  for (const alike of byShape.values()) {
    // Fewer than three members are in fewer than three files: most kinds of a few.
    if (alike.length < 3 || new Set(alike.map((p) => p.file)).size < 3) continue;
    if (new Set(alike.map((p) => p.message)).size < alike.length) continue;
    const nums = alike.map(numsOf);
    let low = 0;
    let high = 0;
    for (let k = 0; k < alike.length; k++) {
      listed.add(alike[k]!);
      if (compareNums(nums[k]!, nums[low]!) < 0) low = k;
      if (compareNums(nums[k]!, nums[high]!) > 0) high = k;
    }
    listEnds.add(alike[low]!).add(alike[high]!);
  }
  const files = new Set<string>();
  const facts: [number, number][] = [];
  const room: [number, number][] = [];
  for (const p of all) {
    const [from, to] = p.range;
    const isTold = told(from) && told(to);
    if (listed.has(p)) {
      if (!isTold) (listEnds.has(p) ? facts : room).push(p.range);
    } else if (isTold) files.add(p.file);
    else if (!files.has(p.file)) {
      files.add(p.file);
      facts.push(p.range);
    } else room.push(p.range);
  }
  return { facts, room };
}
