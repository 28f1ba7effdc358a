/**
 * When to warn the agent that its context runs low: pure decisions over the remaining
 * percentage and what was said before. The levels escalate (warning, then critical);
 * a level is not repeated until `debounce` more tool uses have passed, but an
 * escalation is said at once. Falling back under the thresholds (a compaction) clears
 * the memory, so a later rise warns afresh.
 */

import { groupDigits } from "../core/format.ts";

export type Level = "warning" | "critical";

export interface Thresholds {
  /** Warn at or below this remaining percentage. */
  readonly warnPct: number;
  /** Critical at or below this remaining percentage. */
  readonly criticalPct: number;
  /** Tool uses before the same level is said again. */
  readonly debounce: number;
}

export interface MonitorState {
  /** The level in force (last said, or reached), null when the context is fine. */
  readonly level: Level | null;
  /** Tool uses since the last warning. */
  readonly since: number;
}

const INITIAL: MonitorState = { level: null, since: 0 };

const RANK: Record<Level, number> = { warning: 1, critical: 2 };

export function levelFor(remainingPct: number, t: Thresholds): Level | null {
  if (remainingPct <= t.criticalPct) return "critical";
  if (remainingPct <= t.warnPct) return "warning";
  return null;
}

/**
 * One tool use. `remainingPct` undefined means no trustworthy measurement: nothing is
 * said, and the tool use still counts towards the debounce.
 */
export function decide(
  prev: MonitorState | undefined,
  remainingPct: number | undefined,
  t: Thresholds,
): { fire: Level | null; next: MonitorState } {
  const p = prev ?? INITIAL;
  if (remainingPct === undefined) return { fire: null, next: { ...p, since: p.since + 1 } };
  const level = levelFor(remainingPct, t);
  if (level === null) return { fire: null, next: INITIAL };
  const escalates = p.level === null || RANK[level] > RANK[p.level];
  if (escalates || p.since + 1 >= t.debounce) return { fire: level, next: { level, since: 0 } };
  return { fire: null, next: { level, since: p.since + 1 } };
}

interface WarningFacts {
  readonly level: Level;
  readonly remainingPct: number;
  readonly usedTokens: number;
  readonly windowTokens: number;
  /** Where the notebook lives, as the agent should write it. */
  readonly notebook: string;
  /** The command that stores the in-flight memo for the next session. */
  readonly handoff: string;
}

/** The text the agent receives. Short: it lands after a tool result, where every token counts. */
export function warningText(f: WarningFacts): string {
  const used = `${fmt(f.usedTokens)} of ${fmt(f.windowTokens)} tokens used`;
  if (f.level === "critical") {
    return [
      `CRITICAL (cairn context monitor): only ${f.remainingPct}% of the context window remains (${used}).`,
      `Save state now: update ${f.notebook} (goal, what is done, the exact next step, open questions),`,
      `then run the handoff: ${f.handoff}`,
      "Do not start new work until both are done.",
    ].join("\n");
  }
  return [
    `WARNING (cairn context monitor): ${f.remainingPct}% of the context window remains (${used}).`,
    `Wrap up the current step, update ${f.notebook} with progress and the next step,`,
    "and avoid starting large work (big reads, broad searches, new subagents).",
  ].join("\n");
}

const fmt = groupDigits;
