import { holds } from "../../excerpt/signs.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

/** `git <sub>`, after git's own options (`git -C repo log`, `git --no-pager diff`). */
function gitCommand(subs: string): RegExp {
  return new RegExp(
    `\\bgit\\s+(?:(?:-C|-c|--git-dir|--work-tree)\\s+\\S+\\s+|--?[\\w-]+(?:=\\S+)?\\s+)*(?:${subs})\\b`,
  );
}
const GIT_DIFF = gitCommand("diff|show|format-patch|stash show");
const GIT_LOG = gitCommand("log|reflog|shortlog");
const GIT_STATUS = gitCommand("status");

export const gitDiff: Detector = {
  name: "git-diff",
  detect(text: string, hints: Hints): number {
    let score = 0;
    // Each regex only where the text holds its literal part: most outputs are no diff,
    // and a regex costs most the first time, when it is compiled.
    if (holds(text, "diff --git a/") && /^diff --git a\/\S+ b\/\S+$/m.test(text)) score += 0.7;
    if (holds(text, "@@ -") && /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/m.test(text)) score += 0.2;
    if (
      holds(text, " changed, ") &&
      /^ \d+ files? changed, \d+ (?:insertion|deletion)/m.test(text) &&
      /^ \S.* \| +\d+ [+-]+$/m.test(text)
    )
      score += 0.6;
    if (hints.command && GIT_DIFF.test(hints.command)) score += 0.2;
    return Math.min(1, score);
  },
};

export const gitLog: Detector = {
  name: "git-log",
  detect(text: string, hints: Hints): number {
    let score = 0;
    // The regexes only where the text holds their literal part (compiling them is their main cost).
    if (
      holds(text, "commit ") &&
      /^commit [0-9a-f]{40}(?: \(.+\))?$/m.test(text) &&
      /^(?:Author|Date): {1,3}\S/m.test(text)
    )
      score += 0.8;
    if (hints.command && GIT_LOG.test(hints.command)) {
      const oneline = text.split("\n", 50).filter((l) => ONELINE.test(l)).length;
      score += oneline >= 3 ? 0.7 : 0.3;
    }
    return Math.min(1, score);
  },
};

export const gitStatus: Detector = {
  name: "git-status",
  detect(text: string, hints: Hints): number {
    let score = 0;
    // Each regex only where the text holds its literal part (compiling it is its main cost).
    if (
      (holds(text, "On branch ") || holds(text, "HEAD detached at ")) &&
      /^On branch \S+$|^HEAD detached at /m.test(text)
    )
      score += 0.5;
    if (
      (holds(text, "Changes ") || holds(text, "Untracked files:")) &&
      /^(?:Changes to be committed|Changes not staged for commit|Untracked files):$/m.test(text)
    )
      score += 0.4;
    if (hints.command && GIT_STATUS.test(hints.command)) {
      const short = text.split("\n", 50).filter((l) => SHORT_ENTRY.test(l)).length;
      score += short > 0 ? 0.7 : 0.3;
    }
    return Math.min(1, score);
  },
};

export const ONELINE = /^[*|\\/ ]*[0-9a-f]{7,40}\s/;

export const SHORT_ENTRY = /^([ MADRCU?!]{2}) (.+)$/;
