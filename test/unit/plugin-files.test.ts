import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pluginFiles } from "../../scripts/plugin-manifest.ts";
import { INSTALLED_EVENTS } from "../../src/claude/install-plan.ts";
import { REPO, runCairn } from "../helpers/cairn.ts";

// The plugin's generated files are what scripts/plugin-manifest.ts writes from their one
// source each, and every place that states cairn's version states package.json's.

const read = (rel: string) => readFileSync(join(REPO, rel), "utf8");
const pkg = JSON.parse(read("package.json")) as { version: string; bin: Record<string, string> };

describe("plugin files", () => {
  it.each(Object.keys(pluginFiles()))("%s is as scripts/plugin-manifest.ts writes it", (rel) => {
    expect(read(rel), "run: npx node scripts/plugin-manifest.ts").toBe(pluginFiles()[rel]);
  });

  it("every hook and the MCP server run through the launcher, never a bare `node` from PATH", () => {
    const hooks = read("hooks/hooks.json");
    expect(hooks).not.toMatch(/"node /);
    expect(hooks.match(/sh \\"\$\{CLAUDE_PLUGIN_ROOT\}\/bin\/cairn\\" hook /g)?.length).toBe(
      INSTALLED_EVENTS.length,
    );
    const manifest = JSON.parse(read(".claude-plugin/plugin.json"));
    expect(manifest.mcpServers.cairn).toEqual({
      command: "sh",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code substitutes it.
      args: ["${CLAUDE_PLUGIN_ROOT}/bin/cairn", "mcp"],
    });
    expect(pkg.bin.cairn).toBe("bin/cairn");
  });
});

describe("one version", () => {
  it("package.json, the plugin manifest, the marketplace entry and `cairn --version` agree", async () => {
    const manifest = JSON.parse(read(".claude-plugin/plugin.json"));
    const market = JSON.parse(read(".claude-plugin/marketplace.json"));
    const cli = await runCairn(["--version"]);
    expect({
      manifest: manifest.version,
      marketplace: market.plugins.find((p: { name: string }) => p.name === "cairn").version,
      cli: cli.stdout.trim(),
    }).toEqual({ manifest: pkg.version, marketplace: pkg.version, cli: pkg.version });
  });
});
