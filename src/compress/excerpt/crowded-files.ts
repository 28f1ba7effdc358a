/**
 * A checker's report over many files, each problem said once (pyright over a vendored
 * package: 154 errors, each its own message, 33 of them in one file): every problem is a
 * fact, and where they take more than the room facts may, the last files' were cut, the
 * whole of the user's own module among them. A file's first FEW problems say what is wrong
 * in it; past those, its further problems are places of more of the same trouble, after
 * every other file's first ones. A fact still: only where problems overflow does it change
 * what is kept. Pure; rank-problems.ts ranks by it.
 */

import { PLACE } from "./code-places.ts";
import { FEW } from "./work.ts";

/**
 * Of `told` (the problem lines told whole, in order), those past the first FEW of a file
 * that holds more, by the file whose place each names (PLACE: `py/agate/table/__init__.py:333:7`,
 * an absolute path too); none where no file holds more than FEW, or where they all name one
 * file. Only FEW lines or more are read: fewer cannot crowd a file.
 */
export function crowdedProblems(
  lines: readonly string[],
  told: readonly number[],
  bodyAt?: (i: number) => number,
): Set<number> {
  const crowded = new Set<number>();
  if (told.length <= FEW) return crowded;
  // How many problems each file holds so far. A file is looked up only where it differs from
  // the problem before's (a checker reports file by file): each line's is a string of its
  // own, hashed at each lookup.
  const seen = new Map<string, { n: number }>();
  let last: string | undefined;
  let held = { n: 0 };
  for (const i of told) {
    const line = lines[i]!;
    const file = PLACE.exec(bodyAt ? line.slice(bodyAt(i)) : line)?.[1];
    if (file === undefined) continue;
    if (file !== last) {
      last = file;
      const known = seen.get(file);
      if (known) held = known;
      else {
        held = { n: 0 };
        seen.set(file, held);
      }
    }
    if (++held.n > FEW) crowded.add(i);
  }
  // Problems of one file only: there is no other file's to make room for.
  return seen.size >= 2 ? crowded : new Set<number>();
}
