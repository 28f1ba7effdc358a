import { printedCli } from "../core/self.ts";
import { memoryEnv } from "../memory/command-env.ts";
import { parse } from "./args.ts";
import type { Command } from "./command.ts";

const USAGE = `Usage: cairn mcp

Serves cairn's memory to the agent as an MCP server over stdio (Claude Code starts
it; you normally do not). Tools, named mcp__cairn__<tool> in Claude Code:

  search       ranked full-text search over the conversation, tool I/O, thinking,
               summaries and stored originals, with snippets
  detail       the turns at a time, a turn number or a tool_use id, in full
  show_output  a stored original by id, whole, by lines or by grep

\`cairn install\` registers it (user scope); the plugin declares it in plugin.json.`;

export const mcp: Command = {
  usage: USAGE,
  async run(argv) {
    parse(argv, {});
    const { serveMcp } = await import("../memory/mcp-server.ts");
    await serveMcp(await memoryEnv(), printedCli());
    return 0;
  },
};
