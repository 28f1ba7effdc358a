/**
 * A diff's changed lines, shown compactly: indentation as one space (`-    if (x)` is
 * `- if (x)`), and within a file the added (or removed) lines that differ in one word
 * as one brace line (brace-lines.ts), shown where the first of them was.
 */

import { braceCollapse } from "../../excerpt/brace-lines.ts";

/** The longest brace line: past it a group is shown as several. */
export const DIFF_BRACE_LINE = 400;

/** A changed line with its indentation as one space. */
export function compactChange(line: string): string {
  const rest = line.slice(1);
  const body = rest.trimStart();
  return body.length < rest.length ? `${line[0]} ${body}` : line;
}

/**
 * Collapses each file's changed lines (`files`: indexes, one list per file) by sign;
 * sets the display of each brace line's first line; returns, for every line collapsed
 * into another, the line shown for it.
 */
export function collapseChanges(
  lines: readonly string[],
  files: readonly (readonly number[])[],
  display: Map<number, string>,
): Map<number, number> {
  const shownBy = new Map<number, number>();
  for (const changed of files)
    for (const sign of ["-", "+"]) {
      const at = changed.filter((i) => lines[i]![0] === sign);
      if (at.length < 2) continue;
      const texts = at.map((i) => display.get(i) ?? lines[i]!);
      for (const g of braceCollapse(texts, DIFF_BRACE_LINE)) {
        if (g.members.length < 2) continue;
        const head = at[g.members[0]!]!;
        display.set(head, g.text);
        for (const m of g.members.slice(1)) shownBy.set(at[m]!, head);
      }
    }
  return shownBy;
}
