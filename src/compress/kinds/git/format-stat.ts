/**
 * `git log --stat` under a format of the user's own (`-S'x' --format='%h %ad %an %s' --stat`):
 * each commit's one line, its hash first, then its files' stat lines and summary. The commits
 * are what such a log lists, as each commit's hash and subject are with git's own format
 * (log.ts): every commit's line is a fact, the newest first where the cap on facts is
 * reached, and the oldest, where the history listed starts. The stat lines are its details,
 * never facts: read as lines of their own, a file's rare size (`README.md | 271 +---`) was a
 * fact that took a commit's place.
 */

import { MUST, type Pick } from "../../excerpt/pack.ts";
import { STAT, STAT_SUMMARY } from "./diff.ts";

/** A commit's first line under a format of its own: its hash first (`%h`, `%H`). */
const HEAD = /^[0-9a-f]{7,40}\b/;
/** Fewer commits than this are read as any log is. */
const MIN_COMMITS = 3;

/**
 * Picks for the commits' lines of such a log, and whether a line is a stat line (the
 * engine's noise); undefined where the log is not one: too few commits, or fewer than half
 * of them followed by their stat lines.
 */
export function formatStatPicks(
  lines: readonly string[],
  picks: Pick[],
): ((i: number) => boolean) | undefined {
  const heads: number[] = [];
  const stat = new Uint8Array(lines.length);
  let withStat = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(" ") && (STAT.test(line) || STAT_SUMMARY.test(line))) {
      stat[i] = 1;
      continue;
    }
    if (!HEAD.test(line)) continue;
    heads.push(i);
    // git puts a blank line between a custom format's line and its stat.
    const next = lines[i + 1] === "" ? i + 2 : i + 1;
    if (next < lines.length && STAT.test(lines[next]!)) withStat++;
  }
  if (heads.length < MIN_COMMITS || withStat * 2 < heads.length) return undefined;
  heads.forEach((i, k) => {
    picks.push({ from: i, to: i, prio: MUST + 5 - Math.min(4, k / 100) });
  });
  picks.push({ from: heads[heads.length - 1]!, to: heads[heads.length - 1]!, prio: MUST + 6 });
  return (i) => stat[i] === 1;
}
