/**
 * The entries a `tree` listing shows at its top level are what it lists, as the names of
 * the one directory an `ls -l` lists are (excerpt.ts lsExcerpt): `tree -L 2` of a package's
 * locales or of a folder of stub packages is read for which ones are there (`cy`, `gd`,
 * `PyYAML`), while their contents repeat one shape (`cdn.js`, `METADATA.toml`). Where
 * the top level's lines fit the room facts may take, all of them are facts; where they do
 * not, those of its entries that open a branch (the directories, whose files below are the
 * repeated shape); neither when those do not fit either. Pure.
 */

import { TREE_LINE } from "./detect.ts";

/** Where a tree line's branch mark starts; its depth is this over 4 (each level draws 4 columns). */
const BRANCH = /(?:├──|└──|\|--|`--)/;

/** A tree line's depth (0 at the top level), or -1 for a line that draws no entry. */
export function treeDepth(line: string): number {
  if (!TREE_LINE.test(line)) return -1;
  return Math.floor(line.search(BRANCH) / 4);
}

/**
 * The top level's entries of a tree listing as facts, in `cap` characters: all of them, or
 * the branches among them, or none.
 */
export function topEntries(lines: readonly string[], cap: number): number[] {
  const top: number[] = [];
  const branches: number[] = [];
  let all = 0;
  let opened = 0;
  for (let i = 0; i < lines.length; i++) {
    if (treeDepth(lines[i]!) !== 0) continue;
    top.push(i);
    all += lines[i]!.length + 1;
    if (i + 1 < lines.length && treeDepth(lines[i + 1]!) > 0) {
      branches.push(i);
      opened += lines[i]!.length + 1;
    }
  }
  if (all <= cap) return top;
  return opened <= cap ? branches : [];
}
