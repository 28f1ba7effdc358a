/**
 * Lines whose last words many lines end with: a verdict of a frequent kind said of an odd
 * subject (`Delim('[') escapes to heap` among a thousand `x escapes to heap`, each subject's
 * shape a kind of its own). Rare by their subject, they are that kind's members, not news:
 * they rank after the rare kinds whose own words are rare (the five `moved to heap: x` of
 * a `go build -gcflags=-m`). Pure.
 */

import { isSpace } from "./named-values.ts";

/** Words at a line's end that tell its verdict. */
const WORDS = 3;
/** Lines that end alike from which the ending is a kind's verdict. */
const SHARED = 8;

function endingOf(line: string): string | undefined {
  const t = line.trimEnd();
  let at = t.length;
  for (let k = 0; k < WORDS; k++) {
    at = t.lastIndexOf(" ", at - 1);
    if (at <= 0) return undefined;
  }
  return t.slice(at + 1);
}

/**
 * Distinct endings counted each by a pass of its own, comparing it where each line ends,
 * before every line's ending is made and counted at once: a ranking asks of few lines
 * (a crash log's two rare verdicts among a thousand lines that each end their own way).
 * A pass costs about a twentieth of the count (which slices and hashes every line's
 * ending): past 8 passes, a ranking that asks of many lines pays at most 1.4 times the
 * count, where one that asks of 4 to 8 endings (a build's warnings, a log's few verdicts)
 * paid three passes and the count, 2 to 6 times the passes alone.
 */
const ASKED = 8;

/**
 * Whether `line`'s ending (endingOf) is `e`, an ending endingOf made (its WORDS - 1 blanks
 * all it holds): the line, its blanks at the end left out, ends with a blank and `e`, that
 * blank past the line's start.
 */
function endsIn(line: string, e: string): boolean {
  let end = line.length;
  while (end > 0 && isSpace(line.charCodeAt(end - 1))) end--;
  const at = end - e.length - 1;
  return at > 0 && line.charCodeAt(at) === 32 && line.startsWith(e, at + 1);
}

/** Whether line `i` ends with the words SHARED or more lines end with, more than its kind holds. */
export function sharedEndings(
  lines: readonly string[],
  keep: (i: number) => boolean,
  kindSize: (i: number) => number,
): (i: number) => boolean {
  let counts: Map<string, number> | undefined;
  const asked = new Map<string, number>();
  const count = () => {
    const c = new Map<string, number>();
    for (let i = 0; i < lines.length; i++) {
      if (!keep(i)) continue;
      const e = endingOf(lines[i]!);
      if (e !== undefined) c.set(e, (c.get(e) ?? 0) + 1);
    }
    return c;
  };
  const countOf = (e: string): number => {
    if (counts) return counts.get(e) ?? 0;
    let n = asked.get(e);
    if (n !== undefined) return n;
    if (asked.size === ASKED) {
      counts = count();
      return counts.get(e) ?? 0;
    }
    n = 0;
    // The ending compared first: a kind's keep (its noise) may cost more than the comparison.
    for (let i = 0; i < lines.length; i++) if (endsIn(lines[i]!, e) && keep(i)) n++;
    asked.set(e, n);
    return n;
  };
  return (i) => {
    const e = endingOf(lines[i]!);
    if (e === undefined) return false;
    const n = countOf(e);
    return n >= SHARED && n > 2 * kindSize(i);
  };
}
