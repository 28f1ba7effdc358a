import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { homeDir } from "../core/paths.ts";
import { bundledLauncher, type SelfInvocation, shellQuote } from "../core/self.ts";

/**
 * A project install is committed and shared, so the files it writes (.claude/settings.json,
 * .mcp.json, .claude/commands/handoff.md) name cairn through the user's home, never a
 * path of one machine: `$HOME/.cairn/bin/cairn` in shell lines, `~/.cairn/bin/cairn` in
 * the slash command (Claude Code's permission checker reads `~`, and asks before any
 * command with a variable, verified on 2.1.328). That file, the home launcher, is written
 * by `cairn install` and runs the cairn that wrote it: each user's own install, never a
 * program from the repository (its node_modules/.bin, PATH entries it controls).
 * It lives in ~/.cairn whatever CAIRN_HOME says, because the committed lines can name
 * only $HOME.
 */

const IN_HOME = [".cairn", "bin", "cairn"] as const;

/** Where the home launcher is, for this user. */
export function homeLauncherPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(homeDir(env), ...IN_HOME);
}

/** The launcher as a word for /bin/sh (hooks, statusline, MCP server). */
const IN_SHELL = `"$HOME/${IN_HOME.join("/")}"`;

/** The launcher as the slash command names it (allowed-tools and the `!` line). */
export const HOME_LAUNCHER_TILDE = `~/${IN_HOME.join("/")}`;

/**
 * A /bin/sh line that runs cairn through the home launcher, or, where it is missing (a
 * teammate without cairn), does nothing and exits 0, printing `missing` (a hook's
 * answer) when given.
 */
export function homeLauncherLine(args: string, missing?: string): string {
  const fallback = missing === undefined ? "exit 0" : `printf '%s\\n' ${shellQuote(missing)}`;
  return `[ -r ${IN_SHELL} ] && exec sh ${IN_SHELL} ${args}; ${fallback}`;
}

/** Whether a hook's shell line runs cairn through the home launcher (a project install). */
export function runsHomeLauncher(command: string): boolean {
  return command.includes(`exec sh ${IN_SHELL} `);
}

/** The project's MCP server entry runs the launcher through sh, which expands $HOME. */
export function homeLauncherMcpArgs(): string[] {
  return ["-c", `exec sh ${IN_SHELL} mcp`];
}

/** What SessionStart says when a project runs cairn but this user has no home launcher. */
export const NO_LAUNCHER_MESSAGE = `cairn is off in this project for you: its .claude/settings.json runs cairn through ${HOME_LAUNCHER_TILDE}, which is missing. To use cairn here, install it and run \`cairn install --project\` in this project; otherwise ignore this.`;

/** How the launcher runs this cairn: its own launcher (bin/cairn) when shipped beside the bundle, else node and the bundle. */
function target(self: SelfInvocation): { line: string; file: string } {
  const launcher = bundledLauncher(self);
  if (launcher && existsSync(launcher)) {
    const file = realpathSync(launcher);
    return { line: `sh ${shellQuote(file)}`, file };
  }
  return { line: [self.command, ...self.args].map(shellQuote).join(" "), file: self.args[0] ?? self.command };
}

/** The launcher's text: exec the recorded cairn; when it is gone, a valid no-op for hooks and one line saying why. */
export function homeLauncherScript(self: SelfInvocation): string {
  const { line, file } = target(self);
  const problem = `cairn is off: ${file} is missing (cairn was moved or uninstalled). Fix: run \`cairn install --project\` again in the project with the cairn you use, then start a new session.`;
  return `#!/bin/sh
# cairn's home launcher, written by \`cairn install --project\`. Project installs name
# this file through $HOME, so what a project commits holds no path of one machine; it
# runs the cairn of this user that wrote it. Another \`cairn install --project\` rewrites it.
[ -r ${shellQuote(file)} ] && exec ${line} "$@"
case \${1:-} in
  hook)
    [ "\${2:-}" = SessionStart ] && printf '%s\\n' ${shellQuote(JSON.stringify({ systemMessage: problem }))}
    exit 0
    ;;
esac
printf '%s\\n' ${shellQuote(problem)} >&2
exit 1
`;
}

/** Writes the launcher for this cairn (owner-only, executable: the slash command runs it directly). */
export function writeHomeLauncher(self: SelfInvocation, env: NodeJS.ProcessEnv = process.env): string {
  const path = homeLauncherPath(env);
  writeFileAtomic(path, homeLauncherScript(self), 0o700);
  return path;
}

export function removeHomeLauncher(env: NodeJS.ProcessEnv = process.env): boolean {
  const path = homeLauncherPath(env);
  if (!existsSync(path)) return false;
  safeUnlink(path);
  return true;
}
