/**
 * Task boundaries: whether the assistant's last message says a step is done. A
 * boundary is when compacting loses little; the compaction advice itself is a rung of
 * the context monitor's ladder (window/advisor.ts). Pure.
 */

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
