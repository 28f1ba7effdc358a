import type { Parts } from "../hooks/context.ts";
import { armExitTrap, disarmExitTrap } from "./arming.ts";

/**
 * Right before a Bash command's shell starts: arms the exit trap for that one command
 * (arming.ts), which shows the trap that cairn is on for this session now. The
 * dispatcher runs no part while cairn is off, so then nothing is armed and the trap
 * stands aside; the same when run.enabled or compress.enabled was turned off since the
 * session started.
 */
export const parts: Parts = {
  PreToolUse: {
    name: "exit-trap-arm",
    async run(event, ctx) {
      if (event.tool_name !== "Bash") return undefined;
      if (ctx.config["run.enabled"] && ctx.config["compress.enabled"])
        armExitTrap(ctx.paths, event.session_id, ctx.now());
      else disarmExitTrap(ctx.paths, event.session_id);
      return undefined;
    },
  },
};
