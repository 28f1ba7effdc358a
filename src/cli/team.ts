import { parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, json, out } from "./io.ts";

const USAGE = `Usage: cairn team status [--json]
       cairn team sync [--json]

Team memory: handoffs, the notebook's decisions and dead-ends, one-line summaries and
the conversation text (masked) shared through a PostgreSQL server, per project. The
server is the user's choice only: team.url in ~/.cairn/config.yaml (a repository's
.claude/cairn.yaml cannot set it). CAIRN_TEAM_URL counts only for these commands run
in a terminal outside Claude Code, never for hooks or inside a session. The project is identified by its
origin remote (or team.project), so clones at different paths are one project.

  status   the server (password masked), a live check of it, the project identity,
           the outbox, and the last push and pull (exit 1 when the server fails)
  sync     collect this project's new records, push the whole outbox, pull the
           project now (hooks do this in the background after each turn)
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
      },
      { positionals: true },
    );
    const [sub, ...rest] = positionals;
    if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
    if (sub === "status") return status(Boolean(values.json));
    if (sub === "sync")
      return values.background
        ? background(Boolean(values["pull-only"]))
        : sync(Boolean(values.json), Boolean(values["pull-only"]));
    throw new UsageError(sub ? `unknown subcommand "${sub}" (status or sync)` : "say status or sync");
  },
};

async function teamEnv() {
  const [{ memoryEnv }, { loadConfig }, { teamSetup }] = await Promise.all([
    import("../memory/scope.ts"),
    import("../config/load.ts"),
    import("../team/setup.ts"),
  ]);
  const m = await memoryEnv();
  const resolved = await loadConfig(m.paths, m.projectDir);
  // A repository that tries to choose the server (or what is shared) is reported.
  const refused = resolved.issues.filter((i) => i.refused && i.key?.startsWith("team."));
  const setup = teamSetup(m.config, m.env, m.paths, m.projectDir);
  const notice = (await import("../team/url.ts")).teamUrlNotice(m.env);
  if (notice) err(color.yellow(notice));
  return { m, setup, refused };
}

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
    const [{ maskUrl }, { outboxPending }, { syncStatus }, { checkServer }, { clientOptions }] =
      await Promise.all([
        import("../team/url.ts"),
        import("../team/collect.ts"),
        import("../team/sync.ts"),
        import("../team/check.ts"),
        import("../team/libpq.ts"),
      ]);
    const store = await m.store();
    const state = syncStatus(store);
    const server = await checkServer(setup.url);
    const pending = outboxPending(store);
    const report = {
      on: true,
      url: maskUrl(setup.url),
      server: { ok: server.ok, line: server.line, schema: server.schema ?? null },
      tls: clientOptions(setup.url, m.env).tls || null,
      project: setup.project ?? null,
      machine: setup.machine,
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
  const { m, setup, refused } = await teamEnv();
  try {
    for (const i of refused) err(color.yellow(`ignored: ${i.path} sets ${i.key} (${i.problem})`));
    if (!setup.on) {
      err(`cairn team sync: team memory is off: ${setup.why}`);
      return 1;
    }
    const [{ collectProject }, { syncOnce }] = await Promise.all([
      import("../team/gather.ts"),
      import("../team/sync.ts"),
    ]);
    const store = await m.store();
    const collected =
      setup.project && !pullOnly
        ? await collectProject(store, {
            projectDir: m.projectDir,
            project: setup.project.id,
            machine: setup.machine,
            config: m.config,
            now: m.now(),
          })
        : 0;
    const r = await syncOnce(store, {
      url: setup.url,
      project: setup.project?.id,
      push: !pullOnly,
      health: m.paths,
    });
    if (r.ok) (await import("../team/prune.ts")).pruneTeam(store, m.config["retention.days"], m.now());
    if (asJson) json({ ...r, collected, project: setup.project?.id ?? null });
    else if (r.ok)
      out(
        `Synced${setup.project ? ` ${setup.project.id}` : ""}: ${r.sent} pushed (${r.added} new on the server), ${r.pulled} pulled.`,
      );
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
    if (pullOnly)
      return report(await syncOnce(store, { url: setup.url, project, push: false, health: m.paths }));
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
    const { outboxPending } = await import("../team/collect.ts");
    for (let round = 0; round < 3; round++) {
      if (project) await collectProject(store, { ...collectFor, project, now: m.now() });
      const r = await syncOnce(store, { url: setup.url, project, health: m.paths });
      if (r.ok) (await import("../team/prune.ts")).pruneTeam(store, m.config["retention.days"], m.now());
      bg.releasePushLock(m.paths, process.pid);
      locked = false;
      // A turn that ended while we pushed saw the lock and left its records to us.
      if (!r.ok || outboxPending(store) === 0) return report(r);
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
