/** How much each kind of line the excerpt engine ranks is worth (engine.ts): one table for the engine and the kinds. */
import { MUST } from "./pack-items.ts";

/** Priorities of the engine's picks (MUST and above are facts). */
export const E = {
  /**
   * How it ended: the last lines (the count of errors, the exit), above every problem line.
   * They are three; problems past the cap are cut in the order of the output, the last
   * first, and a run with four times the errors lost its closing count to them.
   */
  end: MUST + 23,
  /**
   * A run's closing tally of counts ending in a total (closing-tally.ts: turbo's `Tasks:`),
   * with how it ended: above every problem line, for the same reason.
   */
  tally: MUST + 20.5,
  /** An error of a rare kind, and what locates it. */
  problem: MUST + 20,
  summary: MUST + 14,
  locator: MUST + 12,
  /** The first error of a frequent kind. */
  firstProblem: MUST + 10,
  /** A warning of a rare kind, and what locates it. */
  warning: MUST + 9,
  warnLocator: MUST + 7,
  lastProblem: MUST + 6,
  beforeCrash: MUST + 5,
  outlier: MUST + 4,
  asked: MUST + 3,
  rare: MUST + 2,
  first: MUST + 1,
  /**
   * Each other problem line that names its own place in code (a diagnostic repeated in
   * many places): a fact after most others, so an output made of diagnostics spends up
   * to its cap on them before losing one; but before a line only of a rare kind
   * (rareWorth): a place the tool reports is something to fix, a rare line only unusual.
   * Rare lines become facts as an output grows and its lines repeat more (RuboCop on a
   * bigger tree: more conventions, the same warnings), and then cut the warnings' places
   * the smaller run kept.
   */
  place: MUST + 2,
  /**
   * An error's such place: before any warning's (a warning's place, or where a warning of
   * many files first stands in one), so errors to fix are not cut for warnings.
   */
  errorPlace: MUST + 2.5,
  /**
   * A warning's message said at many places (said-again.ts): its first few places past the
   * first, after every error's place, before the message's further places.
   */
  saidPlace: MUST + 2.4,
  representative: 92,
  /** A warning's further place in a file it is told in already (warning-places.ts): room. */
  morePlace: 84,
  head: 90,
  lastOfKind: 86,
  moreLocator: 82,
  other: 40,
} as const;

/** Why the engine picked a line (Pick.why): the room bench (bench/room.ts) attributes an excerpt's bytes by it. */
export type Why =
  | "problem"
  | "locator"
  | "place"
  | "end"
  | "before-crash"
  | "asked"
  | "code-frame"
  | "summary"
  | "rare"
  | "rare-room"
  | "record-id"
  | "first-of-kind"
  | "last-of-kind"
  | "usual-of-kind"
  | "outlier"
  | "outcome"
  | "head"
  | "newest"
  | "blame"
  | "cycle"
  | "tree-root"
  | "label";

/**
 * A line of a rare kind: the rarer its kind, then the shorter the line, the more it is
 * worth, all within one point under E.rare. Where rare kinds are more than the cap holds
 * (perlcritic's 900 findings, 190 lines of kinds of 8 or fewer), a kind seen once is cut
 * after one seen eight times, not before it for its length.
 */
export function rareWorth(length: number, kindSize: number): number {
  return E.rare - Math.min(1, length / 1000) / 2 - Math.min(0.5, (kindSize - 1) / 16);
}

/**
 * Where the engine's picks go when a kind reads its output itself (a test runner,
 * factsOnly): after everything the kind picked (a failure's detail is 50), as room allows,
 * never facts. A kind of line of its own (a table's total, a folder's row) comes before
 * an odd value among alike lines.
 */
export function asRoom(prio: number): number {
  const ROOM = 35;
  if (prio < MUST) return (prio * ROOM) / MUST / 2;
  return prio === E.outlier || prio === E.outlier - 1 ? ROOM - 2 : ROOM;
}
