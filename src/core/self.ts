import { readFileSync, realpathSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { writeFileAtomic } from "./fs.ts";
import { cairnHome } from "./paths.ts";
import { firstExecutable, isExecutableFile } from "./process.ts";

/**
 * How cairn invokes itself: the one home for the commands cairn registers (hooks, the
 * statusline, the MCP server), runs (`cairn serve`) and prints for the
 * model or the user (excerpt headers, notices, /handoff, the anchor).
 */

/** An executable and its leading args. */
export interface SelfInvocation {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * The node binary and bundle running now, so the commands cairn registers or builds
 * run this same cairn (a symlinked `cairn` bin resolves to the bundle itself).
 */
export function selfInvocation(): SelfInvocation {
  const entry = process.argv[1];
  if (!entry) return { command: process.execPath, args: [] };
  return { command: process.execPath, args: [realOr(entry)] };
}

/** A word for /bin/sh: as is when it holds nothing the shell would act on, else single-quoted. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_/.,:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The absolute invocation as one shell command line: runs from any shell, whatever PATH holds. */
export function cliLine(self: SelfInvocation): string {
  return [self.command, ...self.args].map(shellQuote).join(" ");
}

/**
 * The command cairn prints for the model or the user: `cairn` when the first `cairn`
 * on the PATH Claude Code's Bash tool searches is this same cairn, else the absolute
 * invocation. Claude Code appends each enabled plugin's bin/ to that PATH, so in plugin
 * mode the plugin's own launcher (bin/cairn) counts; a global npm install's `cairn`
 * counts when it is this bundle and the `node` its shebang finds is this node (an older
 * node first on PATH would refuse to run it). Under npm (`npx cairn …`, npm scripts) PATH
 * holds npm's own additions, not the user's shell's: the absolute form is printed there,
 * or the launcher's path (bin/cairn, shorter) once `cairn install` recorded this node for it.
 */
export function printedCli(
  self: SelfInvocation = selfInvocation(),
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (runsAsCairn(self, env)) return "cairn";
  const launcher = bundledLauncher(self);
  // The launcher is shorter than node and the bundle (and it is in every header). It is
  // printed only where it runs this same node: the one `cairn install` recorded.
  return launcher && launcherRunsThisNode(launcher, self, env) ? shellQuote(realOr(launcher)) : cliLine(self);
}

/** Whether bin/cairn beside the bundle would pick this node: its first choice after $CAIRN_NODE. */
function launcherRunsThisNode(launcher: string, self: SelfInvocation, env: NodeJS.ProcessEnv): boolean {
  if (env.CAIRN_NODE || !isExecutableFile(launcher)) return false;
  let recorded: string | undefined;
  try {
    recorded = readFileSync(nodeRecordPath(cairnHome(env)), "utf8").split("\n")[0];
  } catch {
    return false;
  }
  return !!recorded && realOr(recorded) === realOr(self.command);
}

/** The launcher shipped beside the running bundle (bin/cairn), which finds a node new enough for it. */
export function bundledLauncher(self: SelfInvocation = selfInvocation()): string | undefined {
  const bundle = self.args[0];
  return bundle ? join(dirname(bundle), "..", "bin", "cairn") : undefined;
}

function runsAsCairn(self: SelfInvocation, env: NodeJS.ProcessEnv): boolean {
  const bundle = self.args[0];
  if (!bundle || env.npm_command) return false;
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  if (env.CLAUDE_PLUGIN_ROOT) dirs.push(join(env.CLAUDE_PLUGIN_ROOT, "bin"));
  const found = firstExecutable(dirs, "cairn");
  if (!found) return false;
  const real = realOr(found);
  // The launcher shipped beside the bundle finds a suitable node by itself.
  if (real === realOr(bundledLauncher(self) ?? "")) return true;
  if (real !== bundle) return false;
  const node = firstExecutable(dirs, "node");
  return node !== undefined && realOr(node) === realOr(self.command);
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Where `cairn install` records its node, the launcher's (bin/cairn) first choice after $CAIRN_NODE. */
function nodeRecordPath(cairnRoot: string): string {
  return join(cairnRoot, "node-path");
}

/**
 * Records the node running now (new enough: src/main.ts let it through), so the
 * plugin's hooks and the `cairn` launcher use it even when an older node is first on PATH.
 */
export function recordNode(cairnRoot: string): void {
  writeFileAtomic(nodeRecordPath(cairnRoot), `${process.execPath}\n`);
}
