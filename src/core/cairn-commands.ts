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

function invocation(verbs: readonly string[], flags = ""): RegExp {
  // Bare (`cairn show 3`) or as cairn prints itself when it is not on PATH: an absolute,
  // possibly quoted path to the bundle or the plugin's launcher (core/self.ts).
  return new RegExp(
    String.raw`(?:^|[\s;&|(])['"]?(?:\S*\/)?cairn(?:\.[cm]?js)?['"]?\s+(${verbs.join("|")})\b`,
    flags,
  );
}

/** cairn's retrieval commands: their output is what the agent asked for in full. */
export const CAIRN_RETRIEVAL = invocation(RETRIEVAL_VERBS);

/** The raw escape: the shell comment `# cairn:raw` anywhere in the command. */
export const CAIRN_RAW = /(?:^|\s)#\s*cairn:raw\b/m;

/** The commands that read recorded material back into the context. */
export type ReadbackVerb = "show" | "detail" | "search";
const READBACK = invocation(["show", "detail", "search"], "g");

/**
 * The first cairn read-back in a shell command line, and the output `show` names
 * (`cairn show 12 --lines 5-9`, `node /x/cairn.cjs show #12`), if any.
 */
export function cairnReadback(command: string): { verb: ReadbackVerb; outputId?: number } | undefined {
  READBACK.lastIndex = 0;
  const m = READBACK.exec(command);
  if (!m) return undefined;
  const verb = m[1] as ReadbackVerb;
  if (verb !== "show") return { verb };
  const id = /^\s+#?(\d{1,15})\b/.exec(command.slice(READBACK.lastIndex))?.[1];
  return id === undefined ? { verb } : { verb, outputId: Number(id) };
}

/** cairn's own MCP tools, installed (`mcp__cairn__…`) or from the plugin (`mcp__plugin_cairn_cairn__…`). */
const CAIRN_MCP = /^mcp__(?:plugin_cairn_)?cairn__(show_output|detail|search)$/;

/** The read-back an MCP tool name is, when it is one of cairn's own ("show_output" reads an original). */
export function cairnMcpTool(tool: string): "show_output" | "detail" | "search" | undefined {
  return CAIRN_MCP.exec(tool)?.[1] as "show_output" | "detail" | "search" | undefined;
}
