/**
 * The foundation, end to end on the real Claude Code CLI: cairn installed into a
 * sandbox HOME receives every event of a session with Bash, Read, Grep and Glob calls,
 * records them, leaves the session's own answer unchanged, and uninstalls cleanly.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairn, cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text, tool } from "./harness/mock-api.ts";

const USER_SETTINGS = `{
  "permissions": { "allow": ["Bash(ls:*)"] },
  "hooks": {
    "Stop": [ { "hooks": [ { "type": "command", "command": "true" } ] } ]
  },
  "statusLine": { "type": "command", "command": "echo mine" }
}
`;

function script(api: MockApi): void {
  api.script([
    bash("echo hello-from-bash && ls", { id: "toolu_bash" }),
    tool("Read", { file_path: "notes.md" }, { id: "toolu_read" }),
    tool("Grep", { pattern: "needle", path: ".", output_mode: "content", "-n": true }, { id: "toolu_grep" }),
    tool("Glob", { pattern: "**/*.md" }, { id: "toolu_glob" }),
    text("All four tools ran. FINAL-ANSWER-42"),
  ]);
}

describe("foundation e2e", () => {
  let api: MockApi;
  let sb: Sandbox;
  let settingsPath: string;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    settingsPath = sb.writeSettings({});
    // The user's own settings, with unusual formatting, must survive install/uninstall.
    await import("node:fs").then((fs) => fs.writeFileSync(settingsPath, USER_SETTINGS));
    sb.writeFile("notes.md", "# Notes\nthe needle is here\n");
    sb.writeFile("docs/more.md", "more needle\n");
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("install then uninstall with nothing in between restores settings.json byte for byte", async () => {
    await installCairn(sb);
    expect(readFileSync(settingsPath, "utf8")).not.toBe(USER_SETTINGS);
    const r = await cairn(sb, ["uninstall"]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(settingsPath, "utf8")).toBe(USER_SETTINGS);
  });

  it("runs a session through cairn's hooks without changing its answer, and records every event", async () => {
    await installCairn(sb);
    script(api);
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "use the tools",
      outputFormat: "json",
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("FINAL-ANSWER-42");
    expect(api.toolResult("toolu_bash")).toContain("hello-from-bash");
    expect(api.toolResult("toolu_read")).toContain("the needle is here");
    expect(api.toolResult("toolu_grep")).toContain("needle");
    expect(api.toolResult("toolu_glob")).toContain("notes.md");

    const db = cairnDb(sb);
    try {
      const events = rows<{ event: string; tool_name: string | null; outcome: string }>(
        db,
        "SELECT event, tool_name, outcome FROM events WHERE session_id = ? ORDER BY id",
        run.sessionId,
      );
      const names = events.map((e) => (e.tool_name ? `${e.event}:${e.tool_name}` : e.event));
      for (const expected of [
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse:Bash",
        "PostToolUse:Bash",
        "PreToolUse:Read",
        "PostToolUse:Read",
        "PostToolUse:Grep",
        "PostToolUse:Glob",
        "Stop",
        "SessionEnd",
      ]) {
        expect(names, `missing ${expected}`).toContain(expected);
      }
      // PreToolUse is matched to the tools cairn acts on: Grep and Glob never start a process.
      expect(names).not.toContain("PreToolUse:Grep");
      expect(events.every((e) => e.outcome === "ok")).toBe(true);
      const [session] = rows<{ project_dir: string; ended_at: number | null; end_reason: string }>(
        db,
        "SELECT project_dir, ended_at, end_reason FROM sessions WHERE id = ?",
        run.sessionId,
      );
      expect(session?.project_dir).toBe(sb.project);
      expect(session?.ended_at).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it("off makes every hook a no-op; on brings it back", async () => {
    expect((await cairn(sb, ["off"])).code).toBe(0);
    api.script([bash("echo off-run", { id: "toolu_off" }), text("ok")]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "while off" });
    expect(run.exitCode).toBe(0);
    const db = cairnDb(sb);
    const n = rows<{ n: number }>(
      db,
      "SELECT count(*) AS n FROM events WHERE session_id = ?",
      run.sessionId,
    )[0]?.n;
    db.close();
    expect(n).toBe(0);
    expect((await cairn(sb, ["on"])).code).toBe(0);
  });

  it("doctor reports a healthy install", async () => {
    const r = await cairn(sb, ["doctor", "--json"]);
    const report = JSON.parse(r.stdout) as { ok: boolean; checks: { name: string; status: string }[] };
    expect(report.ok, r.stdout).toBe(true);
    expect(report.checks.find((c) => c.name === "hooks (user)")?.status).toBe("ok");
    expect(report.checks.find((c) => c.name === "hook command")?.status).toBe("ok");
  });

  it("after Claude Code itself rewrote settings.json, uninstall removes only cairn's entries", async () => {
    // Claude Code 2.1.328 rewrites settings.json during a session (it adds an env entry),
    // so the backup no longer describes the file: cairn must take out only its own.
    const during = JSON.parse(readFileSync(settingsPath, "utf8"));
    const r = await cairn(sb, ["uninstall"]);
    expect(r.code, r.stderr).toBe(0);
    const after = JSON.parse(readFileSync(settingsPath, "utf8"));
    const expected = { ...JSON.parse(USER_SETTINGS), ...(during.env ? { env: during.env } : {}) };
    expect(after).toEqual(expected);
  });
});
