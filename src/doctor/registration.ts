import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { HOME_LAUNCHER_TILDE, homeLauncherPath, runsHomeLauncher } from "../claude/home-launcher.ts";
import { INSTALLED_EVENTS } from "../claude/install-plan.ts";
import { claudeDir, type SettingsScope, settingsPath } from "../claude/paths.ts";
import { type CommandHook, isCairnHook, isCairnStatusLine, parseSettings } from "../claude/settings.ts";
import type { Check } from "../core/check.ts";
import { readJsonIfExists } from "../core/fs.ts";
import { MIN_NODE_TEXT, nodeVersionOk } from "../core/node-min.ts";
import { cairnPaths } from "../core/paths.ts";
import { printedCli, shellQuote } from "../core/self.ts";
import { geminiRegistered } from "./gemini.ts";
import { runsVersion } from "./self.ts";

/** doctor's checks that cairn is registered with Claude Code and that the registered command runs. */

interface Registration {
  readonly where: string;
  readonly events: Set<string>;
  readonly commands: CommandHook[];
  readonly statusLine: boolean;
}

function registrationIn(path: string): Registration | { where: string; problem: string } | undefined {
  if (!existsSync(path)) return undefined;
  const parsed = parseSettings(readFileSync(path, "utf8"));
  if (!parsed.ok) return { where: path, problem: parsed.problem };
  const events = new Set<string>();
  const commands: CommandHook[] = [];
  for (const [event, groups] of Object.entries(parsed.settings.hooks ?? {})) {
    for (const g of Array.isArray(groups) ? groups : []) {
      for (const h of Array.isArray(g?.hooks) ? g.hooks : []) {
        if (!isCairnHook(h)) continue;
        events.add(event);
        if (h.type === "command") commands.push(h as CommandHook);
      }
    }
  }
  if (events.size === 0 && !isCairnStatusLine(parsed.settings.statusLine)) return undefined;
  return { where: path, events, commands, statusLine: isCairnStatusLine(parsed.settings.statusLine) };
}

function pluginInstalled(): string | undefined {
  const file = join(claudeDir(), "plugins", "installed_plugins.json");
  const data = readJsonIfExists<{ plugins?: Record<string, unknown> }>(file);
  const name = Object.keys(data?.plugins ?? {}).find((k) => k === "cairn" || k.startsWith("cairn@"));
  return name ? `${name} (${file})` : undefined;
}

/**
 * The plugin folder whose SessionStart last ran, as the plugin's launcher (bin/cairn)
 * records it in <cairn home>/plugin-seen, with when. A session started with
 * --plugin-dir leaves nothing in Claude Code's settings: this is how doctor knows it.
 */
export function pluginSeen(root: string = cairnPaths().root): { folder: string; at: number } | undefined {
  const file = join(root, "plugin-seen");
  try {
    const folder = readFileSync(file, "utf8").split("\n")[0];
    return folder ? { folder, at: statSync(file).mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

function ago(at: number, now: number = Date.now()): string {
  const min = Math.max(0, Math.round((now - at) / 60_000));
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  return h < 48 ? `${h} h ago` : `${Math.round(h / 24)} days ago`;
}

/** A session that loaded cairn with --plugin-dir: a plugin folder outside Claude Code's plugin cache. */
function pluginDirCheck(): Check | undefined {
  const seen = pluginSeen();
  if (!seen || seen.folder.startsWith(`${join(claudeDir(), "plugins")}/`)) return undefined;
  return {
    name: "hooks (plugin-dir)",
    status: "ok",
    detail: `a session ${ago(seen.at)} ran cairn from ${seen.folder} (claude --plugin-dir): sessions started with it run cairn, others do not`,
  };
}

export function checkRegistration(projectDir: string): Check[] {
  const checks: Check[] = [];
  const found: Registration[] = [];
  for (const scope of ["user", "project"] as SettingsScope[]) {
    const path = settingsPath(scope, projectDir);
    const reg = registrationIn(path);
    if (!reg) continue;
    if ("problem" in reg) {
      checks.push({
        name: `hooks (${scope})`,
        status: "warn",
        detail: `${path}: ${reg.problem}`,
        fix: "make it strict JSON so Claude Code and cairn can read it",
      });
      continue;
    }
    found.push(reg);
    const missing = INSTALLED_EVENTS.filter((e) => !reg.events.has(e));
    checks.push({
      name: `hooks (${scope})`,
      status: missing.length === 0 ? "ok" : "warn",
      detail: `${reg.events.size} events in ${path}${reg.statusLine ? ", statusline wrapped" : ""}${missing.length ? `; missing: ${missing.join(", ")}` : ""}`,
      ...(missing.length ? { fix: `${printedCli()} install${scope === "project" ? " --project" : ""}` } : {}),
    });
  }
  const plugin = pluginInstalled();
  if (plugin) checks.push({ name: "hooks (plugin)", status: "ok", detail: plugin });
  const pluginDir = plugin ? undefined : pluginDirCheck();
  if (pluginDir) checks.push(pluginDir);
  if (found.length === 0 && !plugin && !pluginDir && geminiRegistered(projectDir)) {
    checks.push({ name: "hooks", status: "ok", detail: "not registered with Claude Code (Gemini CLI only)" });
  } else if (found.length === 0 && !plugin && !pluginDir) {
    checks.push({
      name: "hooks",
      status: "fail",
      detail: "cairn is not registered with Claude Code",
      fix: `${printedCli()} install   (or load the plugin: claude --plugin-dir <cairn>)`,
    });
  }
  if (found.length > 1) {
    checks.push({
      name: "hooks",
      status: "warn",
      detail: "installed in both user and project settings: every hook runs twice",
      fix: `${printedCli()} uninstall --project`,
    });
  }
  const seen = new Set<string>();
  for (const reg of found) {
    for (const h of reg.commands) {
      const launcher = !h.args && runsHomeLauncher(h.command);
      const key = launcher ? HOME_LAUNCHER_TILDE : `${h.command} ${h.args?.[0] ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      checks.push(launcher ? checkHomeLauncher() : checkCommand(h));
    }
  }
  return checks;
}

/** A project install's hooks run ~/.cairn/bin/cairn: it must be there and run this cairn. */
function checkHomeLauncher(): Check {
  const path = homeLauncherPath();
  if (!existsSync(path))
    return {
      name: "hook command",
      status: "fail",
      detail: `the project's hooks run ${HOME_LAUNCHER_TILDE}, which is missing: they do nothing`,
      fix: `${printedCli()} install --project   (in this project)`,
    };
  const { ok, said } = runsVersion(`sh ${shellQuote(path)}`);
  return ok
    ? { name: "hook command", status: "ok", detail: `${path} runs this cairn` }
    : {
        name: "hook command",
        status: "fail",
        detail: `${path} does not run this cairn: ${said}`,
        fix: `${printedCli()} install --project   (in this project, with the cairn you use)`,
      };
}

function checkCommand(h: CommandHook): Check {
  const entry = h.args?.[0];
  if (!existsSync(h.command)) {
    return {
      name: "hook command",
      status: "fail",
      detail: `${h.command} does not exist`,
      fix: `run \`${printedCli()} install\` again from the cairn you use`,
    };
  }
  if (entry && !existsSync(entry)) {
    return {
      name: "hook command",
      status: "fail",
      detail: `${entry} does not exist`,
      fix: `run \`${printedCli()} install\` again (cairn moved?)`,
    };
  }
  const v = spawnSync(h.command, ["--version"], { encoding: "utf8", timeout: 5000 });
  const version = v.stdout?.trim() ?? "";
  if (v.status !== 0 || !nodeVersionOk(version)) {
    return {
      name: "hook command",
      status: "fail",
      detail: `${h.command} reports "${version || v.error?.message}"`,
      fix: `point the hooks at Node.js ${MIN_NODE_TEXT}+: rerun \`${printedCli()} install\` with that node`,
    };
  }
  return { name: "hook command", status: "ok", detail: `${h.command} (${version}) ${entry ?? ""}` };
}
