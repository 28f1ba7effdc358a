import { formatTokens } from "../core/format.ts";
import { fnv1a64 } from "../core/hash.ts";
import type { Advice } from "./advisor.ts";

/**
 * The anchor: a few lines pinned to each prompt so the goal, the current step and the
 * context's health stay in view however long the session runs. Pure: built from
 * figures the part gathers. Lines are ordered by urgency (warnings, then goal and
 * step, then health) and the anchor is cut from the bottom, so what matters most
 * survives a small budget.
 */

interface AnchorUsage {
  readonly usedPct: number;
  readonly usedTokens: number;
  readonly windowTokens: number;
  readonly staleToolTokens?: number | undefined;
  readonly source: string;
}

interface AnchorInput {
  readonly goal?: string | undefined;
  readonly now?: string | undefined;
  readonly usage?: AnchorUsage | undefined;
  readonly advice: Advice;
  /** Other warnings for the agent (e.g. the notebook is overdue), most urgent first. */
  readonly warnings?: readonly string[];
  /** Budget in characters (anchor.max_tokens × 4). */
  readonly maxChars: number;
}

export interface Anchor {
  readonly text: string;
  /**
   * What the anchor says, minus the figures that drift every turn: equal keys mean
   * nothing changed worth repeating.
   */
  readonly key: string;
  /** No warnings and no advice: the anchor may be skipped when its key is unchanged. */
  readonly healthy: boolean;
  /** Nothing to say at all (no notebook, no measurement yet). */
  readonly empty: boolean;
}

const HEADER = "[cairn anchor]";
const GOAL_MAX = 300;
const NOW_MAX = 500;

export function buildAnchor(input: AnchorInput): Anchor {
  const warnings: string[] = [];
  if (input.advice.level === "urge" && input.advice.forAgent) warnings.push(input.advice.forAgent);
  warnings.push(...(input.warnings ?? []));
  if (input.advice.level === "suggest" && input.advice.forAgent) warnings.push(input.advice.forAgent);

  const goal = oneLine(input.goal, GOAL_MAX);
  const now = oneLine(input.now, NOW_MAX);
  const lines: { text: string; cuttable: boolean }[] = [
    ...warnings.map((w) => ({ text: `⚠ ${w}`, cuttable: true })),
    ...(goal ? [{ text: `Goal: ${goal}`, cuttable: true }] : []),
    ...(now ? [{ text: `Now: ${now}`, cuttable: true }] : []),
    ...(input.usage ? [{ text: healthLine(input.usage), cuttable: false }] : []),
  ];

  let text = HEADER;
  for (const line of lines) {
    const room = input.maxChars - text.length - 1;
    if (line.text.length <= room) {
      text += `\n${line.text}`;
    } else if (line.cuttable && room >= 40) {
      text += `\n${line.text.slice(0, room - 1).trimEnd()}…`;
    } else {
      break; // everything below is less urgent than what did not fit
    }
  }
  const key = fnv1a64(JSON.stringify([input.advice.level, input.warnings ?? [], goal, now]));
  return {
    text,
    key,
    healthy: input.advice.level === "ok" && (input.warnings ?? []).length === 0,
    empty: lines.length === 0,
  };
}

function healthLine(u: AnchorUsage): string {
  const measured = u.source === "statusline" ? "statusline" : "transcript usage";
  let line = `Context: ${Math.round(u.usedPct)}% used (${formatTokens(u.usedTokens)} of ${formatTokens(u.windowTokens)} tokens, ${measured})`;
  if (u.staleToolTokens && u.staleToolTokens > 0)
    line += `; stale tool results ≈${formatTokens(u.staleToolTokens)} tokens (estimate)`;
  return `${line}.`;
}

/** A section as one line: bullets dropped, lines joined with " · ", cut at `max`. */
export function oneLine(text: string | undefined, max: number): string {
  if (!text) return "";
  const joined = text
    .split("\n")
    .map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)]|\[[ xX]\])\s+/, "").trim())
    .filter(Boolean)
    .join(" · ");
  return joined.length <= max ? joined : `${joined.slice(0, max - 1).trimEnd()}…`;
}

export { groupDigits } from "../core/format.ts";
