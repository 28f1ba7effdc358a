import type { Parts } from "../hooks/context.ts";
import { asLevel, RANK } from "../window/advisor.ts";
import { anchorNow } from "./anchor-state.ts";
import { isHomeDir, recall, remember } from "./session-state.ts";
import { readNotebook } from "./state-file.ts";

/** A remembered level's rank; none (and levels of older cairns, "ok" and "urge") count as 0. */
const rank = (level: unknown): number => {
  const l = asLevel(level);
  return l ? RANK[l] : 0;
};

export const parts: Parts = {
  UserPromptSubmit: {
    name: "notebook-anchor",
    async run(event, ctx) {
      const cfg = ctx.config;
      const store = await ctx.store();
      const sid = event.session_id;
      const at = ctx.now();
      const nb =
        cfg["notebook.enabled"] && !isHomeDir(ctx.projectDir, ctx.env)
          ? readNotebook(ctx.projectDir)
          : undefined;
      // Where the notebook stood at the start of the turn: Stop compares to find a boundary.
      remember(store, sid, "notebook.turn", { mtimeMs: nb?.mtimeMs ?? null, at }, at);
      if (!cfg["anchor.enabled"]) return undefined;

      const anchor = await anchorNow(ctx, store, sid, event.transcript_path, nb);
      const last = recall(store, sid, "notebook.anchor");
      remember(store, sid, "notebook.anchor", { key: anchor.key, level: anchor.level ?? "ok", at }, at);
      if (anchor.empty) return undefined;
      // Said once: the anchor comes back only when what it says changed (goal, step, a
      // warning, the context monitor's rung), or when it insists (a task boundary while
      // the context is filling; STATE.md due after a held-back compaction). No setting
      // makes it repeat itself: the rungs only move with measured usage, the boundary is
      // the agent's own, and a compaction is held back once per session.
      if (last?.key === anchor.key && !anchor.insists) return undefined;
      const rose = rank(anchor.level) > rank(last?.level);
      return {
        additionalContext: anchor.text,
        ...(rose && anchor.forUser ? { systemMessage: anchor.forUser } : {}),
      };
    },
  },
};
