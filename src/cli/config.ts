import { loadConfig, projectConfigPath } from "../config/load.ts";
import { issueLine } from "../config/resolve.ts";
import { SETTINGS, type SettingKey } from "../config/schema.ts";
import { describeTrust } from "../config/trust.ts";
import { cairnPaths } from "../core/paths.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { maskUrl } from "../team/url.ts";
import { parse } from "./args.ts";
import type { Command } from "./command.ts";
import { color, json, out } from "./io.ts";

export const config: Command = {
  usage: `Usage: cairn config [--json] [--docs]

Prints the effective config for the project around the current directory: each
setting, its value, and where that value came from:
  default   built into cairn
  user      ~/.cairn/config.yaml
  project   <project>/.claude/cairn.yaml (overrides user)

An invalid value is reported here (and by \`cairn doctor\`) and its default stays in
effect; the rest of the file still applies.

  --json   machine-readable output
  --docs   also print what each setting does, and what a repository may do with it`,
  async run(argv) {
    const { values } = parse(argv, { json: { type: "boolean" }, docs: { type: "boolean" } });
    const paths = cairnPaths();
    const projectDir = commandProjectDir();
    const resolved = await loadConfig(paths, projectDir);
    const keys = Object.keys(SETTINGS) as SettingKey[];
    if (values.json) {
      json({
        files: { user: paths.config, project: projectConfigPath(projectDir) },
        settings: Object.fromEntries(
          keys.map((k) => [k, { value: shown(k, resolved.config[k]), source: resolved.origin[k] }]),
        ),
        issues: resolved.issues,
      });
      return resolved.issues.length > 0 ? 1 : 0;
    }
    out(color.dim(`user: ${visibleLine(paths.config)}`));
    out(color.dim(`project: ${visibleLine(projectConfigPath(projectDir))}`));
    const width = Math.max(...keys.map((k) => k.length));
    for (const key of keys) {
      const source = resolved.origin[key];
      const tag = source === "default" ? color.dim(source) : color.cyan(source);
      // A value may come from the repository's file: its controls are shown as marks.
      out(`${key.padEnd(width)}  ${visibleLine(JSON.stringify(shown(key, resolved.config[key])))}  ${tag}`);
      if (values.docs)
        out(color.dim(`${" ".repeat(width)}  ${SETTINGS[key].doc} (${describeTrust(SETTINGS[key].trust)})`));
    }
    if (resolved.issues.length > 0) {
      out("");
      for (const i of resolved.issues) out(`${color.red(i.refused ? "refused" : "invalid")} ${issueLine(i)}`);
      return 1;
    }
    return 0;
  },
};

/** A team URL's password never reaches the terminal. */
function shown(key: string, value: unknown): unknown {
  return key === "team.url" && typeof value === "string" ? maskUrl(value) : value;
}
