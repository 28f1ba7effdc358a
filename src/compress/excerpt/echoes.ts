import { E } from "./priorities.ts";
import type { Work } from "./work.ts";

/**
 * A number standing alone, or a run of them (a time, a date): digits in a name (`arr17`,
 * `0x508`) are the name. Only one of 3 digits or more, or a run, stands for a time, a pid
 * or a size; one of 1 or 2 may be the news (`si_status=3`).
 */
const NUMBER = /(?<!\w)\d+(?:[-:./]\d+)*(?![A-Za-z_])/g;

/**
 * A rare line that says again a fact before it with other numbers (the same event an hour
 * later, a second timestamp on one message) is news only in those numbers: room, not a fact,
 * but for the last of them, which says the event went on until then. A line of numbers
 * alone (`10 !== 500`) is its numbers, always news.
 */
export function demoteEchoes(w: Work): void {
  const { lines } = w;
  const seen = new Set<string>();
  const rare = new Set<number>();
  for (const p of w.picks) if (p.why === "rare" && p.from === p.to) rare.add(p.from);
  // No rare line to be an echo: the facts' shapes need not be read.
  if (rare.size === 0) return;
  // Where a line's place is written before its text (grep's `path:12:`), another place is news.
  const bodyAt = w.opts.bodyAt ?? (() => 0);
  const shapeOf = (i: number) => {
    const at = bodyAt(i);
    // A number of one or two digits is kept (NUMBER's matches that short are digits alone).
    return lines[i]!.slice(0, at) + lines[i]!.slice(at).replace(NUMBER, (n) => (n.length <= 2 ? n : "#"));
  };
  // A rare line is an echo only where another rare line of its shape follows it (the last
  // echo of a shape stays a fact), so only shapes two rare lines may share are read: of the
  // rare lines whose letters, which shapeOf leaves as they are, another rare line holds,
  // and of the facts holding such letters. Most of a grep's rare lines are read no further.
  const letters = new Map<number, number>();
  const hashOf = new Map<number, number>();
  let twice = false;
  for (const i of rare) {
    const h = lettersOf(lines[i]!);
    hashOf.set(i, h);
    const n = (letters.get(h) ?? 0) + 1;
    letters.set(h, n);
    if (n === 2) twice = true;
  }
  if (!twice) return;
  const shared = (h: number) => (letters.get(h) ?? 0) >= 2;
  for (const i of w.facts) if (!rare.has(i) && shared(lettersOf(lines[i]!))) seen.add(shapeOf(i));
  const echo = new Set<number>();
  // The last echo of a shape stays a fact: with the first it tells how long it went on.
  const lastEcho = new Map<string, number>();
  for (const i of [...rare].sort((a, b) => a - b)) {
    if (!shared(hashOf.get(i)!)) continue;
    const shape = shapeOf(i);
    if (seen.has(shape) && /[A-Za-z]{3}/.test(shape)) {
      echo.add(i);
      lastEcho.set(shape, i);
    } else seen.add(shape);
  }
  for (const i of lastEcho.values()) echo.delete(i);
  if (echo.size === 0) return;
  for (let k = 0; k < w.picks.length; k++) {
    const p = w.picks[k]!;
    if (p.why !== "rare" || !echo.has(p.from)) continue;
    w.picks[k] = { from: p.from, to: p.to, prio: E.other + 10, why: "rare-room" };
    w.facts.delete(p.from);
  }
}

/** lettersOf reads this many letters from each end of a line. */
const ENDS = 16;

/**
 * A hash of a line's first and last letters in order (ENDS of each), their case folded:
 * lines of one shape share it, as they share all their letters; lines sharing it are told
 * apart by their shapes. Reading a long line whole for it cost more than the shapes it spared.
 */
function lettersOf(line: string): number {
  let h = 0;
  let n = 0;
  let k = 0;
  for (; k < line.length && n < ENDS; k++) {
    const c = line.charCodeAt(k) | 32;
    if (c >= 97 && c <= 122) {
      h = Math.imul(h ^ c, 0x01000193);
      n++;
    }
  }
  // The last letters, from the end back to the first ones read (each letter is read once).
  n = 0;
  for (let j = line.length - 1; j >= k && n < ENDS; j--) {
    const c = line.charCodeAt(j) | 32;
    if (c >= 97 && c <= 122) {
      h = Math.imul(h ^ c, 0x01000193);
      n++;
    }
  }
  return h;
}
