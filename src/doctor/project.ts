import { loadConfig } from "../config/load.ts";
import { issueLine } from "../config/resolve.ts";
import type { Check } from "../core/check.ts";
import type { CairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";
import { isOff } from "../core/switches.ts";
import { visibleLine } from "../core/terminal-text.ts";

/** doctor's checks of what the user and the repository set: the config, the kill switches, the notebook file. */

export async function checkConfig(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const resolved = await loadConfig(paths, projectDir);
  if (resolved.issues.length === 0) return [{ name: "config", status: "ok", detail: "valid" }];
  return resolved.issues.map((i) => ({
    name: "config",
    status: "warn" as Check["status"],
    detail: issueLine(i),
    fix: i.refused
      ? "nothing to do unless you want it: a repository's config may only tighten cairn (set it in ~/.cairn/config.yaml to loosen)"
      : `fix the value (see \`${printedCli()} config --docs\`); the default is used meanwhile`,
  }));
}

export function checkSwitches(paths: CairnPaths, projectDir: string): Check {
  const off = isOff(paths, projectDir);
  if (!off) return { name: "switch", status: "ok", detail: "on" };
  return {
    name: "switch",
    status: "warn",
    detail: `off (${off})`,
    fix: off === "global" ? "cairn on" : "cairn on --project",
  };
}

/** The project's notebook, read as repository content: say when it is refused and why. */
export async function checkNotebookFile(projectDir: string): Promise<Check[]> {
  const { notebookRefusal } = await import("../notebook/state-file.ts");
  const { notebookPath } = await import("../core/paths.ts");
  const refused = notebookRefusal(projectDir);
  if (!refused) return [];
  return [
    {
      name: "notebook",
      status: "warn",
      detail: visibleLine(`${notebookPath(projectDir)} is not read: ${refused}; sessions start without it`),
      fix: "make it a regular file inside the project (or remove it: cairn creates a fresh one)",
    },
  ];
}
