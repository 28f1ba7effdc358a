import { printedCli } from "../core/self.ts";
import { parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, json, out } from "./io.ts";
import { syncLine, syncNow, teamEnv } from "./team-env.ts";

const USAGE = `Usage: cairn team status [--json]
       cairn team sync [--json]
       cairn team outbox [--json]
       cairn team enable [--yes]
       cairn team disable
       cairn team share [on | off] [--session ID | --project]
       cairn team forget RECORD_ID | --session ID | --since WHEN [--json]

Team memory: handoffs, the notebook's decisions and dead-ends, one-line summaries and
the conversation text (masked) shared through a PostgreSQL server, per project. The
server is the user's choice only: team.url in ~/.cairn/config.yaml (a repository's
.claude/cairn.yaml cannot set it). CAIRN_TEAM_URL counts only for these commands run
in a terminal outside Claude Code, never for hooks or inside a session. The project is identified by its
origin remote (or team.project), so clones at different paths are one project.

Nothing leaves this machine before you agree: records wait in the outbox, and syncs
only pull, until \`cairn team enable\`.

  status   the server (password masked), a live check of it, the project identity,
           whether this machine shares, the outbox, and the last push and pull
           (exit 1 when the server fails)
  sync     collect this project's new records, push the outbox (once sharing is
           enabled), pull the project now (hooks do this in the background)
  outbox   exactly what the next push would send, every word of it, and what it
           would drop (team.share, team.exclude, share off, forget)
  enable   agree that this machine shares: shows what would go, asks, then pushes
           (--yes: without asking, for scripts)
  disable  share nothing more from this machine (waiting records are dropped);
           teammates' records are still pulled
  share    what is shared (team.share, team.exclude, what is off); \`share off\`
           stops sharing this session (inside Claude Code; or --session ID) or, with
           --project, this project; \`share on\` resumes it
  forget   take back what this machine shared: one record (its id, or the first 8+
           characters, from \`outbox\` or \`search --team\`), a session, or
           everything since WHEN (2h, 30m, 3d, HH:MM, an ISO date). Deleted from
           the server (now, or at the next sync) and from every machine's copy at
           its next sync, and never shared again
  --json   machine-readable output`;

export const team: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(
      argv,
      {
        json: { type: "boolean" },
        background: { type: "boolean" },
        "pull-only": { type: "boolean" },
        yes: { type: "boolean" },
        session: { type: "string" },
        project: { type: "boolean" },
        since: { type: "string" },
      },
      { positionals: true },
    );
    const [sub, ...rest] = positionals;
    const asJson = Boolean(values.json);
    const none = (what: string) => {
      if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"${what}`);
    };
    const onlyFor = (flags: readonly string[], where: string) => {
      for (const f of flags)
        if (values[f as keyof typeof values] !== undefined)
          throw new UsageError(`--${f} is only for ${where}`);
    };
    if (sub !== "sync") onlyFor(["background", "pull-only"], "`cairn team sync`");
    if (sub !== "enable") onlyFor(["yes"], "`cairn team enable`");
    if (sub !== "share" && sub !== "forget") onlyFor(["session"], "`share` and `forget`");
    if (sub !== "share") onlyFor(["project"], "`cairn team share`");
    if (sub !== "forget") onlyFor(["since"], "`cairn team forget`");
    const control = () => import("./team-share.ts");
    switch (sub) {
      case "status":
        none("");
        return status(asJson);
      case "sync":
        none("");
        return values.background
          ? background(Boolean(values["pull-only"]))
          : sync(asJson, Boolean(values["pull-only"]));
      case "outbox":
        none("");
        return (await control()).outbox(await teamEnv(), asJson);
      case "enable":
        none("");
        return (await control()).enable(await teamEnv(), Boolean(values.yes), asJson);
      case "disable":
        none("");
        return (await control()).disable(await teamEnv(), asJson);
      case "share": {
        const [turn, ...more] = rest;
        if (more.length) throw new UsageError(`unexpected argument "${more[0]}"`);
        if (turn !== undefined && turn !== "on" && turn !== "off")
          throw new UsageError(`say \`share on\` or \`share off\`, not "${turn}"`);
        if (turn === undefined && (values.session !== undefined || values.project))
          throw new UsageError("say `share on` or `share off` with --session or --project");
        return (await control()).share(await teamEnv(), {
          turn,
          session: values.session,
          project: Boolean(values.project),
          asJson,
        });
      }
      case "forget": {
        const given = [rest.length > 0, values.session !== undefined, values.since !== undefined].filter(
          Boolean,
        ).length;
        if (given !== 1 || rest.length > 1)
          throw new UsageError("say what to forget: one RECORD_ID, --session ID or --since WHEN");
        return (await control()).forget(await teamEnv(), {
          record: rest[0],
          session: values.session,
          since: values.since,
          asJson,
        });
      }
      default:
        throw new UsageError(
          sub
            ? `unknown subcommand "${sub}" (status, sync, outbox, enable, disable, share or forget)`
            : "say status, sync, outbox, enable, disable, share or forget",
        );
    }
  },
};

async function status(asJson: boolean): Promise<number> {
  const { m, setup, refused } = await teamEnv();
  try {
    const warnings = refused.map((i) => `ignored: ${i.path} sets ${i.key} (${i.problem})`);
    if (!setup.on) {
      if (asJson) json({ on: false, why: setup.why, warnings });
      else {
        for (const w of warnings) out(color.yellow(w));
        out(`Team memory is off: ${setup.why}.`);
      }
      return 0;
    }
    const [
      { maskUrl },
      { outboxPending },
      { syncStatus },
      { checkServer },
      { readConsent },
      { clientOptions },
    ] = await Promise.all([
      import("../team/url.ts"),
      import("../team/pending.ts"),
      import("../team/sync.ts"),
      import("../team/check.ts"),
      import("../team/consent.ts"),
      import("../team/libpq.ts"),
    ]);
    const store = await m.store();
    const state = syncStatus(store);
    const server = await checkServer(setup.url);
    const pending = outboxPending(store);
    const consent = readConsent(m.paths);
    const report = {
      on: true,
      url: maskUrl(setup.url),
      server: { ok: server.ok, line: server.line, schema: server.schema ?? null },
      tls: clientOptions(setup.url, m.env).tls || null,
      project: setup.project ?? null,
      machine: setup.machine,
      sharing: consent.state ?? "not agreed yet",
      share: m.config["team.share"],
      exclude: m.config["team.exclude"],
      outbox: pending,
      lastPush: state.lastPush ?? null,
      lastPull: state.lastPull ?? null,
      lastError: state.lastError ?? null,
      warnings,
    };
    if (asJson) {
      json(report);
      return server.ok ? 0 : 1;
    }
    for (const w of warnings) out(color.yellow(w));
    out(`server   ${report.url}`);
    out(`         ${server.ok ? color.green(server.line) : color.red(server.line)}`);
    if (report.tls) out(`tls      ${report.tls}`);
    out(
      `project  ${setup.project ? `${setup.project.id} (from ${setup.project.source})` : color.yellow("none: no origin remote and no team.project, so nothing here is shared")}`,
    );
    out(`machine  ${setup.machine.user}@${setup.machine.name} (${setup.machine.id.slice(0, 8)})`);
    const cli = printedCli();
    out(
      `sharing  ${
        consent.state === "enabled"
          ? `on (${m.config["team.share"].join(", ") || "nothing: team.share is empty"}${m.config["team.exclude"].length ? `; ${m.config["team.exclude"].length} team.exclude patterns` : ""})`
          : consent.state === "disabled"
            ? `off on this machine (\`${cli} team enable\` turns it on); teammates' records are still pulled`
            : color.yellow(
                `not agreed yet: nothing is sent until you run \`${cli} team outbox\`, then \`${cli} team enable\``,
              )
      }`,
    );
    out(`outbox   ${pending} record${pending === 1 ? "" : "s"} waiting`);
    out(
      `push     ${state.lastPush ? `${when(state.lastPush.at)}: ${state.lastPush.sent} sent, ${state.lastPush.added} new` : "never"}`,
    );
    out(`pull     ${state.lastPull ? `${when(state.lastPull.at)}: ${state.lastPull.pulled} new` : "never"}`);
    if (state.lastError)
      out(`error    ${color.red(`${when(state.lastError.at)}: ${state.lastError.message}`)}`);
    return server.ok ? 0 : 1;
  } finally {
    m.close();
  }
}

function when(at: number): string {
  return new Date(at).toISOString().replace("T", " ").slice(0, 19);
}

async function sync(asJson: boolean, pullOnly: boolean): Promise<number> {
  const env = await teamEnv();
  const { m, setup, refused } = env;
  try {
    for (const i of refused) err(color.yellow(`ignored: ${i.path} sets ${i.key} (${i.problem})`));
    if (!setup.on) {
      err(`cairn team sync: team memory is off: ${setup.why}`);
      return 1;
    }
    const r = await syncNow(env, { pullOnly });
    if (asJson) json({ ...r, project: setup.project?.id ?? null });
    else if (r.ok) out(syncLine(r, setup.project?.id));
    else err(`cairn team sync: ${r.error}`);
    return r.ok ? 0 : 1;
  } finally {
    m.close();
  }
}

/**
 * What hooks start: after a turn, wait out the debounce and push everything pending
 * (then pull); at SessionStart (--pull-only), pull at once. Silent; the outcome goes
 * to the status the other commands read, and to the log.
 */
const BACKGROUND_LIMIT_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 60_000;

async function background(pullOnly: boolean): Promise<number> {
  const { m, setup } = await teamEnv();
  if (!setup.on) return 0;
  const [bg, { createLogger }] = await Promise.all([
    import("../team/background.ts"),
    import("../core/log.ts"),
  ]);
  const log = createLogger(m.paths, m.config["log.level"]);
  const unregister = bg.registerRunning(m.paths);
  // Whatever the network does, a background sync ends: the debounce, then a bounded round.
  const deadline = setTimeout(
    () => {
      log.warn("team background sync gave up at its time limit", { event: "team" });
      unregister();
      process.exit(1);
    },
    m.config["team.push_delay_s"] * 1000 + BACKGROUND_LIMIT_MS,
  );
  deadline.unref();
  // Failures are warnings, not errors: the session is unaffected and the records wait.
  const report = (r: { ok: boolean; sent: number; pulled: number; error?: string }) => {
    if (r.ok)
      log.info("team sync", { event: "team", project: setup.project?.id, sent: r.sent, pulled: r.pulled });
    else log.warn("team sync failed; records wait in the outbox", { event: "team", problem: r.error });
    return r.ok ? 0 : 1;
  };
  let locked = false;
  try {
    const [{ collectProject }, { syncOnce }, { getState }] = await Promise.all([
      import("../team/gather.ts"),
      import("../team/sync.ts"),
      import("../store/kv.ts"),
    ]);
    const store = await m.store();
    const project = setup.project?.id;
    const collectFor = { projectDir: m.projectDir, machine: setup.machine, config: m.config };
    const round = { url: setup.url, project, home: m.paths, config: m.config, machine: setup.machine };
    if (pullOnly) return report(await syncOnce(store, { ...round, push: false }));
    locked = bg.takePushLock(m.paths, process.pid, m.now());
    if (!locked) return 0; // a pending push will take ours
    const delayMs = m.config["team.push_delay_s"] * 1000;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    // While the server is failing, collect only: the records wait in the outbox (where
    // status counts them) and the network is tried again a minute after the failure.
    const failed = getState<{ at: number }>(store, "team", "lastError");
    if (failed && m.now() - failed.at < RETRY_AFTER_FAILURE_MS) {
      if (project) await collectProject(store, { ...collectFor, project, now: m.now() });
      log.info("team outbox filled; server failing, push later", { event: "team", project });
      return 0;
    }
    const { outboxPending } = await import("../team/pending.ts");
    if (project) await collectProject(store, { ...collectFor, project, now: m.now() });
    for (let attempt = 0; attempt < 3; attempt++) {
      const r = await syncOnce(store, round);
      if (r.ok) (await import("../team/prune.ts")).pruneTeam(store, m.config["retention.days"], m.now());
      bg.releasePushLock(m.paths, process.pid);
      locked = false;
      if (!r.ok || r.consent !== "enabled") return report(r);
      // A turn that ended while we pushed saw the lock and left its records to us, in
      // memory, not yet in the outbox: collected now, after the release, so a turn that
      // ends from here on starts a push of its own.
      if (project) await collectProject(store, { ...collectFor, project, now: m.now() });
      if (outboxPending(store) === 0) return report(r);
      locked = bg.takePushLock(m.paths, process.pid, m.now());
      if (!locked) return report(r);
    }
    return 0;
  } catch (e) {
    const { maskSecretIn } = await import("../team/url.ts");
    const problem = maskSecretIn(e instanceof Error ? e.message : String(e), setup.url);
    log.warn("team background sync stopped", { event: "team", problem });
    return 1;
  } finally {
    if (locked) bg.releasePushLock(m.paths, process.pid);
    unregister();
    m.close();
  }
}
