/**
 * The output kinds. Each has a folder with the same face: `detect.ts`, small and cheap,
 * asked of every output, and `excerpt.ts`, the excerpt of each of its detectors by name.
 * This table lists the detectors, most specific first (ties go to the earlier one), with
 * the kind (folder) each belongs to.
 */

import type { Compressor, Detector, ExcerptFn } from "../excerpt/types.ts";
import { eslint, gcc, javac, rustc, tsc } from "./compile/detect.ts";
import { excerpts as compile } from "./compile/excerpt.ts";
import { generic as genericDetector } from "./generic/detect.ts";
import { excerpts as genericKind } from "./generic/excerpt.ts";
import { gitDiff, gitLog, gitStatus } from "./git/detect.ts";
import { excerpts as git } from "./git/excerpt.ts";
import { grep } from "./grep/detect.ts";
import { excerpts as grepKind } from "./grep/excerpt.ts";
import { json } from "./json/detect.ts";
import { excerpts as jsonKind } from "./json/excerpt.ts";
import { listings } from "./listing/detect.ts";
import { excerpts as listing } from "./listing/excerpt.ts";
import { logs } from "./log/detect.ts";
import { excerpts as log } from "./log/excerpt.ts";
import { apt, cargoDeps, npm, npmLs, pip } from "./pkg/detect.ts";
import { excerpts as pkg } from "./pkg/excerpt.ts";
import { reads } from "./read/detect.ts";
import { excerpts as read } from "./read/excerpt.ts";
import { tables } from "./table/detect.ts";
import { excerpts as table } from "./table/excerpt.ts";
import { cargoTest, goTest, jest, nodeTest, pytest, vitest } from "./test/detect.ts";
import { excerpts as test } from "./test/excerpt.ts";
import { traces } from "./trace/detect.ts";
import { excerpts as trace } from "./trace/excerpt.ts";

/** Each kind's excerpts, by the name of the detector that chose it. */
const KINDS: Readonly<Record<string, Readonly<Record<string, ExcerptFn>>>> = {
  read,
  test,
  compile,
  pkg,
  git,
  json: jsonKind,
  grep: grepKind,
  listing,
  table,
  trace,
  log,
  generic: genericKind,
};

/** Every detector, most specific first. */
const DETECTORS: readonly Detector[] = [
  reads,
  vitest,
  jest,
  nodeTest,
  pytest,
  cargoTest,
  goTest,
  tsc,
  eslint,
  gcc,
  rustc,
  javac,
  npmLs,
  npm,
  pip,
  apt,
  cargoDeps,
  gitDiff,
  gitLog,
  gitStatus,
  json,
  grep,
  listings,
  tables,
  traces,
  logs,
  genericDetector,
];

/** What kind of output each detector recognises (its folder; the corpus's classes). */
export const KIND: Readonly<Record<string, string>> = Object.fromEntries(
  DETECTORS.map((d) => [d.name, Object.keys(KINDS).find((k) => KINDS[k]![d.name] !== undefined)!]),
);

/** Every detector with its excerpt, most specific first (ties go to the earlier one). */
export const compressors: readonly Compressor[] = DETECTORS.map((d) => ({
  name: d.name,
  detect: d.detect,
  compress: KINDS[KIND[d.name]!]![d.name]!,
}));

/** The fallback: below the detection threshold, or when a kind's excerpt fails. */
export const generic: Compressor = compressors[compressors.length - 1]!;
