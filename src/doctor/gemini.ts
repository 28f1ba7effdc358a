import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { parseSettings } from "../claude/settings.ts";
import type { Check } from "../core/check.ts";
import { printedCli } from "../core/self.ts";
import {
  GEMINI_INSTALLED_EVENTS,
  type GeminiScope,
  geminiSettingsPath,
  isCairnGeminiHook,
} from "../gemini/settings.ts";

/** cairn's hooks in one Gemini CLI settings file: the events and the command lines, or why it cannot be read. */
function geminiRegistration(
  path: string,
): { events: Set<string>; commands: string[] } | { problem: string } | undefined {
  if (!existsSync(path)) return undefined;
  const parsed = parseSettings(readFileSync(path, "utf8"));
  if (!parsed.ok) return { problem: parsed.problem };
  const events = new Set<string>();
  const commands: string[] = [];
  for (const [event, groups] of Object.entries(parsed.settings.hooks ?? {}))
    for (const g of Array.isArray(groups) ? groups : [])
      for (const h of Array.isArray(g?.hooks) ? g.hooks : [])
        if (isCairnGeminiHook(h)) {
          events.add(event);
          commands.push(String(h.command));
        }
  return events.size > 0 ? { events, commands } : undefined;
}

/** Whether cairn is registered with Gemini CLI in either scope. */
export function geminiRegistered(projectDir: string): boolean {
  return (["user", "project"] as GeminiScope[]).some((scope) => {
    const r = geminiRegistration(geminiSettingsPath(scope, projectDir));
    return r !== undefined && !("problem" in r);
  });
}

/**
 * doctor's checks of the Gemini CLI install (`cairn install --agent gemini`): every event
 * registered, and the registered command runs (Gemini runs it through a shell). Nothing
 * is said where cairn is not registered with Gemini CLI.
 */
export function checkGemini(projectDir: string): Check[] {
  const checks: Check[] = [];
  const commands = new Set<string>();
  for (const scope of ["user", "project"] as GeminiScope[]) {
    const path = geminiSettingsPath(scope, projectDir);
    const reg = geminiRegistration(path);
    if (!reg) continue;
    if ("problem" in reg) {
      checks.push({ name: `gemini (${scope})`, status: "warn", detail: `${path}: ${reg.problem}` });
      continue;
    }
    const missing = GEMINI_INSTALLED_EVENTS.filter((e) => !reg.events.has(e));
    checks.push({
      name: `gemini (${scope})`,
      status: missing.length ? "warn" : "ok",
      detail: `${reg.events.size} Gemini CLI hooks in ${path}${missing.length ? `; missing: ${missing.join(", ")}` : ""}`,
      ...(missing.length
        ? { fix: `${printedCli()} install --agent gemini${scope === "project" ? " --project" : ""}` }
        : {}),
    });
    for (const c of reg.commands) commands.add(c.replace(/\s+gemini-hook\s+\w+$/, ""));
  }
  for (const cmd of commands) {
    const r = spawnSync("/bin/sh", ["-c", `${cmd} --version`], { encoding: "utf8", timeout: 10_000 });
    checks.push(
      r.status === 0
        ? { name: "gemini hook command", status: "ok", detail: `${cmd} (${r.stdout.trim()})` }
        : {
            name: "gemini hook command",
            status: "fail",
            detail: `\`${cmd} --version\` failed: ${(r.stderr || r.error?.message || "").trim().slice(0, 200)}`,
            fix: `run \`${printedCli()} install --agent gemini\` again from the cairn you use`,
          },
    );
  }
  return checks;
}
