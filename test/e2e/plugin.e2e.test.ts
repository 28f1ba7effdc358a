/**
 * The Claude Code plugin form: the repository's plugin layout, loaded with
 * --plugin-dir by the real CLI, registers the same hooks as `cairn install`, and they
 * reach cairn.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pluginHooksJson } from "../../scripts/plugin-manifest.ts";
import { CAIRN, REPO } from "../helpers/cairn.ts";
import { cairnDb, rows } from "./harness/cairn.ts";
import { CLAUDE_BIN, claudeEnv, makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";

describe("plugin layout", () => {
  let api: MockApi;
  let sb: Sandbox;
  let plugin: string;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    // The plugin as a clone has it, with the bundle under test as its dist/.
    plugin = join(sb.root, "cairn-plugin");
    mkdirSync(plugin);
    for (const part of [".claude-plugin", "hooks", "commands", "bin"])
      cpSync(join(REPO, part), join(plugin, part), { recursive: true });
    cpSync(dirname(CAIRN), join(plugin, "dist"), { recursive: true });
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("hooks/hooks.json is generated from the install plan", () => {
    expect(readFileSync(join(REPO, "hooks", "hooks.json"), "utf8")).toBe(pluginHooksJson());
  });

  it("passes claude plugin validate", () => {
    const r = spawnSync(CLAUDE_BIN, ["plugin", "validate", plugin], {
      env: claudeEnv(api.url, sb.home, {}),
      encoding: "utf8",
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });

  it("loaded with --plugin-dir, its hooks reach cairn", async () => {
    api.script([bash("echo via-plugin", { id: "toolu_p" }), text("ok")]);
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "plugin",
      args: ["--plugin-dir", plugin],
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(api.toolResult("toolu_p")).toBe("via-plugin");
    const db = cairnDb(sb);
    const events = rows<{ event: string }>(
      db,
      "SELECT event FROM events WHERE session_id = ?",
      run.sessionId,
    ).map((e) => e.event);
    db.close();
    for (const e of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"])
      expect(events).toContain(e);
  });
});
