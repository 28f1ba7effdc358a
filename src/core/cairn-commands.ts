/**
 * cairn's own commands in a shell command line: their output is never compressed again.
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
