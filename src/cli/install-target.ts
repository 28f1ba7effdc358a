import { realpathSync } from "node:fs";
import { sep } from "node:path";
import { type McpEntry, mcpEntry, projectMcpEntry } from "../claude/extras.ts";
import { HOME_LAUNCHER_TILDE } from "../claude/home-launcher.ts";
import { commandPlan, httpPlan, projectPlan } from "../claude/install-plan.ts";
import { recordKey } from "../claude/install-record.ts";
import { type SettingsScope, settingsPath } from "../claude/paths.ts";
import type { InstallPlan } from "../claude/settings.ts";
import { cairnPaths } from "../core/paths.ts";
import { cliLine, selfInvocation } from "../core/self.ts";
import { ensureHttpInstall } from "../transports/http-config.ts";

/** Where an install goes and what it writes there, for `cairn install` and `cairn uninstall`. */

/** One settings file cairn installs into, and the key of its install record. */
export interface Target {
  readonly scope: SettingsScope;
  readonly projectDir: string;
  readonly path: string;
  readonly key: string;
}

export function targetOf(scope: SettingsScope, projectDir: string): Target {
  const path = settingsPath(scope, projectDir);
  return { scope, projectDir, path, key: recordKey(scope, path) };
}

/** What an install writes: the hooks and statusline, the MCP server, and the command /handoff names. */
export interface Registration {
  readonly plan: InstallPlan;
  readonly mcp: McpEntry;
  readonly cli: string;
}

export function registrationFor(scope: SettingsScope, transport: "command" | "http"): Registration {
  if (scope === "project") return { plan: projectPlan(), mcp: projectMcpEntry(), cli: HOME_LAUNCHER_TILDE };
  const self = selfInvocation();
  const plan = transport === "http" ? httpPlan(self, ensureHttpInstall(cairnPaths())) : commandPlan(self);
  return { plan, mcp: mcpEntry(self), cli: cliLine(self) };
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The launcher a project install writes runs the cairn that wrote it. One inside the
 * project (its node_modules, a vendored copy) is the repository's code, which a pull
 * can change: it must not become what every session of this user runs.
 */
export function insideProject(projectDir: string): string | undefined {
  const bundle = selfInvocation().args[0];
  if (!bundle) return undefined;
  return realOr(bundle).startsWith(realOr(projectDir) + sep) ? realOr(bundle) : undefined;
}
