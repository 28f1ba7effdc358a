/**
 * The room an excerpt may take: one formula for every kind and for the hook.
 *
 * - The budget is the room for what is not a fact (the first line of a frequent kind of
 *   line, the beginning of the output): compress.budget_fraction of the output, within
 *   compress.budget_min_chars and budget_max_chars. Where facts took all of it, what is
 *   not a fact still gets a quarter of it past them (packer.ts), within the cap, to say
 *   what the rest of the output is: not for more of what locates a fact, nor quoted code.
 * - Facts (errors with what locates them, rare lines, summaries, failing tests) take what
 *   they need beyond it, up to the cap: half of an output over 8 KB (an output whose every
 *   line is a fact still halves), and never so much that Claude Code would not show the
 *   excerpt (over a tool's limit the model sees a 2,000-character preview of a file).
 * - An output of 8 KB or less may become an excerpt only when it keeps every fact; the cap
 *   then leaves room for them, and an excerpt that saves little is not made (compress-text.ts).
 */

import {
  BASH_SPILL_CHARS,
  GLOB_SPILL_CHARS,
  GREP_SPILL_CHARS,
  MCP_INLINE_CHARS,
} from "../../claude/limits.ts";

/** The settings the budget is made of (compress.budget_fraction, budget_min_chars, budget_max_chars). */
export interface BudgetSettings {
  readonly "compress.budget_fraction": number;
  readonly "compress.budget_min_chars": number;
  readonly "compress.budget_max_chars": number;
}

/** The room for what is not a fact, in characters, for an output of `chars` characters. */
export function excerptBudget(settings: BudgetSettings, chars: number): number {
  const want = Math.round(chars * settings["compress.budget_fraction"]);
  return Math.max(
    settings["compress.budget_min_chars"],
    Math.min(settings["compress.budget_max_chars"], want),
  );
}

/** Outputs above this size are judged by how much smaller their excerpt is. */
export const SMALL_OUTPUT = 8 * 1024;

/** The share of an output that facts may take at most. */
const FACT_SHARE = 0.5;

/** The header and the excerpt's own notes stay this far under a tool's limit. */
const SPILL_MARGIN = 0.8;

/** The largest excerpt Claude Code shows inline for a tool's output, less a margin for the header. */
export function shownLimit(tool: string | undefined): number {
  const limit =
    tool === "Grep"
      ? GREP_SPILL_CHARS
      : tool === "Glob"
        ? GLOB_SPILL_CHARS
        : tool?.startsWith("mcp__")
          ? MCP_INLINE_CHARS
          : BASH_SPILL_CHARS;
  return Math.floor(limit * SPILL_MARGIN);
}

/**
 * How far facts may take an excerpt of an output of `size` characters whose budget is
 * `budget`: half the output (more of a small one, whose excerpt is made only when it keeps
 * every fact), never past what `tool` shows inline.
 */
export function factCap(budget: number, size: number, tool?: string): number {
  const share = size > SMALL_OUTPUT ? FACT_SHARE : 0.7;
  return Math.floor(Math.min(shownLimit(tool), Math.max(budget, size * share)));
}
