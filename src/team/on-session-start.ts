import type { HookEvent } from "../claude/events.ts";
import { healthPath } from "../core/feature-health.ts";
import { safeUnlink } from "../core/fs.ts";
import type { HookContext, Parts } from "../hooks/context.ts";
import { CONTEXT_CAP } from "../hooks/merge.ts";
import { TEAM_HEALTH } from "./health.ts";
import { teamUrl } from "./url.ts";

/** Sessions that start fresh: a resume or a compaction already holds what was shared. */
const FRESH = new Set(["startup", "clear"]);

/** Skip an opt-in wait while the server is known to be failing. */
const KNOWN_DOWN_MS = 5 * 60_000;
/** While the server is failing, start at most one pull a minute. */
const RETRY_AFTER_FAILURE_MS = 60_000;
const FRESH_PULL_MS = 60_000;

/**
 * A teammate's fresh handoff, as the next session would get it on their machine: the
 * resume composed from what they shared (handoff.ts), within memory.inject_chars like
 * a local one, labelled with their machine, user and age. It stands where a local
 * resume would, before the notebook's restore (which a resume replaces), and only when
 * no local resume came first. Each handoff is taken once per machine, by the first
 * fresh session; from what the last pull brought, without the network.
 */
export const handoffParts: Parts = {
  SessionStart: {
    name: "team-handoff",
    async run(event: HookEvent<"SessionStart">, ctx: HookContext, prior) {
      if (!teamUrl(ctx.config["team.url"], ctx.env)) return undefined;
      if (!FRESH.has(event.source) || prior.additionalContext) return undefined;
      const [{ teamSetup }, pending] = await Promise.all([
        import("./setup.ts"),
        import("./pending-handoff.ts"),
      ]);
      const setup = teamSetup(ctx.config, ctx.env, ctx.paths, ctx.projectDir);
      if (!setup.on || !setup.project) return undefined;
      const project = setup.project.id;
      const store = await ctx.store();
      const now = ctx.now();
      const r = { project, machineId: setup.machine.id, config: ctx.config, now };
      const p = await pending.pendingTeamHandoff(store, {
        ...r,
        paths: ctx.paths,
        projectDir: ctx.projectDir,
        cli: ctx.cli(),
      });
      if (!p || !pending.takeHandoff(store, p, r)) return undefined;
      (await import("../memory/resume.ts")).writeResumeDocument(p.docPath, p.composed.document);
      ctx.log.info("resumed a teammate's handoff", {
        event: "SessionStart",
        session: event.session_id,
        project,
        handoff: p.record.id,
        from: p.record.machine_id,
        chars: p.composed.injection.length,
      });
      return { additionalContext: p.composed.injection };
    },
  },
};

/**
 * The team's other recent decisions and dead-ends at the start of a session, and the
 * background pull that keeps them fresh. Without team.url this costs one config
 * lookup. With it, what the last pull brought is read from SQLite and injected in the
 * room the earlier parts left under the cap (team.inject_chars at most), and a detached
 * background pull refreshes it for the next session; the hook does not wait for it
 * (unless the user set team.refresh_ms), so a slow, dead or blackholed server costs
 * the session nothing. No pull starts while one runs, after one under a minute old, or
 * within a minute of a failure. The PostgreSQL client never loads here.
 *
 * While the user has not said whether this machine may share, the first session asks
 * them, once (a message to the user; the statusline and doctor keep asking).
 */
export const parts: Parts = {
  SessionStart: {
    name: "team-memory",
    async run(event: HookEvent<"SessionStart">, ctx: HookContext, prior) {
      if (!teamUrl(ctx.config["team.url"], ctx.env)) {
        // Off: no statusline mark from a sync that ran while it was on.
        safeUnlink(healthPath(ctx.paths, TEAM_HEALTH));
        return undefined;
      }
      const question = await askOnce(ctx);
      if (!FRESH.has(event.source)) return question;
      const [{ teamSetup }, { getState }, bg, { renderTeam, teamView }] = await Promise.all([
        import("./setup.ts"),
        import("../store/kv.ts"),
        import("./background.ts"),
        import("./inject.ts"),
      ]);
      const setup = teamSetup(ctx.config, ctx.env, ctx.paths, ctx.projectDir);
      if (!setup.on || !setup.project) return question;
      const project = setup.project.id;
      const store = await ctx.store();
      const started = ctx.now();
      const lastError = getState<{ at: number }>(store, "team", "lastError");
      const down = !!lastError && started - lastError.at < KNOWN_DOWN_MS;
      const backoff = !!lastError && started - lastError.at < RETRY_AFTER_FAILURE_MS;
      // A pull this recent (the push after the last turn pulls too) is fresh enough to use.
      const lastPull = getState<{ at: number; project: string }>(store, "team", "lastPull");
      const fresh = lastPull?.project === project && started - lastPull.at < FRESH_PULL_MS;
      const pull = !fresh && !backoff && bg.runningSyncs(ctx.paths).length === 0;
      const wait = pull && !down ? ctx.config["team.refresh_ms"] : 0;
      const spawn = () =>
        bg.startBackgroundSync(ctx.paths, ctx.self, ["--pull-only"], ctx.env, ctx.projectDir, wait);
      // Without a wait the pull starts last, so its start-up does not compete with this hook's own work.
      const refreshed = wait > 0 ? await spawn().done : false;

      const now = ctx.now();
      const view = teamView(store, { project, ownMachine: setup.machine.id });
      const room = CONTEXT_CAP - (prior.additionalContext?.length ?? 0) - 2;
      const text = renderTeam(view, {
        project,
        now,
        maxChars: Math.min(ctx.config["team.inject_chars"], room),
        searchCli: ctx.cli(),
        already: prior.additionalContext,
      });
      if (pull && wait === 0) spawn();
      ctx.log.info("team memory at session start", {
        event: "SessionStart",
        session: event.session_id,
        project,
        pull: pull
          ? wait > 0
            ? refreshed
              ? "waited, done"
              : "waited, still running"
            : "started"
          : "skipped",
        serverDown: down,
        chars: text?.length ?? 0,
      });
      if (!text) return question;
      return { ...question, additionalContext: text };
    },
  },
};

/**
 * The question whether this machine may share, put to the user once (SessionStart's
 * message to the user), with the statusline's mark set until they answer.
 */
async function askOnce(ctx: HookContext): Promise<{ systemMessage: string } | undefined> {
  const c = await import("./consent.ts");
  const consent = c.readConsent(ctx.paths);
  if (consent.state || consent.askedAt) return undefined;
  const [{ outboxPending }, { recordHealth }] = await Promise.all([
    import("./pending.ts"),
    import("../core/feature-health.ts"),
  ]);
  const now = ctx.now();
  const pending = outboxPending(await ctx.store());
  c.markAsked(ctx.paths, now);
  recordHealth(ctx.paths, TEAM_HEALTH, { ok: false, reason: c.CONSENT_REASON }, now);
  return { systemMessage: c.consentQuestion(ctx.cli(), pending) };
}
