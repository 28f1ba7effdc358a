import type { Parts } from "../hooks/context.ts";
import { readNudge, subagentNudge } from "./nudges.ts";
import { dueActive, dueWarning, recall, remember } from "./session-state.ts";
import { notebookMtime } from "./state-file.ts";

/**
 * Advice that travels with a tool result (PreToolUse additionalContext lands right
 * after it): the Read and subagent nudges, and once, the request to update STATE.md
 * after cairn held back a compaction. Advice only: the call itself is never changed.
 */
export const parts: Parts = {
  PreToolUse: {
    name: "notebook-nudges",
    async run(event, ctx) {
      const cfg = ctx.config;
      const notes: string[] = [];
      const tool = event.tool_name;
      const input = event.tool_input;

      if (!event.agent_id) {
        const store = await ctx.store();
        const due = recall(store, event.session_id, "notebook.due");
        if (due && !due.delivered && dueActive(due, notebookMtime(ctx.projectDir))) {
          notes.push(dueWarning(ctx.cli()));
          remember(store, event.session_id, "notebook.due", { ...due, delivered: true }, ctx.now());
        }
      }
      if (tool === "Read" && cfg["nudge.read"]) {
        const note = readNudge(input, event.cwd, ctx.projectDir, cfg["nudge.read_min_bytes"]);
        if (note) notes.push(note);
      }
      if ((tool === "Agent" || tool === "Task") && cfg["nudge.subagent_model"]) {
        const note = subagentNudge(input, ctx.env, ctx.projectDir);
        if (note) notes.push(note);
      }
      return notes.length > 0 ? { additionalContext: notes.join("\n\n") } : undefined;
    },
  },
};
