import { readFileSync } from "node:fs";
import type { HookEvent } from "../claude/events.ts";
import type { HookContext, Part, Parts } from "../hooks/context.ts";
import { readMeta, removeRunFiles, runFiles, sweepRunDir } from "./spool.ts";

/**
 * When Claude Code stops a wrapped command (its timeout, or the user interrupting),
 * the shell dies before cairn's runner prints anything and the partial output sits
 * in the spool. This files it, so nothing is lost, and tells the agent what it said.
 */
async function rescue(event: HookEvent<"PostToolUse" | "PostToolUseFailure">, ctx: HookContext) {
  if (event.tool_name !== "Bash") return undefined;
  const files = runFiles(ctx.paths, event.tool_use_id);
  let output: Buffer;
  try {
    output = readFileSync(files.spoolFile);
  } catch {
    return undefined; // the runner ran and cleaned up: the usual case
  }
  const meta = readMeta(files);
  sweepRunDir(ctx.paths, ctx.now());
  try {
    if (output.length === 0) return undefined;
    const [{ fileOutput }, { compressText }] = await Promise.all([
      import("../compress/filing.ts"),
      import("../compress/index.ts"),
    ]);
    const command = meta?.command ?? String(event.tool_input.command ?? "");
    const filed = await fileOutput(
      await ctx.store(),
      ctx.config,
      {
        text: output.toString("utf8"),
        hints: { tool: "Bash", command },
        label: command,
        sessionId: event.session_id,
        toolUseId: event.tool_use_id,
      },
      compressText,
      ctx.now(),
    );
    return {
      additionalContext: `The command was stopped before it finished; cairn kept the output it had produced so far.\n${filed.shown}`,
    };
  } finally {
    removeRunFiles(files);
  }
}

function part<E extends "PostToolUse" | "PostToolUseFailure">(): Part<E> {
  return { name: "run-rescue", run: (event, ctx) => rescue(event as HookEvent<"PostToolUse">, ctx) };
}

export const parts: Parts = {
  PostToolUse: part<"PostToolUse">(),
  PostToolUseFailure: part<"PostToolUseFailure">(),
};
