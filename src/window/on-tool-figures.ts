import { extractOutput } from "../claude/tool-outputs.ts";
import { bashResult } from "../exit-trap/bash-result.ts";
import type { Parts } from "../hooks/context.ts";
import { ladderOf } from "./advisor.ts";
import { recordFigures } from "./figures.ts";
import { refreshSessionSummary } from "./session-summary.ts";

/**
 * Counts what each tool call cost the model's context against Claude Code alone
 * (figures.ts), and refreshes the statusline's summary with it, once the answer is out:
 * it changes nothing the model sees. This file is loaded only for PostToolUse, and every
 * call needs both, so they are bundled into it (lazy files of their own were two more
 * files for every hook to load).
 */
export const parts: Parts = {
  PostToolUse: {
    name: "figures",
    async run(event, ctx, prior) {
      const answer = prior.updatedToolOutput;
      const at = ctx.now();
      // The whole of a Bash output Claude Code cut: the compressor has read it already.
      const original = () => {
        const out = extractOutput(event.tool_name, event.tool_input, event.tool_response);
        return out && event.tool_name === "Bash" ? bashResult(event, out, ctx).text : out?.text;
      };
      // The statusline colours by the same ladder the monitor warns by.
      const thresholds = ladderOf(ctx.config);
      ctx.afterAnswer((store) => recordFigures(store, event, answer, at, original));
      // The statusline's summary, with this call in it.
      ctx.afterAnswer((store) => refreshSessionSummary(store, ctx.paths, event.session_id, thresholds, at));
      return undefined;
    },
  },
};
