import { DATA_NOTE, dataBlock, dataBlockOverhead, defuse } from "../core/data-block.ts";
import { formatTokens } from "../core/format.ts";
import { fnv1a64 } from "../core/hash.ts";
import type { Level } from "../window/advisor.ts";
import type { WindowBasis } from "../window/usage.ts";

/**
 * The anchor: a few lines pinned to a prompt so the goal, the current step and the
 * context's health stay in view however long the session runs. Pure: built from
 * figures the part gathers. Lines are ordered by urgency (warnings, then goal and
 * step, then health) and the anchor is cut from the bottom, so what matters most
 * survives a small budget.
 *
 * Goal and Now are the repository's text (STATE.md, which anyone who can edit the
 * repository may have written), and Claude Code sends the anchor as a system-role
 * message: they stand in a data block under the note that says so, never bare.
 */

interface AnchorUsage {
  readonly usedPct: number;
  readonly usedTokens: number;
  readonly windowTokens: number;
  readonly windowBasis?: WindowBasis | undefined;
  readonly staleToolTokens?: number | undefined;
  readonly source: string;
}

interface AnchorInput {
  readonly goal?: string | undefined;
  readonly now?: string | undefined;
  readonly usage?: AnchorUsage | undefined;
  /** The context monitor's rung in force (null when the context is fine). */
  readonly level: Level | null;
  /** The ladder's words for that rung, for the agent. */
  readonly advice?: string | undefined;
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
  /** Nothing to say at all (no notebook, no measurement yet). */
  readonly empty: boolean;
}

const HEADER = "[cairn anchor]";
const GOAL_MAX = 300;
const NOW_MAX = 500;
const SOURCE = "STATE.md";
/** A cut line keeps at least this much, or goes whole. */
const MIN_CUT = 40;

export function buildAnchor(input: AnchorInput): Anchor {
  const advice = input.advice ? oneLine(input.advice, Number.POSITIVE_INFINITY, " ") : "";
  const urgent = input.level === "warning" || input.level === "critical";
  const warnings = [
    ...(urgent && advice ? [advice] : []),
    ...(input.warnings ?? []),
    ...(!urgent && advice ? [advice] : []),
  ];
  // Defused before the lines are joined, so no tag can form across a line break.
  const goal = oneLine(input.goal && defuse(input.goal), GOAL_MAX);
  const now = oneLine(input.now && defuse(input.now), NOW_MAX);
  const health = input.usage ? healthLine(input.usage) : "";

  let text = HEADER;
  const room = () => input.maxChars - text.length - 1;
  // Lines in order of urgency; the first that does not fit ends the anchor, since
  // everything after it is less urgent.
  const add = (line: string, cuttable: boolean): boolean => {
    if (line.length <= room()) {
      text += `\n${line}`;
      return true;
    }
    if (cuttable && room() >= MIN_CUT) text += `\n${line.slice(0, room() - 1).trimEnd()}…`;
    return false;
  };
  let whole = warnings.every((w) => add(`⚠ ${w}`, true));
  if (whole && (goal || now)) {
    const nb = notebookLines(goal, now, room());
    if (nb.text) text += `\n${nb.text}`;
    whole = nb.whole;
  }
  if (whole && health) add(health, false);

  const key = fnv1a64(JSON.stringify([input.level, input.warnings ?? [], goal, now]));
  return { text, key, empty: warnings.length === 0 && !goal && !now && !health };
}

/**
 * Goal and Now in their data block under the note, within `room` characters: Now is
 * cut before Goal, and the block is never cut open (it is left out instead).
 */
function notebookLines(goal: string, now: string, room: number): { text: string; whole: boolean } {
  const lines = [...(goal ? [`Goal: ${goal}`] : []), ...(now ? [`Now: ${now}`] : [])];
  let left = room - DATA_NOTE.length - dataBlockOverhead(SOURCE) - 2;
  const kept: string[] = [];
  let whole = true;
  for (const line of lines) {
    const sep = kept.length > 0 ? 1 : 0;
    if (line.length + sep <= left) {
      kept.push(line);
      left -= line.length + sep;
      continue;
    }
    if (left - sep - 1 >= MIN_CUT) kept.push(`${line.slice(0, left - sep - 1).trimEnd()}…`);
    whole = false;
    break;
  }
  if (kept.length === 0) return { text: "", whole: false };
  return { text: `${DATA_NOTE}\n${dataBlock(kept.join("\n"), SOURCE)}`, whole };
}

function healthLine(u: AnchorUsage): string {
  const measured = u.source === "statusline" ? "statusline" : "transcript usage";
  const window = u.windowBasis === "assumed" ? "; the window is assumed" : "";
  let line = `Context: ${Math.round(u.usedPct)}% used (${formatTokens(u.usedTokens)} of ${formatTokens(u.windowTokens)} tokens, ${measured}${window})`;
  if (u.staleToolTokens && u.staleToolTokens > 0)
    line += `; stale tool results ≈${formatTokens(u.staleToolTokens)} tokens (estimate)`;
  return `${line}.`;
}

/** A section as one line: bullets dropped, lines joined with " · ", cut at `max`. */
export function oneLine(text: string | undefined, max: number, joiner = " · "): string {
  if (!text) return "";
  const joined = text
    .split("\n")
    .map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)]|\[[ xX]\])\s+/, "").trim())
    .filter(Boolean)
    .join(joiner);
  return joined.length <= max ? joined : `${joined.slice(0, max - 1).trimEnd()}…`;
}

export { groupDigits } from "../core/format.ts";
