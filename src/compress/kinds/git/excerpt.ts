/** git status, diff and log: the excerpt of each, by its detector's name. */

import type { ExcerptFn } from "../../excerpt/types.ts";
import { gitDiffExcerpt } from "./diff.ts";
import { gitLogExcerpt } from "./log.ts";
import { gitStatusExcerpt } from "./status.ts";

export const excerpts: Readonly<Record<string, ExcerptFn>> = {
  "git-diff": gitDiffExcerpt,
  "git-log": gitLogExcerpt,
  "git-status": gitStatusExcerpt,
};
