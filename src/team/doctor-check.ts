import type { Check } from "../core/check.ts";
import { formatAgo } from "../core/format.ts";
import type { CairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";

/** doctor's team line: off, or the server's live check and the project identity. */
export async function checkTeam(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const [{ loadConfig }, { teamSetup }] = await Promise.all([
    import("../config/load.ts"),
    import("./setup.ts"),
  ]);
  const { config } = await loadConfig(paths, projectDir);
  const setup = teamSetup(config, process.env, paths, projectDir);
  if (!setup.on) return [{ name: "team", status: "ok", detail: "off (team.url not set)" }];
  const [{ checkServer }, { maskUrl }, { readHealth }] = await Promise.all([
    import("./check.ts"),
    import("./url.ts"),
    import("../core/feature-health.ts"),
  ]);
  const server = await checkServer(setup.url);
  // Which TLS the syncs use, and whether it came from the URL or the default (verify-full).
  const tls = (await import("./libpq.ts")).clientOptions(setup.url, process.env).tls;
  const health = readHealth(paths, "team");
  const now = Date.now();
  // What the background syncs saw, beside the live check: a failure doctor's own
  // connection does not reproduce (a server back up, a flaky network) still shows.
  const last = !health
    ? "no sync yet"
    : `last successful sync ${health.lastOkAt === undefined ? "never" : formatAgo(now - health.lastOkAt)}${health.ok ? "" : `; the last sync (${formatAgo(now - health.at)}) failed: ${health.message ?? health.reason ?? "unknown"}`}`;
  const project = setup.project
    ? setup.project.id
    : "this project has no origin remote or team.project: not shared";
  if (server.ok && health && !health.ok)
    return [
      {
        name: "team",
        status: "warn",
        detail: `${maskUrl(setup.url)}: ${server.line} now; ${tls}; ${last}`,
        fix: `\`${printedCli()} team sync\` pushes the outbox now`,
      },
    ];
  if (server.ok)
    return [
      {
        name: "team",
        status: "ok",
        detail: `${maskUrl(setup.url)}: ${server.line}; ${tls}; project ${project}; ${last}`,
      },
    ];
  return [
    {
      name: "team",
      status: server.unreachable ? "warn" : "fail",
      detail: `${server.line}; ${last}`,
      fix: server.unreachable
        ? `sessions are unaffected; records wait in the outbox until \`${printedCli()} team sync\` reaches the server`
        : `fix team.url in ~/.cairn/config.yaml, then \`${printedCli()} team status\``,
    },
  ];
}
