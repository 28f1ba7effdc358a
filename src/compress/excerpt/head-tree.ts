/**
 * A short tree drawn at the head of an output, over a body of other lines: sqlite3's `.eqp
 * full` prints its query plan (`QUERY PLAN`, `|--SCAN p`, `|--SEARCH s USING INDEX …`,
 * `` `--USE TEMP B-TREE FOR ORDER BY ``) before the program's bytecode and the query's rows.
 * The plan is how the query runs, what the one who asked for it reads; the body grows with
 * the query and its rows, the plan stays a few lines, each of a kind of its own, and once
 * the output passed 8 KB only its first line was kept, as the beginning. Pure; the engine
 * (structure.ts) makes the tree and the title over it facts.
 */

/** A line of a drawn tree: its connector (`|--`, `` `-- ``, `+--`, `├─`, `└─`) after any trunk. */
const DRAWN = /^[\s|│]*(?:\|--|`--|\+--|├─|└─)/;
/** The tree starts within this many lines of the output's first (a title above it). */
const TITLE = 2;
/** It holds at least this many lines and at most MOST. */
const FEWEST = 2;
const MOST = 24;

/** The lines of the head's tree and its title, or [] (no tree there, or the whole output one). */
export function headTree(lines: readonly string[]): number[] {
  let first = 0;
  while (first < lines.length && lines[first]!.trim() === "") first++;
  let a = first;
  while (a < lines.length && a - first <= TITLE && !DRAWN.test(lines[a]!)) a++;
  if (a >= lines.length || a - first > TITLE) return [];
  let b = a;
  while (b + 1 < lines.length && DRAWN.test(lines[b + 1]!)) b++;
  const size = b - a + 1;
  // A tree that is the whole output (npm ls, tree) is no head over a body.
  if (size < FEWEST || size > MOST || lines.length - (b + 1) < 2 * (b + 1)) return [];
  const out: number[] = [];
  for (let i = first; i <= b; i++) if (lines[i]!.trim() !== "") out.push(i);
  return out;
}
