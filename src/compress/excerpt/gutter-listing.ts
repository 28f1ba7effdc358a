/**
 * A source listing: an output most of whose lines are a program's source behind a gutter
 * (gcov's annotated source, `    #####:  355:        return -1;`, or a frame's `  12 | x`),
 * with the tool's own lines between them. The source is the program's; what the tool says
 * of it is told in the lines outside the gutter. Of those, the ones that name a unit of the
 * source (gcov's `function log_log called 0 returned 0% blocks executed 0%`) are each told
 * once, numbers aside, while its marks on single lines repeat one form (`call    0
 * returned 100%`, `branch  1 taken 0%`) hundreds of times. The ones told once are the
 * report's facts: which function the tests never called is what it was run for, and they
 * share one form with each other, so the templates would show the first and last of them.
 * Pure; the engine (structure.ts) makes them facts.
 */
import { isCodeFrame } from "./signals.ts";

/** The line number in a gutter: gcov's second field (`    #####:  355:`), or the number before a bar (`> 3 | x`). */
const GUTTER_NUMBER =
  /^(?:(?=[ \d*#=-]{9}:) *(?:-|#####|=====|\d+\*?): *(\d+):|\s*>?\s*(?:\d+\s+)?(\d+)\s*[|│])/;

/** At least this many lines behind a gutter make a listing. */
const FEWEST_SOURCE = 20;
/** And at least this share of the lines that are not blank. */
const SOURCE_SHARE = 0.5;
/** And at least this share of them each a line of its own (one source listed, not frames of many places). */
const LISTED_ONCE = 0.9;
/** More lines told once than this are no report on a few units: none is picked. */
const MOST = 64;

/** Every this many lines are read first: most outputs are no listing, told at an eighth of the cost. */
const STRIDE = 8;

/** Whether, of every STRIDE-th line, too few are behind a gutter for the output to be a listing. */
function plainlyNone(lines: readonly string[]): boolean {
  let read = 0;
  let source = 0;
  for (let i = 0; i < lines.length; i += STRIDE) {
    read++;
    if (isCodeFrame(lines[i]!)) source++;
  }
  // Blank lines are read as outside here: a looser bar than SOURCE_SHARE.
  return read >= FEWEST_SOURCE / 2 && source < read * SOURCE_SHARE * 0.6;
}

/** The lines outside the gutter of a source listing that are told once (numbers aside); [] when the output is none. */
export function listingReport(lines: readonly string[]): number[] {
  if (lines.length < FEWEST_SOURCE || plainlyNone(lines)) return [];
  let source = 0;
  let filled = 0;
  const numbers = new Set<string>();
  const outside: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    filled++;
    if (isCodeFrame(line)) {
      source++;
      const m = GUTTER_NUMBER.exec(line);
      if (m) numbers.add(m[1] ?? m[2]!);
    } else outside.push(i);
  }
  if (source < FEWEST_SOURCE || source < filled * SOURCE_SHARE) return [];
  // Frames of many places (a formatter's diff of each file) list line 1 again and again.
  if (numbers.size < source * LISTED_ONCE) return [];
  const count = new Map<string, number>();
  const keyOf = (i: number) => lines[i]!.replace(/\d+/g, "").trim();
  for (const i of outside) {
    const key = keyOf(i);
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const told = outside.filter((i) => count.get(keyOf(i)) === 1 && /[A-Za-z]{3}/.test(lines[i]!));
  return told.length <= MOST ? told : [];
}
