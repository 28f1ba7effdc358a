import { existsSync, readFileSync } from "node:fs";
import { type SettingsScope, settingsPath } from "../claude/paths.ts";
import { loadConfig } from "../config/load.ts";
import type { Check } from "../core/check.ts";
import { readJsonIfExists } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";

/** The http transport: installed, and is its server answering? */
export async function checkHttp(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const usesHttp = (["user", "project"] as SettingsScope[]).some((scope) => {
    const path = settingsPath(scope, projectDir);
    return existsSync(path) && readFileSync(path, "utf8").includes("/cairn/hook/");
  });
  const { httpRisk, httpRiskNotePath } = await import("../transports/http-risk.ts");
  if (!usesHttp) {
    // An http install that was refused (and got command hooks instead) says why.
    const note = readJsonIfExists<{ t?: unknown; reason?: unknown; where?: unknown }>(
      httpRiskNotePath(paths),
    );
    if (typeof note?.reason !== "string") return [];
    const by = typeof note.where === "string" ? ` by ${note.where}` : "";
    return [
      {
        name: "http transport",
        status: "warn",
        detail: `refused${by} ${typeof note.t === "string" ? note.t : ""}: ${note.reason}; command hooks are used`,
      },
    ];
  }
  const { readHttpInstall } = await import("../transports/http-config.ts");
  const { health, readServerState } = await import("../transports/http-client.ts");
  const install = readHttpInstall(paths);
  if (!install) {
    return [
      {
        name: "http transport",
        status: "fail",
        detail:
          "http hooks are registered but ~/.cairn/install/http.json is missing or holds no valid port and secret",
        fix: `${printedCli()} install --transport http`,
      },
    ];
  }
  const allow = (await loadConfig(paths, projectDir)).config["http.allow_other_users"];
  const risk = httpRisk(install.port, allow);
  if (risk)
    return [
      {
        name: "http transport",
        status: "fail",
        detail: `unsafe: ${risk.reason}. Claude Code sends each event (tool outputs, the secret header) to whoever listens on the port and acts on its answer`,
        fix: `${printedCli()} install --transport command`,
      },
    ];
  const h = await health(install, 1000);
  if (h)
    return [
      {
        name: "http transport",
        status: "ok",
        detail: `cairn serve answers on 127.0.0.1:${install.port} (pid ${h.pid})`,
      },
    ];
  const state = readServerState(paths);
  const what = state
    ? `cairn serve (pid ${state.pid}, started ${state.startedAt}) is not answering on 127.0.0.1:${install.port}: it stopped without shutting down (killed or crashed)`
    : `cairn serve is not running on 127.0.0.1:${install.port}`;
  return [
    {
      name: "http transport",
      status: "fail",
      detail: `${what}; meanwhile Claude Code skips cairn's http hooks (on_failure: continue), so sessions go on without cairn`,
      fix: `${printedCli()} serve --detach   (the statusline restarts a killed server within seconds; the next SessionStart also starts it)`,
    },
  ];
}
