import type { ResolvedConfig } from "../config/resolve.ts";
import type { Logger } from "../core/log.ts";
import type { CairnPaths } from "../core/paths.ts";
import type { HttpInstall } from "./http-config.ts";
import type { HttpRisk } from "./http-risk.ts";

/**
 * `cairn hook SessionStart --serve`: an http install's SessionStart hook keeps the
 * server running (started on demand) and looks at who listens once it is up. Where
 * another user could be, or is, the listener on the port, nothing is sent or started,
 * loudly, and every http install goes back to command hooks. Never throws: a failure
 * is logged, and the http hooks are skipped until the server runs.
 */
export async function keepServerRunning(
  paths: CairnPaths,
  resolved: ResolvedConfig,
  log: Logger,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    const { readHttpInstall } = await import("./http-config.ts");
    const install = readHttpInstall(paths);
    if (!install) return;
    const budget = resolved.config["hook.budget_ms"];
    // Claude Code sends the http hooks' events to whoever listens on the port.
    const { httpRisk } = await import("./http-risk.ts");
    const risk =
      httpRisk(install.port, resolved.config["http.allow_other_users"]) ??
      // A quarter of the budget for a new server to bind: the hook's own work follows.
      (await startAndLook(install, paths, env, Math.min(1500, Math.floor(budget / 4)), log));
    if (!risk) return;
    const { fallBackToCommandHooks } = await import("./http-fallback.ts");
    const switched = fallBackToCommandHooks(paths, risk, log, "SessionStart", install.port);
    // Claude Code picks the rewritten settings up from its file watcher, a moment
    // later; the first prompt's hooks follow right after SessionStart (under -p at
    // once), so give the watcher that moment. Only on this rare path.
    if (switched.length > 0)
      await new Promise((done) => setTimeout(done, Math.min(1500, Math.floor(budget / 2))));
  } catch (err) {
    log.error("could not start cairn serve; the http hooks will be skipped until it runs", { err });
  }
}

/** Starts the server when it is down; the risk when another user's process listens instead. */
async function startAndLook(
  install: HttpInstall,
  paths: CairnPaths,
  env: NodeJS.ProcessEnv,
  waitMs: number,
  log: Logger,
): Promise<HttpRisk | undefined> {
  const { ensureServer } = await import("./http-client.ts");
  const ensured = await ensureServer(install, { root: paths.root, env, waitMs });
  if (ensured.state === "started") log.info("started cairn serve", { port: install.port, pid: ensured.pid });
  if (ensured.state === "unverified")
    log.warn("started cairn serve; it was not listening yet, so the statusline looks at who does", {
      port: install.port,
    });
  if (ensured.state !== "foreign") return undefined;
  const { squattedRisk } = await import("./http-risk.ts");
  return squattedRisk(install.port, ensured.uid);
}
