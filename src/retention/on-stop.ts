import type { HookEvent } from "../claude/events.ts";
import type { HookContext, Part, Parts } from "../hooks/context.ts";
import { lastRun, markRun, recorded } from "./last-run.ts";
import { storeSize } from "./size.ts";

/** Time one turn's end may spend on retention; a big backlog continues next turn. */
const RUN_MS = 400;
/** Pages (4 KiB) handed back to the file system per automatic run. */
const VACUUM_PAGES = 8192;

/**
 * The retention policy, applied at the end of turns: every retention.every_min, or at
 * once when the database is over retention.max_mb. The check is three pragmas and
 * one row, so a turn that has nothing to do pays well under a millisecond.
 */
function retentionPart<E extends "Stop" | "SessionEnd">(): Part<E> {
  return {
    name: "retention",
    async run(ev: HookEvent<E>, ctx: HookContext) {
      const c = ctx.config;
      if (!c["retention.auto"]) return undefined;
      const store = await ctx.store();
      const now = ctx.now();
      const maxBytes = c["retention.max_mb"] * 1024 * 1024;
      const due = now - lastRun(store) >= c["retention.every_min"] * 60_000;
      if (!due && storeSize(store.db).usedBytes <= maxBytes) return undefined;
      const { collectGarbage } = await import("./gc.ts");
      const r = recorded(store, now, maxBytes, () =>
        collectGarbage(
          store,
          ctx.paths,
          { days: c["retention.days"], maxBytes },
          {
            now,
            deadline: performance.now() + RUN_MS,
            currentSession: ev.session_id,
            vacuumPages: VACUUM_PAGES,
          },
        ),
      );
      markRun(store, now);
      if (r.sessionsRemoved + r.originalsPruned + r.detailsDropped + r.files.files > 0 || !r.done)
        ctx.log.info("retention", {
          event: ev.hook_event_name,
          session: ev.session_id,
          sessions: r.sessionsRemoved,
          pruned: r.originalsPruned,
          details: r.detailsDropped,
          files: r.files.files,
          used_mb: Math.round(r.after.usedBytes / 1048576),
          done: r.done,
        });
      return undefined;
    },
  };
}

export const parts: Parts = { Stop: retentionPart<"Stop">(), SessionEnd: retentionPart<"SessionEnd">() };
