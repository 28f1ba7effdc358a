import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allowHttpWithOtherUsers, runCairn, tempHome } from "../../helpers/cairn.ts";

// Uninstall is idempotent and leaves nothing of cairn's in Claude Code's files: a real
// HOME in a temp folder, the built CLI, install then uninstall (twice).

let sb: ReturnType<typeof tempHome>;
const cli = (...args: string[]) => runCairn(args, { env: sb.env, cwd: sb.project });
const settings = () => join(sb.home, ".claude", "settings.json");
const claudeJson = () => join(sb.home, ".claude.json");

/** Every file and folder under a directory, relative, sorted. */
function tree(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const rel = `${prefix}${e.name}`;
      return e.isDirectory() ? [`${rel}/`, ...tree(join(dir, e.name), `${rel}/`)] : [rel];
    })
    .sort();
}

beforeEach(() => {
  sb = tempHome("cairn-leftovers-");
  mkdirSync(join(sb.project, ".git"), { recursive: true });
});
afterEach(async () => {
  await cli("serve", "--stop");
  sb.cleanup();
});

describe("uninstall, twice, leaves Claude Code's files as they were", () => {
  it("a second uninstall leaves a compactly written settings.json byte for byte", async () => {
    mkdirSync(join(sb.home, ".claude"), { recursive: true });
    const original = '{"permissions":{"allow":["Bash(npm test:*)"]},"model":"opus"}';
    writeFileSync(settings(), original);
    writeFileSync(claudeJson(), '{"numStartups":7,"projects":{}}');
    const claudeJsonBefore = readFileSync(claudeJson(), "utf8");

    expect((await cli("install")).code).toBe(0);
    expect(readFileSync(settings(), "utf8")).not.toBe(original);
    const first = await cli("uninstall");
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(settings(), "utf8")).toBe(original);
    const second = await cli("uninstall");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("cairn is not installed");
    expect(readFileSync(settings(), "utf8")).toBe(original);
    // No mcpServers left behind (there was none), no commands/ folder cairn made.
    expect(JSON.parse(readFileSync(claudeJson(), "utf8"))).toEqual(JSON.parse(claudeJsonBefore));
    expect(readFileSync(claudeJson(), "utf8")).not.toContain("mcpServers");
    expect(existsSync(join(sb.home, ".claude", "commands"))).toBe(false);
  });

  it("a HOME without Claude Code's files gets back to none of them", async () => {
    const before = tree(sb.home);
    expect((await cli("install")).code).toBe(0);
    expect(existsSync(claudeJson())).toBe(true);
    expect((await cli("uninstall")).code).toBe(0);
    expect((await cli("uninstall")).code).toBe(0);
    // ~/.cairn is cairn's own home (database, logs); nothing else of cairn's stays.
    expect(tree(sb.home).filter((p) => !p.startsWith(".cairn/"))).toEqual(before);
  });

  it("keeps an mcpServers the user had, even an empty one", async () => {
    writeFileSync(claudeJson(), JSON.stringify({ mcpServers: {}, numStartups: 1 }));
    expect((await cli("install")).code).toBe(0);
    expect((await cli("uninstall")).code).toBe(0);
    expect(JSON.parse(readFileSync(claudeJson(), "utf8"))).toEqual({ mcpServers: {}, numStartups: 1 });
  });

  it("--project: no .mcp.json holding {}, no empty .claude/commands/ or .claude/ left", async () => {
    const before = tree(sb.project);
    expect((await cli("install", "--project")).code).toBe(0);
    expect(existsSync(join(sb.project, ".mcp.json"))).toBe(true);
    expect(existsSync(join(sb.project, ".claude", "commands", "handoff.md"))).toBe(true);
    expect((await cli("uninstall", "--project")).code).toBe(0);
    expect((await cli("uninstall", "--project")).code).toBe(0);
    expect(tree(sb.project)).toEqual(before);
  });

  it("a folder cairn created but the user filled stays, with the user's file", async () => {
    expect((await cli("install", "--project")).code).toBe(0);
    writeFileSync(join(sb.project, ".claude", "commands", "review.md"), "my review command\n");
    expect((await cli("uninstall", "--project")).code).toBe(0);
    expect(tree(join(sb.project, ".claude"))).toEqual(["commands/", "commands/review.md"]);
  });
});

describe("cairn serve --stop stops only cairn's server", () => {
  it("a state file naming another process (a server that died, its pid reused) kills nothing", async () => {
    const other = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      mkdirSync(join(sb.home, ".cairn"), { recursive: true });
      const state = join(sb.home, ".cairn", "serve.json");
      writeFileSync(state, JSON.stringify({ pid: other.pid, port: 1, startedAt: "", version: "x" }));
      const r = await cli("serve", "--stop");
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("not running");
      // Still alive: signal 0 only checks.
      expect(() => process.kill(other.pid!, 0)).not.toThrow();
      expect(existsSync(state)).toBe(false);
    } finally {
      other.kill("SIGKILL");
    }
  });
});

describe("no cairn serve left running", () => {
  it("after switching from the http transport back to command hooks, and after uninstall", async () => {
    allowHttpWithOtherUsers(sb.home);
    const http = await cli("install", "--transport", "http");
    expect(http.code, http.stderr).toBe(0);
    expect((await cli("serve", "--status")).code).toBe(0);
    const back = await cli("install", "--transport", "command");
    expect(back.code, back.stderr).toBe(0);
    expect((await cli("serve", "--status")).code).toBe(1);

    expect((await cli("install", "--transport", "http")).code).toBe(0);
    expect((await cli("serve", "--status")).code).toBe(0);
    expect((await cli("uninstall")).code).toBe(0);
    expect((await cli("serve", "--status")).code).toBe(1);
  });
});
