/**
 * An output made of indented detail under a few kinds of heading (cmake's
 * `CMAKE_FIND_DEBUG_MODE`: 2,000 lines of the settings and candidate paths of each search,
 * each block under `CMake Debug Log at …:`), where the tool's own narration stands between
 * the blocks at the left edge: `-- Found ZLIB: /usr/lib/…/libz.so (found version "1.2.13")`,
 * `-- Checking for module 'sndfile>=1.0.28'`. Every candidate path is a kind of its own, so
 * rare lines are too many to be facts, and the narration is lost among them. The lines at
 * the left edge of rare kinds (rareLimit), beside headings said over and over, are what the
 * tool says it did. Pure; the engine ranks them through structure.ts.
 */

import type { Templates } from "./templates.ts";
import { rareLimit } from "./work.ts";

/** An output of this many non-blank lines at least. */
const LINES = 100;
/** The left edge holds at most this share of them: the rest is indented detail. */
const EDGE_SHARE = 0.1;

/** The lines at the left edge of an output of indented detail, of rare kinds; [] otherwise. */
export function narration(lines: readonly string[], t: Templates): number[] {
  const most = lines.length * EDGE_SHARE;
  let empty = 0;
  const edge: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const c = lines[i]!.charCodeAt(0);
    if (Number.isNaN(c)) empty++;
    // A blank or tab opens an indented line (one of blanks only counts as detail too).
    else if (c !== 32 && c !== 9) {
      edge.push(i);
      // Past this many, the left edge is more than a tenth of any count of non-blank lines.
      if (edge.length > most) return [];
    }
  }
  const nonBlank = lines.length - empty;
  if (nonBlank < LINES || edge.length > nonBlank * EDGE_SHARE) return [];
  const rare = rareLimit(nonBlank);
  const count = (i: number) => (t.of[i]! < 0 ? 0 : t.list[t.of[i]!]!.members.length);
  // Blocks under headings: some kind at the left edge is said more often than a rare one.
  if (!edge.some((i) => count(i) > rare)) return [];
  return edge.filter((i) => count(i) > 0 && count(i) <= rare);
}
