import type { CairnPaths } from "../core/paths.ts";
import { cairnPaths } from "../core/paths.ts";
import { ensureServer, health } from "../transports/http-client.ts";
import { ensureHttpInstall, readHttpInstall } from "../transports/http-config.ts";
import { httpRisk, noteHttpRisk } from "../transports/http-risk.ts";
import { color, err, out } from "./io.ts";

/** The http transport's server as installs see it: started, refused, stopped. */

/** Starts `cairn serve` for an http install and says whether it answers (within about 5 s). */
export async function startServer(paths: CairnPaths): Promise<void> {
  const http = ensureHttpInstall(paths);
  const ensured = await ensureServer(http, { root: paths.root, waitMs: 5000 });
  if (ensured.state === "foreign") {
    // Another user bound the port between the check and the start: nothing goes there.
    const [{ fallBackToCommandHooks }, { squattedRisk }, { createLogger }] = await Promise.all([
      import("../transports/http-fallback.ts"),
      import("../transports/http-risk.ts"),
      import("../core/log.ts"),
    ]);
    const risk = squattedRisk(http.port, ensured.uid);
    fallBackToCommandHooks(paths, risk, createLogger(paths), "install", http.port);
    err(`${color.yellow("http transport refused:")} ${risk.reason}. Switched to command hooks.`);
    return;
  }
  let up = false;
  for (let i = 0; i < 50 && !up; i++) {
    up = Boolean(await health(http, 200));
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  out(
    `  server: cairn serve on 127.0.0.1:${http.port} ${up ? "(running)" : color.yellow("(did not answer yet: see cairn doctor)")}`,
  );
}

/**
 * Claude Code's http hooks send every event to whoever listens on the port, and act on
 * its answer. Where another user could be listening there, command hooks are installed
 * instead, and the reason is said here and kept for doctor.
 */
export async function httpRefused(paths: CairnPaths): Promise<boolean> {
  const { loadConfig } = await import("../config/load.ts");
  const user = await loadConfig(paths, undefined).catch(() => undefined);
  const risk = httpRisk(ensureHttpInstall(paths).port, user?.config["http.allow_other_users"] ?? false);
  if (!risk) return false;
  noteHttpRisk(paths, risk);
  err(`${color.yellow("http transport refused:")} ${risk.reason}.`);
  err("Installing command hooks instead (each hook starts a process; nothing listens on a port).");
  return true;
}

/** The http transport's server goes with its install. */
export async function stopServer(): Promise<void> {
  const paths = cairnPaths();
  const install = readHttpInstall(paths);
  if (!install) {
    out("cairn serve is not running");
    return;
  }
  const { stopServer, describeStop } = await import("../transports/stop-server.ts");
  out(describeStop(await stopServer(paths, install), install.port));
}
