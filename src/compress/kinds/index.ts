/**
 * The output kinds with their excerpts, all loaded at once: for what compresses in
 * process (`cairn slim`, the benches, the tests). Filing in a hook loads only the kind
 * it needs (kinds/load.ts); both go by the same detectors (kinds/detectors.ts).
 */

import type { Compressor, ExcerptFn } from "../excerpt/types.ts";
import { excerpts as compile } from "./compile/excerpt.ts";
import { DETECTORS, type KindName } from "./detectors.ts";
import { excerpts as genericKind } from "./generic/excerpt.ts";
import { excerpts as git } from "./git/excerpt.ts";
import { excerpts as grep } from "./grep/excerpt.ts";
import { excerpts as json } from "./json/excerpt.ts";
import { excerpts as listing } from "./listing/excerpt.ts";
import { excerpts as log } from "./log/excerpt.ts";
import { excerpts as pkg } from "./pkg/excerpt.ts";
import { excerpts as read } from "./read/excerpt.ts";
import { excerpts as table } from "./table/excerpt.ts";
import { excerpts as test } from "./test/excerpt.ts";
import { excerpts as trace } from "./trace/excerpt.ts";

export { KIND } from "./detectors.ts";

/** Each kind's excerpts, by the name of the detector that chose it. */
const KINDS: Readonly<Record<KindName, Readonly<Record<string, ExcerptFn>>>> = {
  read,
  test,
  compile,
  pkg,
  git,
  json,
  grep,
  listing,
  table,
  trace,
  log,
  generic: genericKind,
};

/** Every detector with its excerpt, most specific first (ties go to the earlier one). */
export const compressors: readonly Compressor[] = DETECTORS.map(({ detector, kind }) => ({
  name: detector.name,
  detect: detector.detect,
  compress: KINDS[kind][detector.name]!,
}));

/** The fallback: below the detection threshold, or when a kind's excerpt fails. */
export const generic: Compressor = compressors[compressors.length - 1]!;
