import { anyPatternMatches } from "../config/patterns.ts";

/**
 * cairn's own commands in a shell command line, and the user's pattern lists
 * (compress.never): the checks the PostToolUse filer makes.
 */
const RETRIEVAL_VERBS = ["show", "detail", "search", "state", "handoff", "report", "status"];

function invocation(verbs: readonly string[]): RegExp {
  // Bare (`cairn show 3`) or as cairn prints itself when it is not on PATH: an absolute,
  // possibly quoted path to the bundle or the plugin's launcher (core/self.ts).
  return new RegExp(
    String.raw`(?:^|[\s;&|(])['"]?(?:\S*\/)?cairn(?:\.[cm]?js)?['"]?\s+(?:${verbs.join("|")})\b`,
  );
}

/** cairn's retrieval commands: their output is what the agent asked for in full. */
export const CAIRN_RETRIEVAL = invocation(RETRIEVAL_VERBS);

/**
 * True when any of the config's regular expressions matches; one that is invalid or
 * could run unbounded matches nothing (src/config/patterns.ts).
 */
export function anyMatches(patterns: readonly string[], text: string): boolean {
  return patterns.length > 0 && anyPatternMatches(patterns, text);
}
