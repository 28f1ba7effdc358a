import { extractOutput } from "../claude/tool-outputs.ts";
import type { Parts } from "../hooks/context.ts";
import { bashResult } from "./bash-result.ts";

/**
 * After the compressor: a Bash output it left alone (small, or excluded) still loses
 * the exit marker and gets its status stated, so the model never sees the raw marker
 * and a failure is as plain as Claude Code's own "Exit code N". This runs whatever the
 * config says: the trap may have been installed under another one.
 */
export const parts: Parts = {
  PostToolUse: {
    name: "exit-status",
    async run(event, ctx, prior) {
      if (event.tool_name !== "Bash" || prior.updatedToolOutput !== undefined) return undefined;
      const out = extractOutput(event.tool_name, event.tool_input, event.tool_response);
      if (!out) return undefined;
      const unmarked = bashResult(event, out, ctx).unmarked();
      return unmarked === undefined ? undefined : { updatedToolOutput: unmarked };
    },
  },
};
