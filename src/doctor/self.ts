import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { claudeDir } from "../claude/paths.ts";
import type { Check } from "../core/check.ts";
import { readJsonIfExists } from "../core/fs.ts";
import { MIN_NODE_TEXT } from "../core/node-min.ts";
import { printedCli } from "../core/self.ts";
import { VERSION } from "../core/version.ts";

/**
 * doctor's checks that the commands cairn prints run: the retrieval command of every
 * excerpt header (run here through /bin/sh, as printed, in the user's environment) and,
 * when cairn is installed as a Claude Code plugin, the plugin's launcher, which must
 * find a Node.js new enough for cairn (bin/cairn).
 */

/** Runs `LINE --version` through /bin/sh: ok when it prints this cairn's version; else its first line. */
export function runsVersion(
  line: string,
  env: NodeJS.ProcessEnv = process.env,
): { ok: boolean; said: string } {
  const r = spawnSync("/bin/sh", ["-c", `${line} --version`], {
    encoding: "utf8",
    timeout: 15_000,
    env: { ...env, NODE_NO_WARNINGS: "1" },
  });
  const said =
    `${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n")[0] || (r.error?.message ?? `exit ${r.status}`);
  return { ok: r.status === 0 && (r.stdout ?? "").trim() === VERSION, said };
}

export function checkPrintedCommand(line: string = printedCli()): Check {
  const { ok, said } = runsVersion(line);
  return ok
    ? { name: "printed command", status: "ok", detail: `\`${line} show ID\` runs in /bin/sh` }
    : {
        name: "printed command",
        status: "fail",
        detail: `\`${line} --version\` does not run cairn ${VERSION} in /bin/sh: ${said}`,
        fix: `run \`${printedCli()} install\` again with the node and cairn you use`,
      };
}

/** The installed plugin's folders (Claude Code's installed_plugins.json). */
function pluginFolders(): string[] {
  const file = join(claudeDir(), "plugins", "installed_plugins.json");
  const data = readJsonIfExists<{ plugins?: Record<string, { installPath?: unknown }[]> }>(file);
  return Object.entries(data?.plugins ?? {})
    .filter(([name]) => name === "cairn" || name.startsWith("cairn@"))
    .flatMap(([, installs]) => (Array.isArray(installs) ? installs : []))
    .map((i) => i.installPath)
    .filter((p): p is string => typeof p === "string");
}

export function checkPluginLauncher(folders: readonly string[] = pluginFolders()): Check[] {
  return folders.map((folder) => {
    const launcher = join(folder, "bin", "cairn");
    const { ok, said } = runsVersion(`sh '${launcher.replace(/'/g, `'\\''`)}'`);
    if (ok) return { name: "plugin node", status: "ok", detail: `${launcher} finds a node that runs cairn` };
    // The launcher's own line says what it found and the command that fixes it.
    const [problem = said, fix = `install Node.js ${MIN_NODE_TEXT} or newer (https://nodejs.org)`] =
      said.split(" Fix: ");
    return { name: "plugin node", status: "fail", detail: problem, fix };
  });
}
