/**
 * `[rows by directory:]`'s groups as a reader takes them: `testing/  13 rows` says how many
 * rows are under testing/, so a group a nested one was split out of (testing/suite/, 4 rows)
 * counts those too (17), whether or not the nested group's note is kept. The path grouping
 * counts each row once, in its deepest group. Pure.
 */

import { plural } from "../../excerpt/lines.ts";
import type { Note } from "../../excerpt/pack.ts";

const GROUP = /^(\S+\/) {2}[\d,]+ rows?$/;

/** The notes, a group that holds another's prefix counting every row under it. */
export function groupsWithNestedRows(notes: readonly Note[], cells: readonly string[]): Note[] {
  const prefixes = notes.map((n) => GROUP.exec(n.text)?.[1]);
  return notes.map((n, k) => {
    const prefix = prefixes[k];
    if (!prefix || !prefixes.some((p, j) => j !== k && p?.startsWith(prefix))) return n;
    let under = 0;
    for (const c of cells) if (c.startsWith(prefix)) under++;
    return { ...n, text: `${prefix}  ${plural(under, "row")}` };
  });
}
