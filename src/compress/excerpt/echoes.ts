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
  // A fact's shape is read only where it may be a rare line's: its letters, which shapeOf
  // leaves as they are, are some rare line's.
  const letters = new Set<number>();
  for (const i of rare) letters.add(lettersOf(lines[i]!));
  for (const i of w.facts) if (!rare.has(i) && letters.has(lettersOf(lines[i]!))) seen.add(shapeOf(i));
  const echo = new Set<number>();
  // The last echo of a shape stays a fact: with the first it tells how long it went on.
  const lastEcho = new Map<string, number>();
  for (const i of [...rare].sort((a, b) => a - b)) {
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

/** A hash of a line's letters in order, their case folded (lines of one shape share it). */
function lettersOf(line: string): number {
  let h = 0;
  for (let k = 0; k < line.length; k++) {
    const c = line.charCodeAt(k) | 32;
    if (c >= 97 && c <= 122) h = Math.imul(h ^ c, 0x01000193);
  }
  return h;
}
