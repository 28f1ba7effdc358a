import { setTimeout as sleep } from "node:timers/promises";
import { safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { createLogger, type Logger } from "../core/log.ts";
import { type CairnPaths, cairnPaths } from "../core/paths.ts";
import { VERSION } from "../core/version.ts";
import { type RunningServer, startHttpServer } from "../transports/http.ts";
import { health, readServerState, spawnServer } from "../transports/http-client.ts";
import {
  ensureHttpInstall,
  type HttpInstall,
  readHttpInstall,
  type ServerState,
  serverStatePath,
} from "../transports/http-config.ts";
import { portOwner } from "../transports/socket-owner.ts";
import { describeStop, stopServer } from "../transports/stop-server.ts";
import { intFlag, parse } from "./args.ts";
import type { Command } from "./command.ts";
import { EVENT_PARTS } from "./event-parts.ts";
import { color, err, json, out } from "./io.ts";

export const serve: Command = {
  usage: `Usage: cairn serve [--detach | --stop | --status] [--port N] [--json]

Runs cairn's hooks behind a loopback HTTP server (127.0.0.1 only), for
\`cairn install --transport http\`: each hook then costs a request instead of
starting a process. Requests must come from your own user's processes (the
connecting socket's owner is checked) and carry the install's secret header; cairn
sends nothing to the port unless your user holds it, and --stop stops only the
process holding that socket. Bodies over
hook.max_stdin_mb get the no-op answer. The SessionStart hook of an http install
starts the server when it is not running, so you rarely run this yourself.

  (no flag)    run in the foreground until Ctrl-C
  --detach     start in the background and return once it answers
  --stop       stop the running server
  --status     say whether it runs (exit 1 when not)
  --port N     the port (default: the one chosen at install, kept in ~/.cairn/install/http.json)`,
  async run(argv) {
    const { values } = parse(argv, {
      detach: { type: "boolean" },
      stop: { type: "boolean" },
      status: { type: "boolean" },
      port: { type: "string" },
      json: { type: "boolean" },
    });
    const paths = cairnPaths();
    const port = intFlag(values.port, "port", 1);
    const install =
      port !== undefined || !readHttpInstall(paths)
        ? ensureHttpInstall(paths, port)
        : readHttpInstall(paths)!;

    if (values.status) return status(paths, install, Boolean(values.json));
    if (values.stop) {
      const stopped = await stopServer(paths, install);
      // Someone else's listener on the port is worth a line on stderr; nothing was stopped.
      if (!stopped.stopped && "foreignUid" in stopped) err(describeStop(stopped, install.port));
      out(stopped.stopped ? describeStop(stopped, install.port) : "cairn serve is not running");
      return 0;
    }
    if (values.detach) return detach(paths, install);

    const log = createLogger(paths);
    let server: RunningServer;
    try {
      // The hooks it answers never read CAIRN_TEAM_URL, whoever started it (src/team/url.ts).
      const { CAIRN_TEAM_URL: _, ...env } = process.env;
      server = await startHttpServer({ ...install, paths, parts: EVENT_PARTS, log, env });
    } catch (e) {
      return cannotListen(paths, install, log, e);
    }
    const state: ServerState = {
      pid: process.pid,
      port: server.port,
      startedAt: new Date().toISOString(),
      version: VERSION,
    };
    writeFileAtomic(serverStatePath(paths), JSON.stringify(state));
    log.info("cairn serve started", { port: server.port });
    out(`cairn serve listening on http://127.0.0.1:${server.port} (Ctrl-C to stop)`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await server.close();
    safeUnlink(serverStatePath(paths));
    log.info("cairn serve stopped", { port: server.port });
    return 0;
  },
};

async function status(paths: CairnPaths, install: HttpInstall, asJson: boolean): Promise<number> {
  const h = await health(install, 1000);
  const state = readServerState(paths);
  if (asJson) json({ running: Boolean(h), port: install.port, pid: h?.pid ?? null, state: state ?? null });
  else
    out(
      h
        ? `${color.green("running")} on 127.0.0.1:${install.port} (pid ${h.pid})`
        : `${color.yellow("not running")} (port ${install.port})`,
    );
  return h ? 0 : 1;
}

/** Starts the server in the background and returns once it answers (or says why not). */
async function detach(paths: CairnPaths, install: HttpInstall): Promise<number> {
  if (await health(install)) {
    out(`already running on 127.0.0.1:${install.port}`);
    return 0;
  }
  const owner = portOwner(install.port);
  if (owner.kind === "foreign") {
    err(`port ${install.port} is held by another user's process (uid ${owner.uid}); not starting`);
    return 1;
  }
  spawnServer(paths.root);
  for (let i = 0; i < 50; i++) {
    const h = await health(install, 200);
    if (h) {
      out(`${color.green("started")} cairn serve on 127.0.0.1:${install.port} (pid ${h.pid})`);
      return 0;
    }
    await sleep(100);
  }
  err(`cairn serve did not answer on port ${install.port} within 5 s; see ${paths.log}`);
  return 1;
}

/**
 * The port could not be bound. Taken by another user (while the server was down, or
 * between a check and this start): every http install goes back to command hooks now,
 * so the sessions stop posting there.
 */
async function cannotListen(
  paths: CairnPaths,
  install: HttpInstall,
  log: Logger,
  e: unknown,
): Promise<number> {
  const busy = (e as { code?: string }).code === "EADDRINUSE";
  const owner = portOwner(install.port);
  if (busy && owner.kind === "foreign") {
    const [{ fallBackToCommandHooks }, { squattedRisk }] = await Promise.all([
      import("../transports/http-fallback.ts"),
      import("../transports/http-risk.ts"),
    ]);
    const risk = squattedRisk(install.port, owner.uid);
    const switched = fallBackToCommandHooks(paths, risk, log, "cairn serve", install.port);
    err(
      `${risk.reason}${switched.length > 0 ? `; switched to command hooks in ${switched.join(", ")}` : ""}`,
    );
    return 1;
  }
  log.error("cairn serve could not listen", { port: install.port, err: e });
  err(
    busy
      ? `port ${install.port} is in use (another cairn serve? try --status)`
      : `cannot listen: ${(e as Error).message}`,
  );
  return 1;
}
