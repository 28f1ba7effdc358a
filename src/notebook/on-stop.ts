import { currentUsage } from "../context/usage.ts";
import type { Parts } from "../hooks/context.ts";
import { advise, saysStepDone } from "./advisor.ts";
import { isHomeDir, recall, remember } from "./session-state.ts";
import { notebookMtime } from "./state-file.ts";
import { readTail } from "./transcript-facts.ts";

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
      // its usage is the figure that matters here, so give the file a moment to catch up.
      await transcriptHas(event.transcript_path, event.last_assistant_message, 1000);
      const usage = await currentUsage(
        { paths: ctx.paths, config: cfg, now: ctx.now, store: ctx.store },
        sid,
        event.transcript_path,
      );
      const advice = advise(usage?.usedPct, true, {
        suggestPct: cfg["advisor.suggest_used_pct"],
        urgePct: cfg["advisor.urge_used_pct"],
      });
      return advice.forUser ? { systemMessage: advice.forUser } : undefined;
    },
  },
};

/** Waits (polling, at most `maxMs`) until the transcript's tail holds the start of `text`. */
async function transcriptHas(path: string, text: string | null | undefined, maxMs: number): Promise<boolean> {
  if (!text?.trim()) return true;
  const needle = JSON.stringify(text.slice(0, 80)).slice(1, -1);
  for (let waited = 0; ; waited += 50) {
    if (readTail(path, 64 * 1024).lines.some((l) => l.includes('"assistant"') && l.includes(needle)))
      return true;
    if (waited >= maxMs) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
