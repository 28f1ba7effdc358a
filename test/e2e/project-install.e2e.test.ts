/**
 * `cairn install --project` on the real CLI: the files it writes are what a team commits
 * (no path of this machine), and each user's Claude Code runs that user's own cairn
 * through ~/.cairn/bin/cairn, never a `cairn` the repository ships, even first on PATH.
 * Its hooks compress, its MCP server starts, its /handoff saves the memo in the default
 * permission mode. A teammate without cairn gets a session that works, and one line
 * saying cairn is off. `cairn uninstall`, with no flag, takes it all out again.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../helpers/cairn.ts";
import {
  BIN_DIR,
  CLAUDE_BIN,
  claudeEnv,
  makeSandbox,
  runClaude,
  type Sandbox,
  writeClaudeJson,
} from "./harness/claude.ts";
import { followHandoff } from "./harness/handoff.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";
import { run, stageClone } from "./harness/package.ts";

const OUTPUT = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");
const COMMITTED = [".claude/settings.json", ".mcp.json", ".claude/commands/handoff.md"];

/** The project's files, relative, sorted (folders end in /). */
function tree(dir: string, rel = ""): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true })
    .flatMap((e) => {
      const p = rel ? `${rel}/${e.name}` : e.name;
      return e.isDirectory() ? [`${p}/`, ...tree(dir, p)] : [p];
    })
    .sort();
}

describe("a project install, committed and shared", () => {
  let api: MockApi;
  let sb: Sandbox;
  let clone: string;
  let before: string[];
  let sessionId = "";
  const planted = () => join(sb.project, "node_modules", ".bin");

  /** The session's PATH: the repository's own bin first, then a new node. */
  const sessionPath = () => `${planted()}:${BIN_DIR}:/usr/bin:/bin`;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    mkdirSync(join(sb.project, ".git"));
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
    // The repository ships a `cairn` of its own (a dependency, or planted).
    mkdirSync(planted(), { recursive: true });
    writeFileSync(
      join(planted(), "cairn"),
      `#!/bin/sh\ntouch "${join(sb.root, "PLANTED-RAN")}"\necho '{}'\n`,
    );
    chmodSync(join(planted(), "cairn"), 0o755);
    before = tree(sb.project);
    // This user's own cairn: a clone outside the project.
    clone = stageClone(join(sb.root, "cairn-clone"));
    // The user lets the project's MCP servers start (Claude Code asks otherwise).
    sb.writeSettings({ enableAllProjectMcpServers: true });
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  const cairn = (...args: string[]) =>
    run("sh", [join(clone, "bin", "cairn"), ...args], {
      cwd: sb.project,
      env: { ...process.env, HOME: sb.home, CAIRN_HOME: "", PATH: `${BIN_DIR}:/usr/bin:/bin` },
    });

  it("writes files that name no path of this machine", () => {
    const r = cairn("install", "--project");
    expect(r.status, r.stdout + r.stderr).toBe(0);
    for (const rel of COMMITTED) {
      const said = readFileSync(join(sb.project, rel), "utf8");
      for (const local of [sb.root, clone, BIN_DIR, dirname(process.execPath)])
        expect(said, `${rel} names ${local}`).not.toContain(local);
    }
  });

  it("a session runs this user's cairn (compression, MCP), never the repository's", async () => {
    api.script([
      bash("cat vitest-run.txt", { id: "toolu_big" }),
      (_req, a) =>
        bash(/^\[full output: (.+?)(?: · |\]$)/m.exec(a.toolResult("toolu_big") ?? "")?.[1] ?? "false", {
          id: "toolu_show",
        }),
      text("done"),
    ]);
    const r = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "project install",
      env: { PATH: sessionPath() },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(api.toolResult("toolu_big")).toMatch(/^\[cairn #\d+ · /);
    expect(api.toolResult("toolu_show")).toBe(OUTPUT.trimEnd());
    // The project's MCP server, as the real CLI starts it from .mcp.json (a -p session
    // does not wait for servers that take a second to start, so its tool list is no test).
    const mcp = spawnSync(CLAUDE_BIN, ["mcp", "get", "cairn"], {
      cwd: sb.project,
      encoding: "utf8",
      env: claudeEnv(api.url, sb.home, { PATH: sessionPath() }),
    });
    expect(mcp.stdout).toMatch(/Scope: Project config[\s\S]*Status: ✔ Connected/);
    expect(existsSync(join(sb.root, "PLANTED-RAN"))).toBe(false);
    sessionId = r.sessionId;
  });

  it("its /handoff saves the memo through ~/.cairn/bin/cairn with no approval asked", async () => {
    const memo = await followHandoff({
      sandbox: sb,
      api,
      sessionId: sessionId,
      prompt: "/handoff",
      env: { PATH: sessionPath() },
      marker: "MEMO-PROJECT",
    });
    expect(memo).toBe("~/.cairn/bin/cairn");
    expect(existsSync(join(sb.root, "PLANTED-RAN"))).toBe(false);
  });

  it("a teammate without cairn: the session works, cairn says once that it is off", async () => {
    const mate = makeSandbox({ root: join(sb.root, "teammate") });
    try {
      writeClaudeJson(mate.home, [sb.project]);
      api.script([bash("cat vitest-run.txt", { id: "toolu_mate" }), text("ok")]);
      const r = await runClaude({
        sandbox: mate,
        cwd: sb.project,
        apiUrl: api.url,
        prompt: "teammate",
        env: { PATH: sessionPath() },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(api.toolResult("toolu_mate")).toBe(OUTPUT.trimEnd());
      const attachments = r.transcript.map(
        (e) => e.attachment as { type?: string; content?: string } | undefined,
      );
      expect(attachments.filter((a) => a?.type === "hook_system_message").map((a) => a?.content)).toEqual([
        expect.stringContaining("cairn is off in this project for you"),
      ]);
      expect(attachments.filter((a) => a?.type === "hook_non_blocking_error")).toEqual([]);
      expect(existsSync(join(mate.home, ".cairn", "cairn.db"))).toBe(false);
    } finally {
      mate.cleanup();
    }
  });

  it("`cairn uninstall` (no flag) takes the project install out", () => {
    const r = cairn("uninstall");
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(existsSync(join(sb.home, ".cairn", "bin", "cairn"))).toBe(false);
    // The session's own folders (.cairn/ notebook) are cairn's data, not the install.
    expect(tree(sb.project).filter((p) => !p.startsWith(".cairn/"))).toEqual(before);
  });
});
