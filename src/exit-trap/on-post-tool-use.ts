import { basename, dirname } from "node:path";
import { extractOutput } from "../claude/tool-outputs.ts";
import type { Parts } from "../hooks/context.ts";
import { bashStatus } from "./bash-result.ts";
import { splitExitMarker } from "./exit-marker.ts";
import { sessionNonce } from "./nonce.ts";

const TASK_END = /\n\[exited with code 0\]\n?$/;

/** Claude Code writes a background command's output to `…/tasks/<id>.output` and tells the model to Read it. */
function isTaskOutput(path: string): boolean {
  return basename(dirname(path)) === "tasks" && /^[A-Za-z0-9_-]+\.output$/.test(basename(path));
}

/**
 * After the compressor: a Bash output it left alone (small, or excluded) still loses
 * the exit marker and gets its status stated, so the model never sees the raw marker
 * and a failure is as plain as Claude Code's own "Exit code N". It is also the
 * event's baseline (hooks/registry.ts): the dispatcher runs it whatever the config says,
 * past the budget and when other parts fail, since the trap may have acted just before
 * cairn went off. It reads only the end of Claude Code's spill file, never all of it.
 *
 * A background command's marker lands in its output file (and Claude Code reports it
 * as exit 0); when the model reads that file, the marker line becomes the status.
 */
export const parts: Parts = {
  PostToolUse: {
    name: "exit-status",
    async run(event, ctx, prior) {
      if (prior.updatedToolOutput !== undefined) return undefined;
      const out = extractOutput(event.tool_name, event.tool_input, event.tool_response);
      if (!out) return undefined;
      if (event.tool_name === "Bash") {
        const unmarked = bashStatus(event, out, ctx).unmarked();
        return unmarked === undefined ? undefined : { updatedToolOutput: unmarked };
      }
      if (event.tool_name !== "Read" || !out.filePath || !isTaskOutput(out.filePath)) return undefined;
      const nonce = sessionNonce(ctx.paths, event.session_id);
      if (!nonce) return undefined;
      // Claude Code appends "[exited with code 0]" once the command ended: the trap's doing.
      const ended = TASK_END.exec(out.text);
      const split = splitExitMarker(ended ? out.text.slice(0, ended.index) : out.text, nonce);
      if (!split) return undefined;
      const before = split.text.endsWith("\n") || !split.text ? split.text : `${split.text}\n`;
      return {
        updatedToolOutput: out.replace(
          `${before}[exited with code ${split.status}] (cairn: the completion notice's "exit code 0" comes from its exit trap)\n`,
        ),
      };
    },
  },
};
