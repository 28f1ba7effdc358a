/** Package managers (npm, npm ls, pip, apt, cargo's resolution): the excerpt of each, by its detector's name. */

import type { ExcerptFn } from "../../excerpt/types.ts";
import { npmExcerpt } from "./npm.ts";
import { npmLsExcerpt } from "./npm-ls.ts";
import { aptExcerpt, cargoDepsExcerpt, pipExcerpt } from "./packages.ts";

export const excerpts: Readonly<Record<string, ExcerptFn>> = {
  "npm-ls": npmLsExcerpt,
  npm: npmExcerpt,
  pip: pipExcerpt,
  apt: aptExcerpt,
  "cargo-deps": cargoDepsExcerpt,
};
