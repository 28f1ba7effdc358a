/**
 * The commits of a `git log --stat` far bigger than the rest (a vendored front end among
 * two-line fixes): each one's stat summary, `33 files changed, 19496 insertions(+)`, is a
 * fact beside its hash and subject, where the file the size came from may be shown alone
 * (statPicks in log.ts) without saying how much else the commit changed.
 */

import { farAbove } from "../../excerpt/far-values.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";

/** A commit as log.ts reads it: its first line, its stat summary's line (-1: none) and its lines changed. */
export interface Sized {
  readonly start: number;
  readonly summary: number;
  readonly size: number;
}

/**
 * Picks for those commits' summaries, but a one-file commit's: its file's stat line, the
 * biggest, says as much.
 */
export function bigCommitPicks(lines: readonly string[], commits: readonly Sized[], picks: Pick[]): void {
  const withSummary = commits.filter((c) => c.summary >= 0);
  for (const k of farAbove(withSummary.map((c) => c.size))) {
    const { start, summary } = withSummary[k]!;
    if (/^\s*1 file changed/.test(lines[summary]!)) continue;
    picks.push({ from: summary, to: summary, prio: MUST, with: start });
  }
}
