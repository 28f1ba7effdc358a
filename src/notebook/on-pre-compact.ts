import { notebookPath } from "../core/paths.ts";
import type { Parts } from "../hooks/context.ts";
import { currentUsage } from "../window/usage.ts";
import { blockReason, compactionInstructions, shouldBlock } from "./compaction.ts";
import { isHomeDir, recall, remember } from "./session-state.ts";
import { writeSnapshot } from "./snapshot.ts";
import { readNotebook, sectionText } from "./state-file.ts";
import { transcriptFacts } from "./transcript-facts.ts";

export const parts: Parts = {
  PreCompact: {
    name: "notebook-precompact",
    async run(event, ctx) {
      const cfg = ctx.config;
      const sid = event.session_id;
      const inHome = isHomeDir(ctx.projectDir, ctx.env);
      const nb = cfg["notebook.enabled"] && !inHome ? readNotebook(ctx.projectDir) : undefined;
      const facts = transcriptFacts(event.transcript_path, nb?.mtimeMs);
      const store = await ctx.store();
      const at = ctx.now();

      const block = shouldBlock({
        trigger: event.trigger,
        enabled: cfg["precompact.block_stale"],
        inHome,
        blockedBefore: recall(store, sid, "notebook.precompact_blocked") !== undefined,
        outputSinceNotebook: nb ? facts.outputTokensSince : undefined,
        staleOutputTokens: cfg["precompact.stale_output_tokens"],
      });
      if (block && nb) {
        // Remembered before answering: whatever happens next, this session is never blocked again.
        remember(
          store,
          sid,
          "notebook.precompact_blocked",
          { at, outputTokens: facts.outputTokensSince },
          at,
        );
        // Claude Code does not show the reason to the model; the next tool result and prompt carry it.
        remember(
          store,
          sid,
          "notebook.due",
          { at, mtimeMs: nb.mtimeMs, outputTokens: facts.outputTokensSince, delivered: false },
          at,
        );
      }

      try {
        const usage = await currentUsage(
          { paths: ctx.paths, config: cfg, now: ctx.now, store: ctx.store },
          sid,
          event.transcript_path,
        );
        const path = writeSnapshot(
          ctx.paths,
          {
            projectDir: ctx.projectDir,
            sessionId: sid,
            trigger: event.trigger,
            at,
            notebookPath: notebookPath(ctx.projectDir),
            notebookText: nb?.text,
            facts,
            usedPct: usage?.usedPct,
            blocked: block,
          },
          cfg["precompact.keep_snapshots"],
        );
        ctx.log.debug("snapshot before compaction", { session: sid, path });
      } catch (err) {
        ctx.log.warn("could not write the snapshot before compaction", { session: sid, err });
      }

      if (block) return { block: { reason: blockReason(facts.outputTokensSince, facts.complete) } };
      if (!cfg["precompact.instructions"]) return undefined;
      return {
        instructions: compactionInstructions({
          projectDir: ctx.projectDir,
          goal: nb ? sectionText(nb.notebook, "goal") : undefined,
          now: nb ? sectionText(nb.notebook, "now") : undefined,
          facts,
          notebook: !!nb,
        }),
      };
    },
  },
};
