import type { Check } from "../core/check.ts";
import type { CairnPaths } from "../core/paths.ts";

/** doctor's team line: off, or the server's live check and the project identity. */
export async function checkTeam(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const [{ loadConfig }, { teamSetup }] = await Promise.all([
    import("../config/load.ts"),
    import("./setup.ts"),
  ]);
  const { config } = await loadConfig(paths, projectDir);
  const setup = teamSetup(config, process.env, paths, projectDir);
  if (!setup.on) return [{ name: "team", status: "ok", detail: "off (team.url not set)" }];
  const [{ checkServer }, { maskUrl }] = await Promise.all([import("./check.ts"), import("./url.ts")]);
  const server = await checkServer(setup.url);
  const project = setup.project
    ? setup.project.id
    : "this project has no origin remote or team.project: not shared";
  if (server.ok)
    return [
      { name: "team", status: "ok", detail: `${maskUrl(setup.url)}: ${server.line}; project ${project}` },
    ];
  return [
    {
      name: "team",
      status: server.unreachable ? "warn" : "fail",
      detail: server.line,
      fix: server.unreachable
        ? "sessions are unaffected; records wait in the outbox until `cairn team sync` reaches the server"
        : "fix team.url in ~/.cairn/config.yaml (or CAIRN_TEAM_URL), then `cairn team status`",
    },
  ];
}
