// Writes the plugin's generated files from their one source each, so the plugin and
// `cairn install` never drift: hooks/hooks.json from the install plan, commands/handoff.md
// from the /handoff template, and the version in .claude-plugin/plugin.json and
// marketplace.json from package.json. test/unit/plugin-files.test.ts fails when a
// committed file differs from what this writes. Run: npx node scripts/plugin-manifest.ts
//
// Where the marketplace finds the plugin: in a clone, ./plugin, a folder of links to what
// runs (bin, dist, hooks, commands, .claude-plugin), because `claude plugin install`
// copies the whole folder a marketplace names into its cache, links resolved (the clone
// itself holds node_modules and tests: 636 MB). The release archive (scripts/pack.ts)
// holds only what runs, so its marketplace names its own root.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pkg from "../package.json" with { type: "json" };
import { handoffCommand, PLUGIN_CLI } from "../src/claude/handoff-command.ts";
import { pluginHooks, pluginMcpServers } from "../src/claude/install-plan.ts";

const ROOT = join(import.meta.dirname, "..");
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const current = (rel: string) => JSON.parse(readFileSync(join(ROOT, rel), "utf8")) as Record<string, unknown>;

export function pluginHooksJson(): string {
  return json(pluginHooks());
}

/** The folder, in a clone, of links to what the plugin runs. */
export const CLONE_PLUGIN_SOURCE = "./plugin";

/** The marketplace listing cairn at `source`. */
export function marketplaceJson(source: string): string {
  const market = current(".claude-plugin/marketplace.json") as { plugins?: Record<string, unknown>[] };
  return json({
    ...market,
    plugins: (market.plugins ?? []).map((p) =>
      p.name === pkg.name ? { ...p, source, version: pkg.version } : p,
    ),
  });
}

/** Every generated file of the plugin, by its path in the repository. */
export function pluginFiles(): Record<string, string> {
  const manifest = current(".claude-plugin/plugin.json");
  return {
    "hooks/hooks.json": pluginHooksJson(),
    "commands/handoff.md": handoffCommand(PLUGIN_CLI),
    ".claude-plugin/plugin.json": json({ ...manifest, version: pkg.version, mcpServers: pluginMcpServers() }),
    ".claude-plugin/marketplace.json": marketplaceJson(CLONE_PLUGIN_SOURCE),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [rel, text] of Object.entries(pluginFiles())) {
    writeFileSync(join(ROOT, rel), text);
    console.log(`wrote ${rel}`);
  }
}
