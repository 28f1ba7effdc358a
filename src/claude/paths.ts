import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { homeDir } from "../core/paths.ts";

/** Which Claude Code settings file: the user's (~/.claude) or the project's (.claude/); not a kv scope (store/kv.ts). */
export type SettingsScope = "user" | "project";

export function claudeDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(homeDir(env), ".claude");
}

export function settingsPath(
  scope: SettingsScope,
  projectDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return scope === "user"
    ? join(claudeDir(env), "settings.json")
    : join(projectDir, ".claude", "settings.json");
}

/**
 * A session's subagent transcripts, in the order of their names: Claude Code writes
 * `<dir>/<session>/subagents/agent-<id>.jsonl` beside `<dir>/<session>.jsonl`.
 */
export function subagentTranscripts(transcriptPath: string): { path: string; agentId: string }[] {
  const dir = join(dirname(transcriptPath), basename(transcriptPath, ".jsonl"), "subagents");
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => /^agent-[A-Za-z0-9_-]+\.jsonl$/.test(n))
    .sort()
    .map((n) => ({ path: join(dir, n), agentId: n.slice("agent-".length, -".jsonl".length) }));
}
