import { homedir } from "node:os";
import { join } from "node:path";

export type Scope = "user" | "project";

export function claudeDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.HOME || homedir(), ".claude");
}

export function settingsPath(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return scope === "user"
    ? join(claudeDir(env), "settings.json")
    : join(projectDir, ".claude", "settings.json");
}

/** Claude Code names a project's transcript folder after its cwd with every non-alphanumeric replaced by '-'. */
export function projectTranscriptDir(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(claudeDir(env), "projects", cwd.replace(/[^A-Za-z0-9]/g, "-"));
}
