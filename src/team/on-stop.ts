import type { HookEvent } from "../claude/events.ts";
import type { HookContext, Part, Parts } from "../hooks/context.ts";
import { teamUrl } from "./url.ts";

type TurnEnd = "Stop" | "SessionEnd";

const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * At the end of each turn (after memory has ingested it): what the turn added goes
 * into the outbox, and a debounced background push is started unless one is already
 * pending. Local work only; the hook never waits on the network.
 */
function outboxPart<E extends TurnEnd>(): Part<E> {
  return {
    name: "team-outbox",
    async run(ev: HookEvent<E>, ctx: HookContext) {
      if (!teamUrl(ctx.config["team.url"], ctx.env)) return undefined;
      const [{ teamSetup }, { collectProject }, bg, { getState }] = await Promise.all([
        import("./setup.ts"),
        import("./gather.ts"),
        import("./background.ts"),
        import("../store/kv.ts"),
      ]);
      const setup = teamSetup(ctx.config, ctx.env, ctx.paths, ctx.projectDir);
      if (!setup.on || !setup.project) return undefined;
      const store = await ctx.store();
      const now = ctx.now();
      const added = await collectProject(store, {
        projectDir: ctx.projectDir,
        project: setup.project.id,
        machine: setup.machine,
        config: ctx.config,
        now,
      });
      // While the server is failing, retry at most once a minute: each attempt is a
      // process beside the session, and `cairn team sync` retries at once when asked.
      const failed = getState<{ at: number }>(store, "team", "lastError");
      const backoff = !!failed && now - failed.at < RETRY_AFTER_FAILURE_MS;
      const pending = !backoff && bg.pushPending(ctx.paths, now);
      if (!backoff && !pending) bg.startBackgroundSync(ctx.paths, ctx.self, [], ctx.env, ctx.projectDir);
      ctx.log.info("team outbox", {
        event: ev.hook_event_name,
        session: ev.session_id,
        added,
        push: backoff ? "server failing; retry later" : pending ? "already pending" : "started",
      });
      return undefined;
    },
  };
}

export const parts: Parts = {
  Stop: outboxPart<"Stop">(),
  SessionEnd: outboxPart<"SessionEnd">(),
};
