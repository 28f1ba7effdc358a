/**
 * The one ladder that tells the agent its context window is filling: pure decisions
 * over the remaining percentage, and the words for each rung. Three rungs, one unit
 * (percent of the window remaining), one settings family (monitor.*):
 *
 * - suggest: compact at the next task boundary (a step done, the notebook just
 *   updated), when compacting loses little;
 * - warning: wrap up the current step, keep the notebook current, compact soon;
 * - critical: save state and hand off now.
 *
 * Every place that advises (the warning after a tool result, the anchor on a prompt,
 * the notice to the person at a task boundary) reads the rung here. A window cairn had
 * to assume (a model neither Claude Code's statusline nor its registry named) never
 * reaches critical: the agent is not told to stop new work on a guess, and every rung
 * says the window is assumed.
 */

import type { Config } from "../config/schema.ts";
import { groupDigits } from "../core/format.ts";
import type { WindowBasis } from "./usage.ts";

export type Level = "suggest" | "warning" | "critical";

export interface Ladder {
  /** Suggest compacting at the next task boundary at or below this remaining percentage. */
  readonly suggestPct: number;
  /** Warn at or below this remaining percentage. */
  readonly warnPct: number;
  /** Critical at or below this remaining percentage. */
  readonly criticalPct: number;
  /** Tool uses before a warning of the same level is said again. */
  readonly debounce: number;
}

/**
 * The ladder in force. The compaction advice once had its own settings, in percent
 * used (`advisor.suggest_used_pct`, `advisor.urge_used_pct`): when a config still sets
 * one, it is read as the rung it became (100 − it remaining). The rungs keep their
 * order whatever the settings say: a warning never comes before the suggestion.
 */
export function ladderOf(c: Config): Ladder {
  const fromUsed = (used: number | null): number | undefined => (used === null ? undefined : 100 - used);
  const criticalPct = c["monitor.critical_remaining_pct"];
  const warnPct = Math.max(
    criticalPct,
    fromUsed(c["advisor.urge_used_pct"]) ?? c["monitor.warn_remaining_pct"],
  );
  const suggestPct = Math.max(
    warnPct,
    fromUsed(c["advisor.suggest_used_pct"]) ?? c["monitor.suggest_remaining_pct"],
  );
  return { suggestPct, warnPct, criticalPct, debounce: c["monitor.debounce_tool_uses"] };
}

export interface MonitorState {
  /** The level in force (last said, or reached), null when the context is fine. */
  readonly level: Level | null;
  /** Tool uses since the last warning. */
  readonly since: number;
}

const INITIAL: MonitorState = { level: null, since: 0 };

export const RANK: Readonly<Record<Level, number>> = { suggest: 1, warning: 2, critical: 3 };

/** A level as remembered (older cairns wrote "ok" and "urge"): a rung, or null. */
export function asLevel(value: unknown): Level | null {
  return typeof value === "string" && Object.hasOwn(RANK, value) ? (value as Level) : null;
}

/** The rung for a remaining percentage; an assumed window stops at the warning. */
export function levelFor(remainingPct: number, t: Ladder, assumed = false): Level | null {
  if (remainingPct <= t.criticalPct) return assumed ? "warning" : "critical";
  if (remainingPct <= t.warnPct) return "warning";
  if (remainingPct <= t.suggestPct) return "suggest";
  return null;
}

/** What the monitor knows of the window at one tool use. */
export interface Reading {
  readonly remainingPct: number;
  readonly assumed: boolean;
}

/**
 * One tool use. The levels escalate (suggest, warning, critical) and an escalation is
 * said at once; a warning or critical is said again after `debounce` more tool uses,
 * the suggestion never (it waits for a task boundary, which the anchor names).
 * Falling back under the thresholds (a compaction) clears the memory, so a later rise
 * speaks afresh. Without a trustworthy measurement nothing is said, and the tool use
 * still counts towards the debounce.
 */
export function decide(
  prev: MonitorState | undefined,
  reading: Reading | undefined,
  t: Ladder,
): { fire: Level | null; next: MonitorState } {
  const p = prev ?? INITIAL;
  if (reading === undefined) return { fire: null, next: { ...p, since: p.since + 1 } };
  const level = levelFor(reading.remainingPct, t, reading.assumed);
  if (level === null) return { fire: null, next: INITIAL };
  const escalates = p.level === null || RANK[level] > RANK[p.level];
  const repeats = level !== "suggest" && p.since + 1 >= t.debounce;
  if (escalates || repeats) return { fire: level, next: { level, since: 0 } };
  return { fire: null, next: { level, since: p.since + 1 } };
}

/** What the words for a rung need to know. */
export interface RungFacts {
  readonly level: Level;
  readonly remainingPct: number;
  readonly usedPct: number;
  readonly usedTokens: number;
  readonly windowTokens: number;
  readonly windowBasis: WindowBasis;
  readonly model?: string | undefined;
  /** A task boundary (a step done, the notebook updated) since the agent last heard from cairn. */
  readonly atBoundary?: boolean;
  /** Where the notebook lives, as the agent should write it. */
  readonly notebook: string;
  /** How the session's Bash runs cairn (its save-inflight stores the memo for the next session). */
  readonly cli: string;
}

export interface Advice {
  /** For the agent: after a tool result, or as one line of the anchor. */
  readonly forAgent: string;
  /** For the person: a one-line systemMessage. */
  readonly forUser: string;
}

/** What to type: the instructions are the curated ones cairn also adds to every compaction. */
export const COMPACT_COMMAND =
  "/compact keep the goal, decisions, dead-ends and the files in play; drop raw tool output";

/** The words for one rung. Short: they land after a tool result or on a prompt, where every token counts. */
export function adviceFor(f: RungFacts): Advice {
  const assumed = f.windowBasis === "assumed";
  const used = `${fmt(f.usedTokens)} of ${fmt(f.windowTokens)} tokens used`;
  // The model id came back in the transcript: only the characters model ids use.
  const model = f.model ? `model ${f.model.replace(/[^\w.:@/[\]-]/g, "?").slice(0, 80)}` : "this model";
  const remains = assumed
    ? `about ${f.remainingPct}% of the context window remains (${used}; the window is assumed: neither Claude Code's statusline nor its model registry gave one for ${model})`
    : `${f.remainingPct}% of the context window remains (${used})`;
  const left = `${assumed ? "about " : ""}${f.remainingPct}% of the context left`;
  // Never "stop" on a guess, whoever asks.
  const level = assumed && f.level === "critical" ? "warning" : f.level;
  if (level === "critical") {
    return {
      forAgent: [
        `CRITICAL (cairn context monitor): only ${remains}.`,
        `Save state now: update ${f.notebook} (goal, what is done, the exact next step, open questions),`,
        `then run the handoff: pipe a short memo (what you were doing, the exact next step) to \`${f.cli} save-inflight\``,
        "Do not start new work until both are done.",
      ].join("\n"),
      forUser: `cairn: ${left}, compact now (${COMPACT_COMMAND}) or /handoff`,
    };
  }
  if (level === "warning") {
    return {
      forAgent: assumed
        ? [
            `WARNING (cairn context monitor): ${remains}.`,
            `Keep ${f.notebook} current (progress, the next step) so that a compaction loses nothing,`,
            `and suggest to the user: ${COMPACT_COMMAND}`,
          ].join("\n")
        : [
            `WARNING (cairn context monitor): ${remains}.`,
            `Wrap up the current step, update ${f.notebook} with progress and the next step,`,
            "and avoid starting large work (big reads, broad searches, new subagents);",
            `then ask the user to compact: ${COMPACT_COMMAND}`,
          ].join("\n"),
      forUser: `cairn: ${left}, compact soon: ${COMPACT_COMMAND}`,
    };
  }
  if (f.atBoundary) {
    return {
      forAgent: `cairn context monitor: ${remains} and a step just ended: a good moment to compact. Update ${f.notebook}, then suggest to the user: ${COMPACT_COMMAND}`,
      forUser: `cairn: step done with ${left}, a good moment to /compact`,
    };
  }
  return {
    forAgent: `cairn context monitor: ${remains}. Compact at the next task boundary (when this step is done), after updating ${f.notebook}.`,
    forUser: `cairn: ${left}, compact at the next task boundary`,
  };
}

const fmt = groupDigits;
