import { extractOutput, toolFamily } from "../claude/tool-outputs.ts";
import { anyPatternMatches } from "../config/patterns.ts";
import { CAIRN_RETRIEVAL } from "../core/cairn-commands.ts";
import type { Parts } from "../hooks/context.ts";
import { observerFor } from "../observe/observer.ts";
import { bashResult } from "../run/bash-result.ts";
import type { Hints } from "./types.ts";

export const parts: Parts = {
  PostToolUse: {
    name: "compress",
    async run(event, ctx) {
      const c = ctx.config;
      if (!c["compress.enabled"] || !c["compress.tools"].includes(toolFamily(event.tool_name)))
        return undefined;
      const out = extractOutput(event.tool_name, event.tool_input, event.tool_response);
      if (!out) return undefined;

      // Bash: the whole output (Claude Code's spill file, checked) without the exit marker.
      const bash = event.tool_name === "Bash" ? bashResult(event, out, ctx) : undefined;
      const text = bash ? bash.text : out.text;

      const isRead = event.tool_name === "Read";
      const threshold = isRead ? c["compress.read_min_bytes"] : c["compress.min_bytes"];
      if (text.length < threshold) return undefined;
      if (out.command && CAIRN_RETRIEVAL.test(out.command)) return undefined;
      // A read the agent bounded itself is the region it wants to see.
      if (isRead && out.limit !== undefined) return undefined;
      const subject = out.command ?? out.filePath ?? "";
      if (anyPatternMatches(c["compress.never"], subject)) return undefined;

      const hints: Hints = {
        tool: event.tool_name,
        ...(out.command !== undefined ? { command: out.command } : {}),
        ...(out.filePath !== undefined ? { filePath: out.filePath } : {}),
        ...(out.firstLine !== undefined ? { firstLine: out.firstLine } : {}),
        ...(out.offset !== undefined ? { offset: out.offset } : {}),
        ...(bash?.status !== undefined ? { exitCode: bash.status } : {}),
      };
      // The compressors load only now, when an output is actually filed.
      const [{ fileOutput }, { compressText }] = await Promise.all([
        import("./filing.ts"),
        import("./index.ts"),
      ]);
      const filed = await fileOutput(
        await ctx.store(),
        c,
        {
          text,
          hints,
          label: out.label,
          sessionId: event.session_id,
          toolUseId: event.tool_use_id,
          onObserverError: (err) =>
            ctx.log.warn("observer failed; showing the excerpt", {
              event: "PostToolUse",
              session: event.session_id,
              err,
            }),
        },
        compressText,
        ctx.now(),
        observerFor(c, ctx.env),
      );
      // With a low compress.min_bytes, the header alone can outweigh a small output: then
      // the original is shown as it is (it stays stored, so `cairn show` still has it).
      if (filed.shown.length >= text.length) return undefined;
      return { updatedToolOutput: (bash ?? out).replace(filed.shown) };
    },
  },
};
