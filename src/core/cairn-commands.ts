/**
 * cairn's own commands in a shell command line: their output is never compressed again.
 * And the raw escape: a command that carries the shell comment `# cairn:raw`
 * (`npm test # cairn:raw`) reaches the model as the tool gave it. A comment, because
 * Claude Code checks the command exactly as written (cairn never rewrites it): every
 * permission outcome stays what it is without the comment, where an environment prefix
 * (`CAIRN_RAW=1 npm test`) turns an allowed command into one that asks (both verified on
 * 2.1.328, test/e2e/raw-escape.e2e.test.ts).
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

/** The raw escape: the shell comment `# cairn:raw` anywhere in the command. */
export const CAIRN_RAW = /(?:^|\s)#\s*cairn:raw\b/m;
