/**
 * Every output kind's detectors, and nothing of their excerpts: what filing asks of
 * every output before it loads the one kind that output needs (kinds/load.ts). Each
 * kind is a folder with the same face (`detect.ts`, `excerpt.ts`); this table lists
 * the detectors most specific first (ties go to the earlier one), each under its kind.
 */

import type { Detector } from "../excerpt/types.ts";
import { eslint, gcc, javac, rustc, tsc } from "./compile/detect.ts";
import { generic } from "./generic/detect.ts";
import { gitDiff, gitLog, gitStatus } from "./git/detect.ts";
import { grep } from "./grep/detect.ts";
import { json } from "./json/detect.ts";
import { listings } from "./listing/detect.ts";
import { logs } from "./log/detect.ts";
import { apt, cargoDeps, npm, npmLs, pip } from "./pkg/detect.ts";
import { reads } from "./read/detect.ts";
import { tables } from "./table/detect.ts";
import { antJunit, cargoTest, goTest, jest, nodeTest, playwright, pytest, vitest } from "./test/detect.ts";
import { traces } from "./trace/detect.ts";

/** The kinds (folders under kinds/), in the order their detectors are asked. */
export const KIND_NAMES = [
  "read",
  "test",
  "compile",
  "pkg",
  "git",
  "json",
  "grep",
  "listing",
  "table",
  "trace",
  "log",
  "generic",
] as const;
export type KindName = (typeof KIND_NAMES)[number];

/** Each kind's detectors, most specific first; the kinds in KIND_NAMES's order. */
const BY_KIND: Readonly<Record<KindName, readonly Detector[]>> = {
  read: [reads],
  test: [vitest, jest, nodeTest, pytest, cargoTest, goTest, playwright, antJunit],
  compile: [tsc, eslint, gcc, rustc, javac],
  pkg: [npmLs, npm, pip, apt, cargoDeps],
  git: [gitDiff, gitLog, gitStatus],
  json: [json],
  grep: [grep],
  listing: [listings],
  table: [tables],
  trace: [traces],
  log: [logs],
  generic: [generic],
};

/** A detector with the kind it belongs to. */
export interface KindDetector {
  readonly detector: Detector;
  readonly kind: KindName;
}

/** Every detector, most specific first; the last is the generic one. */
export const DETECTORS: readonly KindDetector[] = KIND_NAMES.flatMap((kind) =>
  BY_KIND[kind].map((detector) => ({ detector, kind })),
);

/** The generic detector: the last, asked of no output (it is what is left). */
export const GENERIC: KindDetector = DETECTORS[DETECTORS.length - 1]!;

/** What kind of output each detector recognises (its folder; the corpus's classes). */
export const KIND: Readonly<Record<string, KindName>> = Object.fromEntries(
  DETECTORS.map((d) => [d.detector.name, d.kind]),
);
