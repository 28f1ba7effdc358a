/**
 * `git log --name-status` (and --raw's letters) under a format of the user's own
 * (`--format='%h %ad %an%n%s'`, --oneline): each commit's files, one a line, as a letter
 * and a path. Most are modified or added; the few deleted ones are what the history says
 * that the tree no longer can, each a fact with its commit's first line. Letters a little
 * less rare (renames) come next as room allows, then the rest of a deleting commit's files
 * (where a deleted file went: servicenow.py gone, servicenow_tables.py added beside it).
 */

import { MUST, type Pick } from "../../excerpt/pack.ts";

/** A file of a commit: git's status letter, a similarity score after C and R, a tab, a path. */
const STATUS = /^([ACDMRTUX])(\d{1,3})?\t\S/;
/** A commit's first line under a format of its own: its hash first (`%h`, `%H`, --oneline). */
const HEAD = /^[0-9a-f]{7,40}\b/;
/** Fewer files than this are a commit or two, not a history to pick from. */
const MIN_FILES = 8;
/** A letter this rare among the files (at most one in RARE) marks each of its lines a fact. */
const RARE = 16;

/**
 * Picks for a log's name-status lines, when it has them: the files of its rarest letters
 * as facts with their commit's first line, the letters up to a quarter of the files as room
 * allows, and the other files of the commits that delete. The index of the last commit's
 * first line (the oldest commit listed), or -1.
 */
export function nameStatusPicks(lines: readonly string[], picks: Pick[]): number {
  const commitOf = new Int32Array(lines.length).fill(-1);
  const byLetter = new Map<string, number[]>();
  let commit = -1;
  let files = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = STATUS.exec(line);
    if (m) {
      commitOf[i] = commit;
      files++;
      const at = byLetter.get(m[1]!);
      if (at) at.push(i);
      else byLetter.set(m[1]!, [i]);
    } else if (HEAD.test(line)) commit = i;
  }
  if (files < MIN_FILES || commit < 0) return -1;
  const deleting = new Set<number>();
  for (const [, at] of byLetter) {
    const share = at.length / files;
    if (share > 1 / 4) continue;
    const fact = at.length * RARE <= files;
    for (const i of at) {
      const head = commitOf[i]!;
      picks.push({ from: i, to: i, prio: fact ? MUST : 80, ...(head >= 0 ? { with: head } : {}) });
      if (head >= 0) picks.push({ from: head, to: head, prio: fact ? MUST : 80 });
      if (fact && head >= 0) deleting.add(head);
    }
  }
  lines.forEach((_, i) => {
    if (commitOf[i]! >= 0 && deleting.has(commitOf[i]!)) picks.push({ from: i, to: i, prio: 75 });
  });
  return commit;
}
