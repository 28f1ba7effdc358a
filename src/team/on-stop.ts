import type { HookEvent } from "../claude/events.ts";
import type { HookContext, Part, Parts } from "../hooks/context.ts";
import { teamUrl } from "./url.ts";

type TurnEnd = "Stop" | "SessionEnd";

const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * At the end of each turn: start the debounced background push, unless one is already
 * pending or the server failed under a minute ago. The push process itself moves what
 * the turn added into the outbox (memory keeps it in SQLite meanwhile, and a watermark
 * makes the next collection pick up every turn it missed), so the hook reads two small
 * files and the status row, spawns at most one detached process, and never waits.
 */
function outboxPart<E extends TurnEnd>(): Part<E> {
  return {
    name: "team-outbox",
    async run(ev: HookEvent<E>, ctx: HookContext) {
      if (!teamUrl(ctx.config["team.url"], ctx.env)) return undefined;
      const [{ projectIdentity }, bg, { getState }] = await Promise.all([
        import("./identity.ts"),
        import("./background.ts"),
        import("../store/kv.ts"),
      ]);
      // Only whether this project is shared: the push process works out the rest.
      if (!projectIdentity(ctx.projectDir, ctx.config["team.project"])) return undefined;
      const now = ctx.now();
      // While the server is failing, retry at most once a minute: each attempt is a
      // process beside the session, and `cairn team sync` retries at once when asked.
      const failed = getState<{ at: number }>(await ctx.store(), "team", "lastError");
      const backoff = !!failed && now - failed.at < RETRY_AFTER_FAILURE_MS;
      const pending = !backoff && bg.pushPending(ctx.paths, now);
      if (!backoff && !pending) bg.spawnPush(ctx.paths, ctx.self, ctx.env, ctx.projectDir, now);
      ctx.log.info("team outbox", {
        event: ev.hook_event_name,
        session: ev.session_id,
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
