import type { HookEvent } from "../claude/events.ts";
import { printedCli } from "../core/self.ts";
import type { HookContext, Parts } from "../hooks/context.ts";
import { CONTEXT_CAP } from "../hooks/merge.ts";
import { teamUrl } from "./url.ts";

/** Sessions that start fresh: a resume or a compaction already holds what was shared. */
const FRESH = new Set(["startup", "clear"]);

/** Skip the wait while the server is known to be failing: its sessions then run as without team memory. */
const KNOWN_DOWN_MS = 5 * 60_000;
const FRESH_PULL_MS = 60_000;

/**
 * Teammates' handoff, decisions and dead-ends at the start of a session. Without
 * team.url this costs one config lookup. With it, a background pull is started and
 * awaited for at most team.refresh_ms (not at all while the server is known to be
 * down); then what the last pull brought is read from SQLite and injected in the room
 * the earlier parts left under the cap. The PostgreSQL client never loads here.
 */
export const parts: Parts = {
  SessionStart: {
    name: "team-memory",
    async run(event: HookEvent<"SessionStart">, ctx: HookContext, prior) {
      if (!FRESH.has(event.source) || !teamUrl(ctx.config["team.url"], ctx.env)) return undefined;
      const [{ teamSetup }, { getState, setState }, { startBackgroundSync }, { renderTeam, teamView }] =
        await Promise.all([
          import("./setup.ts"),
          import("../store/kv.ts"),
          import("./background.ts"),
          import("./inject.ts"),
        ]);
      const setup = teamSetup(ctx.config, ctx.env, ctx.paths, ctx.projectDir);
      if (!setup.on || !setup.project) return undefined;
      const project = setup.project.id;
      const store = await ctx.store();
      const lastError = getState<{ at: number }>(store, "team", "lastError");
      const down = !!lastError && ctx.now() - lastError.at < KNOWN_DOWN_MS;
      // A pull this recent (the push after the last turn pulls too) is fresh enough to use at once.
      const lastPull = getState<{ at: number; project: string }>(store, "team", "lastPull");
      const fresh = lastPull?.project === project && ctx.now() - lastPull.at < FRESH_PULL_MS;
      const wait = down || fresh ? 0 : ctx.config["team.refresh_ms"];
      const refreshed = await startBackgroundSync(
        ctx.paths,
        ctx.self,
        ["--pull-only"],
        ctx.env,
        ctx.projectDir,
        wait,
      ).done;

      const scope = `team-project:${project}`;
      const taken = new Set(getState<string[]>(store, scope, "handoffs_taken") ?? []);
      const now = ctx.now();
      const view = teamView(store, {
        project,
        ownMachine: setup.machine.id,
        now,
        handoffTtlMin: ctx.config["memory.handoff_ttl_min"],
        taken,
      });
      const room = CONTEXT_CAP - (prior.additionalContext?.length ?? 0) - 2;
      const text = renderTeam(view, {
        project,
        now,
        maxChars: Math.min(ctx.config["team.inject_chars"], room),
        searchCli: printedCli(ctx.self, ctx.env),
      });
      ctx.log.info("team memory at session start", {
        event: "SessionStart",
        session: event.session_id,
        project,
        refreshed,
        serverDown: down,
        waited: wait > 0,
        chars: text?.length ?? 0,
        handoff: view.handoff?.id,
      });
      if (!text) return undefined;
      if (view.handoff) setState(store, scope, "handoffs_taken", [...taken, view.handoff.id].slice(-50), now);
      return { additionalContext: text };
    },
  },
};
