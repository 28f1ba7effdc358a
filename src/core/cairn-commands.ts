import { anyPatternMatches } from "../config/patterns.ts";

/**
 * cairn's own commands in a shell command line, and the user's pattern lists
 * (compress.never, run.never): the checks the Bash runner and the PostToolUse filer
 * both make.
 */
const RETRIEVAL_VERBS = ["show", "detail", "search", "state", "handoff", "report", "status"];

function invocation(verbs: readonly string[]): RegExp {
  return new RegExp(String.raw`(?:^|[\s;&|(])(?:\S*\/)?cairn(?:\.[cm]?js)?\s+(?:${verbs.join("|")})\b`);
}

/** cairn's retrieval commands: their output is what the agent asked for in full. */
export const CAIRN_RETRIEVAL = invocation(RETRIEVAL_VERBS);

/** Those, or cairn's own runner. */
export const CAIRN_COMMAND = invocation([...RETRIEVAL_VERBS, "run"]);

/**
 * True when any of the config's regular expressions matches; one that is invalid or
 * could run unbounded matches nothing (src/config/patterns.ts).
 */
export function anyMatches(patterns: readonly string[], text: string): boolean {
  return patterns.length > 0 && anyPatternMatches(patterns, text);
}
