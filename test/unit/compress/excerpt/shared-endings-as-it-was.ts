/**
 * shared-endings.ts as it was before speed35 (every line's ending made and counted at the
 * first question), kept to check the one that counts a few asked endings by a pass each.
 */
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

/** Whether line `i` ends with the words SHARED or more lines end with, more than its kind holds. */
export function sharedEndings(
  lines: readonly string[],
  keep: (i: number) => boolean,
  kindSize: (i: number) => number,
): (i: number) => boolean {
  let counts: Map<string, number> | undefined;
  const count = () => {
    const c = new Map<string, number>();
    for (let i = 0; i < lines.length; i++) {
      if (!keep(i)) continue;
      const e = endingOf(lines[i]!);
      if (e !== undefined) c.set(e, (c.get(e) ?? 0) + 1);
    }
    return c;
  };
  return (i) => {
    const e = endingOf(lines[i]!);
    if (e === undefined) return false;
    counts ??= count();
    const n = counts.get(e) ?? 0;
    return n >= SHARED && n > 2 * kindSize(i);
  };
}
