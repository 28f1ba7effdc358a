import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAIRN, runCairn, tempHome } from "../../helpers/cairn.ts";

// cairn install also registers the MCP server in Claude Code's ~/.claude.json and the
// /handoff command; both are files Claude Code owns, so only cairn's entries change.

describe("install extras: MCP server and /handoff", () => {
  let sb: ReturnType<typeof tempHome>;
  const cli = (...args: string[]) => runCairn(args, { env: sb.env, cwd: sb.project });
  const claudeJson = () => join(sb.home, ".claude.json");
  const command = () => join(sb.home, ".claude", "commands", "handoff.md");

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(join(sb.project, ".git"), { recursive: true });
    mkdirSync(join(sb.home, ".claude"), { recursive: true });
    writeFileSync(
      claudeJson(),
      JSON.stringify({
        numStartups: 3,
        mcpServers: { other: { type: "stdio", command: "x" } },
        projects: {},
      }),
    );
  });
  afterEach(() => sb.cleanup());

  it("adds the cairn MCP server beside the user's and writes /handoff; uninstall takes only those out", async () => {
    expect((await cli("install")).code).toBe(0);
    const data = JSON.parse(readFileSync(claudeJson(), "utf8"));
    expect(data.numStartups).toBe(3);
    expect(data.mcpServers.other).toEqual({ type: "stdio", command: "x" });
    expect(data.mcpServers.cairn).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [CAIRN, "mcp"],
      env: {},
    });
    expect(readFileSync(command(), "utf8")).toContain("handoff --write");

    // Claude Code rewrites its file while running; cairn's entry stays recognisable.
    writeFileSync(claudeJson(), JSON.stringify({ ...data, numStartups: 4 }, null, 4));
    expect((await cli("uninstall")).code).toBe(0);
    const after = JSON.parse(readFileSync(claudeJson(), "utf8"));
    expect(after.numStartups).toBe(4);
    expect(after.mcpServers).toEqual({ other: { type: "stdio", command: "x" } });
    expect(existsSync(command())).toBe(false);
  });

  it("leaves a /handoff of the user's own alone", async () => {
    mkdirSync(join(sb.home, ".claude", "commands"), { recursive: true });
    writeFileSync(command(), "my own handoff\n");
    const r = await cli("install");
    expect(r.stdout).toContain("is your own");
    expect(readFileSync(command(), "utf8")).toBe("my own handoff\n");
    await cli("uninstall");
    expect(readFileSync(command(), "utf8")).toBe("my own handoff\n");
  });
});
