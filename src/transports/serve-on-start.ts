import type { ResolvedConfig } from "../config/resolve.ts";
import type { Logger } from "../core/log.ts";
import type { CairnPaths } from "../core/paths.ts";

/**
 * `cairn hook SessionStart --serve`: an http install's SessionStart hook keeps the
 * server running (started on demand). Where another user could be the listener on the
 * port, nothing is sent or started, loudly, and the project goes back to command hooks.
 * Never throws: a failure is logged, and the http hooks are skipped until the server runs.
 */
export async function keepServerRunning(
  paths: CairnPaths,
  resolved: ResolvedConfig,
  projectDir: string,
  log: Logger,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    const { readHttpInstall } = await import("./http-config.ts");
    const install = readHttpInstall(paths);
    if (!install) return;
    // Claude Code sends the http hooks' events to whoever listens on the port.
    const { httpRisk, noteHttpRisk } = await import("./http-risk.ts");
    const risk = httpRisk(install.port, resolved.config["http.allow_other_users"]);
    if (!risk) {
      const { ensureServer } = await import("./http-client.ts");
      if ((await ensureServer(install, env)) === "started")
        log.info("started cairn serve", { port: install.port });
      return;
    }
    noteHttpRisk(paths, risk);
    const { switchToCommandHooks } = await import("./http-fallback.ts");
    const switched = switchToCommandHooks(paths, projectDir);
    log.error(
      `http transport unsafe here: ${risk.reason}; cairn serve not contacted${switched.length > 0 ? `; switched to command hooks in ${switched.join(", ")}` : ". Use command hooks: cairn install --transport command"}`,
      { port: install.port },
    );
    // Claude Code picks the rewritten settings up from its file watcher, a moment
    // later; the first prompt's hooks follow right after SessionStart (under -p at
    // once), so give the watcher that moment. Only on this rare path.
    const budget = resolved.config["hook.budget_ms"];
    if (switched.length > 0)
      await new Promise((done) => setTimeout(done, Math.min(1500, Math.floor(budget / 2))));
  } catch (err) {
    log.error("could not start cairn serve; the http hooks will be skipped until it runs", { err });
  }
}
