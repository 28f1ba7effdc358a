import type { Parts } from "../hooks/context.ts";
import type { Store } from "../store/db.ts";
import { asLevel } from "../window/advisor.ts";
import { buildAnchor } from "./anchor.ts";
import { buildRestore, notebookHash, restoreMarker } from "./restore.ts";
import { isNotebookPlace, recall, remember } from "./session-state.ts";
import { readNotebook, seedNotebook } from "./state-file.ts";
import { conversationHolds } from "./transcript-facts.ts";

/** Where the last session in this project stopped: memory's summary, handed in by the SessionStart composition (cli/event-parts.ts). */
interface LastSession {
  lastSessionSummary(store: Store, projectDir: string): string | undefined;
}

/** Restores STATE.md at session start; `loadLastSession` is loaded only on a fresh start without a handoff. */
export const restoreParts = (loadLastSession: () => Promise<LastSession>) =>
  ({
    SessionStart: {
      name: "notebook-restore",
      async run(event, ctx, prior) {
        const cfg = ctx.config;
        if (!cfg["notebook.enabled"] || !isNotebookPlace(ctx.projectDir, ctx.env)) return undefined;
        let seeded = false;
        try {
          seeded = seedNotebook(ctx.projectDir);
        } catch (err) {
          ctx.log.warn("could not create STATE.md; restoring without it", { session: event.session_id, err });
        }
        const nb = readNotebook(ctx.projectDir);
        const store = await ctx.store();
        const sid = event.session_id;
        const fresh = event.source === "startup" || event.source === "clear";

        let lastSession: string | undefined;
        // Memory's resume (an earlier part) already injected the notebook with its handoff.
        const handedOff = !!prior.additionalContext;
        if (fresh && !handedOff) {
          try {
            // Where the last session in this project stopped, from layered memory.
            const { lastSessionSummary } = await loadLastSession();
            lastSession = lastSessionSummary(store, ctx.projectDir);
          } catch (err) {
            ctx.log.warn("no summary of the last session", { session: sid, err });
          }
        }
        // A resume replays the conversation: if it holds this very notebook, do not repeat it.
        const hash = nb ? notebookHash(nb.text) : undefined;
        const held =
          hash && event.source === "resume" && conversationHolds(event.transcript_path, restoreMarker(hash))
            ? hash
            : undefined;
        const restore = buildRestore({
          projectDir: ctx.projectDir,
          source: event.source,
          notebookText: nb?.text,
          seeded,
          maxChars: cfg["notebook.restore_max_chars"],
          lastSession,
          alreadyInjected: held,
          cli: ctx.cli(),
        });
        if (!restore) return undefined;
        const at = ctx.now();
        // The restore shows Goal and Now (no advice, no warnings), so it counts as an anchor
        // that said just that: the first prompt repeats it only if there is more to say.
        // A resume replays the conversation, and with it the last anchor's rung; any
        // other start begins without one. A restore that only points at the notebook the
        // conversation holds says nothing new: what the last anchor said still stands.
        if (!restore.pointerOnly) {
          const level =
            event.source === "resume" ? asLevel(recall(store, sid, "notebook.anchor")?.level) : null;
          const { key } = buildAnchor({
            goal: restore.goal,
            now: restore.now,
            level,
            maxChars: cfg["anchor.max_tokens"] * 4,
          });
          remember(store, sid, "notebook.anchor", { key, level: level ?? "ok", at }, at);
        }
        if (handedOff) return seeded ? { systemMessage: restore.systemMessage } : undefined;
        return { additionalContext: restore.additionalContext, systemMessage: restore.systemMessage };
      },
    },
  }) satisfies Parts;
