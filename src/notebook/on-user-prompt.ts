import type { Parts } from "../hooks/context.ts";
import type { AdviceLevel } from "./advisor.ts";
import { anchorNow } from "./anchor-state.ts";
import { isHomeDir, recall, remember } from "./session-state.ts";
import { readNotebook } from "./state-file.ts";

const RANK: Readonly<Record<string, number>> = { ok: 0, suggest: 1, urge: 2 };

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
      remember(store, sid, "notebook.anchor", { key: anchor.key, level: anchor.level, at }, at);
      // Nothing new and nothing wrong: the last anchor (or the restore) still says it all.
      if (anchor.healthy && last?.key === anchor.key) return undefined;
      if (anchor.empty) return undefined;
      const rose = RANK[anchor.level]! > RANK[(last?.level as AdviceLevel | undefined) ?? "ok"]!;
      return {
        additionalContext: anchor.text,
        ...(rose && anchor.forUser ? { systemMessage: anchor.forUser } : {}),
      };
    },
  },
};
