import type { HookEvent } from "../claude/events.ts";
import type { HookContext, Part, Parts } from "../hooks/context.ts";
import { teamUrl } from "./url.ts";

type TurnEnd = "Stop" | "SessionEnd";

/**
 * At the end of each turn: start the debounced background push unless one is already
 * pending (it waits team.push_delay_s, so the turns within that window share it). The
 * push process moves what the turns added into the outbox (memory keeps it in SQLite
 * meanwhile, and a watermark makes each collection pick up all it missed) and, unless
 * the server failed under a minute ago, pushes. So the hook reads two small files,
 * spawns at most one detached process, and never waits or opens the network.
 */
function outboxPart<E extends TurnEnd>(): Part<E> {
  return {
    name: "team-outbox",
    async run(ev: HookEvent<E>, ctx: HookContext) {
      if (!teamUrl(ctx.config["team.url"], ctx.env)) return undefined;
      const [{ projectIdentity }, bg] = await Promise.all([
        import("./identity.ts"),
        import("./background.ts"),
      ]);
      // Only whether this project is shared: the push process works out the rest.
      if (!projectIdentity(ctx.projectDir, ctx.config["team.project"])) return undefined;
      const now = ctx.now();
      const pending = bg.pushPending(ctx.paths, now);
      if (!pending) bg.spawnPush(ctx.paths, ctx.self, ctx.env, ctx.projectDir, now);
      ctx.log.info("team outbox", {
        event: ev.hook_event_name,
        session: ev.session_id,
        push: pending ? "already pending" : "started",
      });
      return undefined;
    },
  };
}

export const parts: Parts = {
  Stop: outboxPart<"Stop">(),
  SessionEnd: outboxPart<"SessionEnd">(),
};
