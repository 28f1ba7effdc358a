/**
 * Each kind's excerpts, loaded when an output of that kind is filed: every `import()`
 * here is a file of its own in the bundle (scripts/build.mjs), so the hook that files a
 * pytest run loads the test runners' excerpts and not the compilers', the lockfile
 * reader's or the JSON layout's.
 */

import type { ExcerptFn } from "../excerpt/types.ts";
import type { KindName } from "./detectors.ts";

/** A kind's excerpts, by the name of the detector that chose it. */
export type KindExcerpts = Readonly<Record<string, ExcerptFn>>;

const LOADERS: Readonly<Record<KindName, () => Promise<{ readonly excerpts: KindExcerpts }>>> = {
  read: () => import("./read/excerpt.ts"),
  test: () => import("./test/excerpt.ts"),
  compile: () => import("./compile/excerpt.ts"),
  pkg: () => import("./pkg/excerpt.ts"),
  git: () => import("./git/excerpt.ts"),
  json: () => import("./json/excerpt.ts"),
  grep: () => import("./grep/excerpt.ts"),
  listing: () => import("./listing/excerpt.ts"),
  table: () => import("./table/excerpt.ts"),
  trace: () => import("./trace/excerpt.ts"),
  log: () => import("./log/excerpt.ts"),
  generic: () => import("./generic/excerpt.ts"),
};

export async function loadKind(kind: KindName): Promise<KindExcerpts> {
  return (await LOADERS[kind]()).excerpts;
}
