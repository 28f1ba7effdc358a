import { css, js } from "cairn:web-client";
import { spawn } from "node:child_process";
import { loadConfig } from "../config/load.ts";
import { createLogger } from "../core/log.ts";
import { cairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { newToken } from "../web/auth.ts";
import { type RunningUi, startUiServer } from "../web/server.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, out } from "./io.ts";

export const ui: Command = {
  usage: `Usage: cairn ui [--port N] [--no-open] [--json]

Starts the local dashboard: sessions across projects with a chart of each one's
context, tool outputs with their originals beside what the model was shown, the
notebook and memory of each project with full-text search, and what cairn saved.

It listens on 127.0.0.1 only and answers only your own user's processes. It prints
a one-time link (the browser it opens gets another): the page trades the link's code
for the run's token once, then reloads and new tabs stay signed in; the token itself
is in no URL and no command line. It reads cairn's database without writing to it
and works offline. Ctrl-C stops it.

Options:
  --port N     the port (default: a free one)
  --no-open    do not open a browser (it is opened only when a display is available)
  --json       print {"url", "port", "pid", "token"} as one JSON line instead of the
               text (scripts send the token in the x-cairn-token header)`,
  async run(argv) {
    const { values, positionals } = parse(argv, {
      port: { type: "string" },
      "no-open": { type: "boolean" },
      json: { type: "boolean" },
    });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const port = intFlag(values.port, "port", 0) ?? 0;
    if (port > 65_535) throw new UsageError(`--port expects a port number up to 65535, got ${port}`);

    const paths = cairnPaths();
    const config = (await loadConfig(paths, commandProjectDir())).config;
    const log = createLogger(paths, config["log.level"]);
    let running: RunningUi;
    const token = newToken();
    try {
      running = await startUiServer({
        paths,
        config,
        port,
        token,
        assets: { js, css },
        log,
        cli: printedCli(),
        onSpentCode: () =>
          err(
            color.yellow(
              "a one-time dashboard link was used a second time: if the first was not you, stop this dashboard (Ctrl-C) and start it again",
            ),
          ),
      });
    } catch (e) {
      const code = (e as { code?: string }).code;
      err(
        code === "EADDRINUSE"
          ? `port ${port} is in use; pick another with --port, or leave it out for a free one`
          : `cannot listen: ${(e as Error).message}`,
      );
      return 1;
    }
    // The opener's argv is readable by every local user: it gets a code of its own,
    // spent once its browser loads the page; the printed link carries another.
    const opened = !values["no-open"] && openBrowser(running.link());
    const link = running.link();
    if (values.json) out(JSON.stringify({ url: link, port: running.port, pid: process.pid, token }));
    else {
      out(`${color.bold("cairn ui")} on ${color.cyan(link)}`);
      out(
        color.dim(
          `${opened ? "Opened in your browser; the link above signs in one more. " : "A one-time link: open it in a browser on this machine. "}Local only (127.0.0.1); Ctrl-C stops it.`,
        ),
      );
    }
    log.info("cairn ui started", { port: running.port });
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await running.close();
    log.info("cairn ui stopped", { port: running.port });
    if (!values.json) out("cairn ui stopped.");
    return 0;
  },
};

/**
 * Opens the URL with the platform's opener when there is a screen to show it on.
 * Never fails: without an opener or a display the person opens the printed URL.
 */
function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const command =
    process.platform === "darwin"
      ? ["open", url]
      : process.platform === "win32"
        ? ["cmd", "/c", "start", "", url]
        : env.DISPLAY || env.WAYLAND_DISPLAY
          ? ["xdg-open", url]
          : undefined;
  if (!command) return false;
  try {
    const child = spawn(command[0]!, command.slice(1), { detached: true, stdio: "ignore" });
    child.on("error", () => {
      // No opener installed: the URL is printed anyway.
    });
    child.unref();
    return true;
  } catch {
    return false;
  }
}
