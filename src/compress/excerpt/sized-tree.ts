/**
 * A graph or tree that prints each entry's size after its name, in parentheses (`deno
 * info`'s `├─┬ file:///…/core/schemas.ts (172.97KB)`, a repeat starred): the one who ran
 * it asks what is big and what pulls it in, and the largest entries are the answer
 * wherever they hang, as in a size listing (sized.ts) whose size comes first. Among
 * hundreds of entries alike, the templates see them as more of the same kind. Pure; the
 * engine makes the largest ten facts (as many as a sorted listing keeps: ranked.ts).
 */
import { RANKED_ROWS } from "./ranked.ts";

/** A size in parentheses ending the line: `(351B)`, `(1.43KB)`, `(1.03MB)`, `(12 kB)`. */
const SIZE_AT_END = /\((\d+(?:\.\d+)?) ?([kKMG]i?)?B\)$/;

const SCALE: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  ki: 1024,
  Ki: 1024,
  M: 1e6,
  Mi: 1 << 20,
  G: 1e9,
  Gi: 1 << 30,
};

/** The fewest sized entries a tree must have to be ranked so (as sized.ts asks of a listing). */
const FEWEST = 8;
/** The least share of the lines that end with a size: a graph's repeats and headers are the rest. */
const SHARE = 0.2;

/** The lines of the largest entries, the largest first; none when the output is not such a tree. */
export function largestSized(lines: readonly string[]): number[] {
  const sized: [number, number][] = [];
  let nonBlank = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length === 0) continue;
    nonBlank++;
    // Told by its last two characters (`B)`) before any regex: most lines of most outputs end
    // otherwise, and many that end with `)` end with a word in it (npm's `(cache updated)`).
    if (line.charCodeAt(line.length - 1) !== 41 || line.charCodeAt(line.length - 2) !== 66) continue;
    const m = SIZE_AT_END.exec(line);
    if (m) sized.push([i, Number(m[1]) * (m[2] ? (SCALE[m[2]] ?? 1) : 1)]);
  }
  if (sized.length < FEWEST || sized.length < nonBlank * SHARE) return [];
  return sized
    .sort((a, b) => b[1] - a[1])
    .slice(0, RANKED_ROWS)
    .map(([i]) => i);
}
