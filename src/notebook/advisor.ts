/**
 * When to compact. Compacting mid-step loses working detail; compacting at a task
 * boundary (a step done, the notebook just updated) loses little. So: from
 * advisor.suggest_used_pct, suggest compacting at the next boundary; from
 * advisor.urge_used_pct, recommend compacting now. Pure: the parts feed it figures.
 */

export type AdviceLevel = "ok" | "suggest" | "urge";

interface Thresholds {
  readonly suggestPct: number;
  readonly urgePct: number;
}

export interface Advice {
  readonly level: AdviceLevel;
  /** For the agent (anchor): what to do, or undefined when all is well. */
  readonly forAgent?: string;
  /** For the person (a one-line systemMessage). */
  readonly forUser?: string;
}

/** What to type: the instructions are the curated ones cairn also adds to every compaction. */
const COMPACT_COMMAND =
  "/compact keep the goal, decisions, dead-ends and the files in play; drop raw tool output";

function adviceLevel(usedPct: number | undefined, t: Thresholds): AdviceLevel {
  if (usedPct === undefined) return "ok";
  if (usedPct >= t.urgePct) return "urge";
  if (usedPct >= t.suggestPct) return "suggest";
  return "ok";
}

export function advise(usedPct: number | undefined, atBoundary: boolean, t: Thresholds): Advice {
  const level = adviceLevel(usedPct, t);
  if (level === "ok" || usedPct === undefined) return { level };
  const pct = Math.round(usedPct);
  if (level === "urge") {
    return {
      level,
      forAgent: `Context ${pct}% used: compact now. Bring the current step to a safe point, update STATE.md (Now, Decisions, Dead-ends), then ask the user to run: ${COMPACT_COMMAND}`,
      forUser: `cairn: context ${pct}% used, compact now: ${COMPACT_COMMAND}`,
    };
  }
  if (atBoundary) {
    return {
      level,
      forAgent: `Context ${pct}% used and a step just ended: a good moment to compact. Update STATE.md, then suggest to the user: ${COMPACT_COMMAND}`,
      forUser: `cairn: step done at ${pct}% context, a good moment to /compact`,
    };
  }
  return {
    level,
    forAgent: `Context ${pct}% used: compact at the next task boundary (when this step is done), after updating STATE.md.`,
    forUser: `cairn: context ${pct}% used, compact at the next task boundary`,
  };
}

const DONE = [
  // "Step 2 is done", "the refactor is complete", "everything is finished"
  /\b(?:step|task|phase|stage|milestone|part|refactor|fix|migration|change|feature|work|this|that|it|everything|all)\b[^.!?\n]{0,40}?\b(?:is|are|'s|now)\s+(?:now\s+)?(?:done|complete|completed|finished)\b/i,
  // "I've finished the parser", "we have completed step 3"
  /\b(?:i|we)(?:'ve| have)?\s+(?:now\s+)?(?:finished|completed|wrapped up)\b/i,
  // "Done." / "Done:" / "✅ Done" at the start of a line
  /^\s*(?:✅\s*)?(?:all\s+)?done\s*[.!:—-]/im,
  // "Step 3 complete." as a line of its own
  /^\s*(?:step|task|phase)\s+\S+\s+(?:done|complete|completed|finished)\b/im,
  // "All tests pass", "tests are now passing"
  /\ball\s+(?:\d+\s+)?tests?\s+(?:now\s+)?pass(?:es|ing)?\b/i,
  /\btests?\s+(?:are\s+)?(?:now\s+)?(?:all\s+)?(?:passing|green)\b/i,
];

const NOT_DONE =
  /\b(?:not|n't|never|almost|nearly|partly|partially)\s+(?:yet\s+)?(?:\w+\s+)?(?:done|complete|completed|finished|passing|pass)\b|\bwhen\s+(?:it|this|that)\s+is\s+done\b|\bonce\s+(?:it|this|that|everything)\b[^.\n]{0,30}\bdone\b|\?\s*$/i;

/**
 * Whether the assistant's last message says a step is done: one sign of a task
 * boundary (the other is STATE.md updated during the turn). Conservative: a hedge or
 * a negation anywhere in the message means no.
 */
export function saysStepDone(message: string | null | undefined): boolean {
  if (!message) return false;
  const text = message.slice(-4000);
  if (NOT_DONE.test(text)) return false;
  return DONE.some((re) => re.test(text));
}
