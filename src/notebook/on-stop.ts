import { notebookPath } from "../core/paths.ts";
import type { Parts } from "../hooks/context.ts";
import { adviceFor, ladderOf, levelFor } from "../window/advisor.ts";
import { assistantTextLine, waitForTranscript } from "../window/transcript-sync.ts";
import { currentUsage } from "../window/usage.ts";
import { saysStepDone } from "./advisor.ts";
import { isHomeDir, recall, remember } from "./session-state.ts";
import { notebookMtime } from "./state-file.ts";

/**
 * Task boundaries: a turn that updated STATE.md, or whose last message says a step is
 * done. Recorded for the next anchor (a good moment to compact); when compaction is
 * due the person gets a one-line notice. Never additionalContext here: at Stop it
 * would make the model take another turn.
 */
export const parts: Parts = {
  Stop: {
    name: "notebook-boundary",
    async run(event, ctx) {
      const cfg = ctx.config;
      const store = await ctx.store();
      const sid = event.session_id;
      const turn = recall(store, sid, "notebook.turn");
      const mtime =
        cfg["notebook.enabled"] && !isHomeDir(ctx.projectDir, ctx.env)
          ? notebookMtime(ctx.projectDir)
          : undefined;
      const updated = !!turn && mtime !== undefined && (turn.mtimeMs === null || mtime > turn.mtimeMs);
      const done = saysStepDone(event.last_assistant_message);
      if (!updated && !done) return undefined;
      const at = ctx.now();
      remember(store, sid, "notebook.boundary", { at, reason: updated ? "notebook" : "done" }, at);
      // Once per turn: a Stop re-fired by another hook's block is the same boundary.
      if (event.stop_hook_active) return undefined;
      // Claude Code may run Stop before the turn's last response reaches the transcript;
      // its usage is the figure that matters here, so give the file a moment (bounded:
      // Claude Code waits for Stop hooks before the next prompt).
      const last = event.last_assistant_message;
      if (last?.trim()) await waitForTranscript(event.transcript_path, assistantTextLine(last), 250);
      const usage = await currentUsage(
        { paths: ctx.paths, config: cfg, now: ctx.now, store: ctx.store },
        sid,
        event.transcript_path,
      );
      if (!usage || !cfg["monitor.enabled"]) return undefined;
      const level = levelFor(usage.remainingPct, ladderOf(cfg), usage.windowBasis === "assumed");
      if (!level) return undefined;
      const advice = adviceFor({
        ...usage,
        level,
        atBoundary: true,
        notebook: notebookPath(ctx.projectDir),
        cli: ctx.cli(),
      });
      return { systemMessage: advice.forUser };
    },
  },
};
