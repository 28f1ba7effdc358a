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
      // The memos change no answer, so they are written with the event's record, in its
      // one transaction (a commit each cost the prompt's hook before its answer).
      const turn = { mtimeMs: nb?.mtimeMs ?? null, at };
      if (!cfg["anchor.enabled"]) {
        ctx.afterAnswer((s) => remember(s, sid, "notebook.turn", turn, at));
        return undefined;
      }

      const anchor = await anchorNow(ctx, store, sid, event.transcript_path, nb);
      const last = recall(store, sid, "notebook.anchor");
      const said = { key: anchor.key, level: anchor.level ?? "ok", at };
      ctx.afterAnswer((s) => {
        remember(s, sid, "notebook.turn", turn, at);
        remember(s, sid, "notebook.anchor", said, at);
      });
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
