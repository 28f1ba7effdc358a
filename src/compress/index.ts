/**
 * Content-aware compression of tool outputs. `compressText` asks every compressor how
 * sure it is that it understands the text (content first, then the command and the
 * tool) and lets the most confident one cut the text to the budget; below a threshold,
 * or if a compressor fails, the generic one does it. Pure and deterministic.
 */

import { docOf, whole } from "./common.ts";
import { eslint } from "./compilers/eslint.ts";
import { gcc } from "./compilers/gcc.ts";
import { javac } from "./compilers/javac.ts";
import { rustc } from "./compilers/rustc.ts";
import { tsc } from "./compilers/tsc.ts";
import { forgetDoc, SAMPLE_NOTE, sampleOf } from "./doc.ts";
import { generic } from "./generic.ts";
import { gitDiff, gitLog, gitStatus } from "./git.ts";
import { grep } from "./grep.ts";
import { json } from "./json.ts";
import { listings } from "./listings.ts";
import { logs } from "./logs.ts";
import { npm, npmLs } from "./npm.ts";
import { substanceCap } from "./pack.ts";
import { apt, cargoDeps, pip } from "./packages.ts";
import { reads } from "./reads.ts";
import { tables } from "./tables.ts";
import { cargoTest } from "./test-runners/cargo-test.ts";
import { goTest } from "./test-runners/go-test.ts";
import { jest } from "./test-runners/jest.ts";
import { nodeTest } from "./test-runners/node-test.ts";
import { pytest } from "./test-runners/pytest.ts";
import { vitest } from "./test-runners/vitest.ts";
import { traces } from "./traces.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

/** What kind of output each compressor handles (the corpus's kinds). */
export const KIND: Readonly<Record<string, string>> = {
  vitest: "test",
  jest: "test",
  "node-test": "test",
  pytest: "test",
  "cargo-test": "test",
  "go-test": "test",
  tsc: "compile",
  eslint: "compile",
  gcc: "compile",
  rustc: "compile",
  javac: "compile",
  trace: "trace",
  log: "log",
  npm: "pkg",
  "npm-ls": "pkg",
  pip: "pkg",
  apt: "pkg",
  "cargo-deps": "pkg",
  "git-diff": "git",
  "git-log": "git",
  "git-status": "git",
  json: "json",
  read: "read",
  grep: "grep",
  listing: "listing",
  table: "table",
  generic: "generic",
};

/** Every compressor, most specific first (ties go to the earlier one). */
export const compressors: readonly Compressor[] = [
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
  generic,
];

/**
 * The excerpt budget for an output of `length` characters with the default settings
 * (compress.budget_fraction, budget_min_chars, budget_max_chars).
 */
export function budgetFor(length: number, fraction = 0.08, min = 1200, max = 6000): number {
  return Math.floor(Math.min(max, Math.max(min, fraction * length)));
}

/** Below this confidence the generic compressor is used. */
export const THRESHOLD = 0.35;

export interface Detection {
  readonly compressor: Compressor;
  readonly score: number;
}

export function detect(text: string, hints: Hints): Detection {
  const sample = sampleOf(text);
  let best: Detection = { compressor: generic, score: THRESHOLD };
  for (const c of compressors) {
    if (c === generic) continue;
    const score = c.detect(sample, hints);
    if (score > best.score) best = { compressor: c, score };
    // Certain (scores are at most 1, ties go to the earlier one): no later one can win.
    if (best.score >= 1) break;
  }
  return best;
}

const MARKER = /^\[… lines (\d+)-(\d+) omitted \(\d+ lines\) …\]$/m;

/**
 * The first range of original lines an excerpt left out: its first omission marker,
 * or for Read excerpts (numbered `L<n>: `, without markers) the first jump in numbers.
 */
export function firstOmission(excerpt: string, firstLine = 1): [number, number] | undefined {
  const m = MARKER.exec(excerpt);
  if (m) return [Number(m[1]), Number(m[2])];
  let previous = -1;
  for (const line of excerpt.split("\n")) {
    const n = /^L(\d+): /.exec(line);
    if (!n) continue;
    const current = Number(n[1]);
    if (previous < 0 && current > firstLine) return [firstLine, current - 1];
    if (previous >= 0 && current > previous + 1) return [previous + 1, current - 1];
    previous = current;
  }
  return undefined;
}

/** An excerpt must save more than a fifth of the output to be worth what it leaves out. */
const SAVES_LITTLE = 1.25;

export function compressText(text: string, hints: Hints, budget: number): Excerpt {
  try {
    return compressWith(text, hints, budget);
  } finally {
    // The Doc is shared by the compressors of one call only; a long-lived process (the
    // http transport) must not keep a 50 MB output alive until the next one.
    forgetDoc();
  }
}

function compressWith(text: string, hints: Hints, budget: number): Excerpt {
  const limit = Math.max(200, Math.floor(budget));
  const { compressor } = detect(text, hints);
  const doc = docOf(text);
  if (hints.tool !== "Read") {
    const all = whole(doc, limit);
    if (all !== undefined) return { text: all, compressor: compressor.name, kept: "everything" };
  }
  // Counts in a sampled excerpt cover only what was read; say so.
  const sampled = (e: Excerpt): Excerpt =>
    doc.complete ? e : { ...e, kept: `${e.kept} (of a sample: ${SAMPLE_NOTE})` };
  // An output just over the budget can come out longer as an excerpt (omission markers
  // and notes in place of short lines), or barely shorter for a date and a file name
  // left out: then the whole of it costs about the same and hides nothing.
  const shorter = (e: Excerpt): Excerpt => {
    if (hints.tool === "Read" || !doc.complete || doc.size > e.text.length * SAVES_LITTLE) return e;
    const all = doc.lines.join("\n");
    return all.length <= e.text.length * SAVES_LITTLE
      ? { text: all, compressor: e.compressor, kept: "everything" }
      : e;
  };
  try {
    const out = compressor.compress(text, hints, limit);
    // Substance may stretch an excerpt to the hard cap, never far past it; the generic
    // cut is the safety net.
    const ceiling = Math.max(limit * 1.6, substanceCap(limit, doc.size), out.ceiling ?? 0) + 200;
    if (out.text.length <= ceiling || compressor === generic) return shorter(sampled(out));
  } catch {
    // Fall through to the generic excerpt: a compressor bug must not lose the output.
  }
  const out = generic.compress(text, hints, limit);
  return shorter(sampled({ ...out, compressor: `generic (after ${compressor.name})` }));
}
