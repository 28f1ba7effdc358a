/** Compilers, type checkers and linters: the excerpt of each, by its detector's name. */

import type { ExcerptFn } from "../../excerpt/types.ts";
import { eslintExcerpt } from "./eslint.ts";
import { gccExcerpt } from "./gcc.ts";
import { javacExcerpt } from "./javac.ts";
import { rustcExcerpt } from "./rustc.ts";
import { tscExcerpt } from "./tsc.ts";

export const excerpts: Readonly<Record<string, ExcerptFn>> = {
  eslint: eslintExcerpt,
  gcc: gccExcerpt,
  javac: javacExcerpt,
  rustc: rustcExcerpt,
  tsc: tscExcerpt,
};
