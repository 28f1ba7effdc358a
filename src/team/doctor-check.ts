import type { Check } from "../core/check.ts";
import { formatAgo } from "../core/format.ts";
import type { CairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";
import { CONSENT_REASON } from "./consent.ts";

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
  const consent = (await import("./consent.ts")).readConsent(paths);
  const server = await checkServer(setup.url);
  // Which TLS the syncs use, and whether it came from the URL or the default (verify-full).
  const tls = (await import("./libpq.ts")).clientOptions(setup.url, process.env).tls;
  const health = readHealth(paths, "team");
  const now = Date.now();
  // What the background syncs saw, beside the live check: a failure doctor's own
  // connection does not reproduce (a server back up, a flaky network) still shows.
  // Waiting for the user's answer is the sharing check's to say, not a failed sync.
  const failed = !!health && !health.ok && health.reason !== CONSENT_REASON;
  const last = !health
    ? "no sync yet"
    : `last successful sync ${health.lastOkAt === undefined ? "never" : formatAgo(now - health.lastOkAt)}${failed ? `; the last sync (${formatAgo(now - health.at)}) failed: ${health.message ?? health.reason ?? "unknown"}` : ""}`;
  const project = setup.project
    ? setup.project.id
    : "this project has no origin remote or team.project: not shared";
  const sharing: Check[] = consent.state
    ? []
    : [
        {
          name: "team sharing",
          status: "warn",
          detail:
            "this machine has not said whether it may share: records wait in the outbox, nothing is sent",
          fix: `\`${printedCli()} team outbox\` shows exactly what would go; then \`${printedCli()} team enable\` (or \`${printedCli()} team disable\`)`,
        },
      ];
  const url = maskUrl(setup.url);
  const serverCheck: Check =
    server.ok && failed
      ? {
          name: "team",
          status: "warn",
          detail: `${url}: ${server.line} now; ${tls}; ${last}`,
          fix: `\`${printedCli()} team sync\` pushes the outbox now`,
        }
      : server.ok
        ? {
            name: "team",
            status: "ok",
            detail: `${url}: ${server.line}; ${tls}; project ${project}; ${last}`,
          }
        : {
            name: "team",
            status: server.unreachable ? "warn" : "fail",
            detail: `${server.line}; ${last}`,
            fix: server.unreachable
              ? `sessions are unaffected; records wait in the outbox until \`${printedCli()} team sync\` reaches the server`
              : `fix team.url in ~/.cairn/config.yaml, then \`${printedCli()} team status\``,
          };
  return [serverCheck, ...sharing];
}
