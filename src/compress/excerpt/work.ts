/**
 * What the steps of a ranking share: the options a kind gives the engine, the work a
 * ranking fills in, and how a step makes a line a fact.
 */

import type { Pick } from "./pack-items.ts";
import type { Why } from "./priorities.ts";
import type { Templates } from "./templates.ts";

export interface EngineOptions {
  /**
   * Lines the kind knows carry nothing however they read (a passing test named "rejects
   * an invalid id", npm's download chatter): never facts, only counted with their kind.
   */
  readonly noise?: (i: number) => boolean;
  /** Look for rare values in the fields of frequent lines (off for kinds that read their own columns). */
  readonly outliers?: boolean;
  /** Problems the kind knows of though their words do not say so (an access log's 5xx). */
  readonly problem?: (i: number) => boolean;
  /**
   * What the kind knows a line to be though its words do not say it (an access log's
   * status, a number the templates would otherwise free): lines of two classes are never
   * one template, so a 502 is not counted among the 404s of its path.
   */
  readonly classOf?: (i: number) => number;
  /** Whether a line's words may make it a problem (not in source code, where `error` is a name). */
  readonly problemWords?: boolean;
  /**
   * Where a line's own text starts (grep's `path:12:` before it): lines are judged and
   * grouped by that text, so one match found in many files is one kind of line.
   */
  readonly bodyAt?: (i: number) => number;
  /** What the agent said it ran the command for: lines that name what it is after are facts (intent.ts). */
  readonly intent?: string | undefined;
  /** The output is a tree (indented or drawn): what a line the agent asked about hangs from and holds go with it. */
  readonly tree?: boolean;
  /** Only the facts the agent asked about and the problems: the kind shows the rest its own way. */
  readonly factsOnly?: boolean;
  /**
   * With factsOnly, the lines the kind does not read itself (a coverage table under a test
   * run) after all it picked, as room allows, never facts (asRoom).
   */
  readonly rest?: boolean;
  /**
   * Every line of a rare kind is a fact, however varied the output (grep's matches: each
   * is what was searched for), the shorter first; unless most lines (two of three) are
   * each of a kind of its own (VARIED), when being rare picks nothing out.
   */
  readonly rareAreFacts?: boolean;
}

/** A template this size or smaller is rare. */
export const RARE = 2;
/** Problem lines alike up to this many are all shown: where each one is, is news. */
export const FEW = 8;
/** Or, in a longer output, this share of its lines is rare (up to FEW). */
const RARE_SHARE = 0.01;

/** Lines with a template: all but the blank ones. */
export function nonBlankOf(t: Templates): number {
  let n = 0;
  for (let i = 0; i < t.of.length; i++) if (t.of[i]! >= 0) n++;
  return n;
}

/** The size up to which a kind of line is rare: in an output of 500 lines, three alike lines are as rare as one. */
export function rareLimit(nonBlank: number): number {
  return Math.min(FEW, Math.max(RARE, Math.floor(nonBlank * RARE_SHARE)));
}

/** What the steps of a ranking share. */
export interface Work {
  readonly lines: readonly string[];
  readonly starts: readonly number[];
  /** The text the lines were split from, when they are its characters as they stand (the Doc's `source`). */
  readonly source?: string | undefined;
  readonly t: Templates;
  readonly opts: EngineOptions;
  readonly noise: (i: number) => boolean;
  readonly problem: Uint8Array;
  /**
   * Problem lines alike up to this many are all shown (FEW); in an output made of problems,
   * where each kind is news and each place is not, as many as a rare kind has.
   */
  readonly few: number;
  /** Nearly every line is a problem: problems are grouped by their words (madeOfProblems). */
  readonly allProblems: boolean;
  readonly picks: Pick[];
  readonly suffix: Map<number, string>;
  readonly facts: Set<number>;
  readonly gate: number[];
}

export const isProblemIn = (w: Work) => (k: number) => w.problem[k] === 1;

export function fact(w: Work, from: number, to: number, prio: number, why: Why): void {
  w.picks.push({ from, to, prio, why });
  for (let k = from; k <= to; k++) w.facts.add(k);
}
