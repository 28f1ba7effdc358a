/**
 * Finding 2 of the 2026-11-28 review, on the real CLI: once cairn is off for a session,
 * in any way, the exit trap must not turn failures into successes. Before, after a
 * repository's `enabled: false` arrived with `git checkout`, after `cairn uninstall`
 * and after `enabled: false` between sessions, `--resume`d sessions included, a failing
 * command reached the model with is_error false, no "Exit code" and a raw marker line
 * (over 30 KB, with no sign of failure at all). Each case first shows the trap at work
 * while cairn is on, so the test also shows the trap was there to outlive cairn.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CAIRN, REPO } from "../helpers/cairn.ts";
import { cairn, installCairn } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, blockText, findToolResult, type MockApi, startMockApi, text } from "./harness/mock-api.ts";

const git = (cwd: string, ...args: string[]) =>
  execFileSync(
    "git",
    ["-c", "user.email=a@b", "-c", "user.name=a", "-c", "init.defaultBranch=main", ...args],
    {
      cwd,
    },
  );

/** What the model was sent for a tool call: its text and whether it was marked an error. */
function result(api: MockApi, id: string): { text: string; isError: boolean } {
  const req = [...api.requests].reverse().find((r) => findToolResult(r, id));
  const block = req ? findToolResult(req, id) : undefined;
  return { text: blockText(block?.content), isError: block?.is_error === true };
}

/**
 * A failure the model can see: Claude Code's own error, status first, and no marker of
 * cairn's anywhere. (Over 30 KB Claude Code itself shows a failing output's head only,
 * so `output` is looked for in small ones.)
 */
function expectPlainFailure(api: MockApi, id: string, status: number, output?: string): void {
  const r = result(api, id);
  expect(r.isError, r.text.slice(0, 300)).toBe(true);
  expect(r.text.startsWith(`Exit code ${status}\n`), r.text.slice(0, 300)).toBe(true);
  if (output !== undefined) expect(r.text).toContain(output);
  expect(r.text).not.toContain("cairn-exit");
}

/** The trap at work while cairn is on: the status stated by cairn, not an error for Claude Code. */
function expectCairnStated(api: MockApi, id: string): void {
  expect(result(api, id)).toEqual({
    text: "Exit code 2\nls: cannot access 'missing-while-on': No such file or directory",
    isError: false,
  });
}

const SMALL = "echo 'FAIL: 2 of 40 tests failed'; exit 1";
const BIG = "seq 1 9000; echo 'FATAL: migration aborted' >&2; exit 5";
const DEPLOY = "echo 'FAIL: deploy rejected'; exit 2";

/** A first session in which the trap is at work (a failing `ls`, stated by cairn); its id. */
async function sessionWithTrap(api: MockApi, sb: Sandbox, args: string[] = []): Promise<string> {
  api.script([bash("ls missing-while-on", { id: "toolu_on" }), text("done.")]);
  const first = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "start", allowedTools: "", args });
  expect(first.exitCode, first.stderr).toBe(0);
  expectCairnStated(api, "toolu_on");
  return first.sessionId;
}

/** `claude --resume` of that session, running `commands` (ids toolu_after_<i>). */
async function resumeRunning(
  api: MockApi,
  sb: Sandbox,
  sessionId: string,
  commands: string[],
): Promise<void> {
  api.script([...commands.map((c, i) => bash(c, { id: `toolu_after_${i}` })), text("done.")]);
  const resumed = await runClaude({
    sandbox: sb,
    apiUrl: api.url,
    prompt: "deploy",
    resume: sessionId,
    allowedTools: "",
  });
  expect(resumed.exitCode, resumed.stderr).toBe(0);
}

describe("once cairn is off, a failing command reaches the model as a failure", () => {
  let api: MockApi | undefined;
  let sb: Sandbox | undefined;
  afterEach(async () => {
    await api?.close();
    sb?.cleanup();
    api = undefined;
    sb = undefined;
  });

  it("a repository's enabled: false arriving mid-session with git checkout: small and over 30 KB", async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-off-checkout" });
    git(sb.project, "init", "-q", ".");
    git(sb.project, "commit", "-q", "--allow-empty", "-m", "init");
    git(sb.project, "checkout", "-q", "-b", "feature");
    sb.writeFile(".claude/cairn.yaml", "enabled: false\n");
    git(sb.project, "add", ".claude/cairn.yaml");
    git(sb.project, "commit", "-q", "-m", "cfg");
    git(sb.project, "checkout", "-q", "main");
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    await installCairn(sb);
    api.script([
      bash("ls missing-while-on", { id: "toolu_on" }),
      bash("git checkout -q feature", { id: "toolu_cfg" }),
      bash(SMALL, { id: "toolu_small" }),
      bash(BIG, { id: "toolu_big" }),
      text("done."),
    ]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "run", allowedTools: "" });
    expect(run.exitCode, run.stderr).toBe(0);
    expectCairnStated(api, "toolu_on");
    expectPlainFailure(api, "toolu_small", 1, "FAIL: 2 of 40 tests failed");
    expectPlainFailure(api, "toolu_big", 5);
  });

  it("cairn uninstall, then claude --resume: the failure is Claude Code's own, and no env file keeps the trap", async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-off-uninstall" });
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    await installCairn(sb);
    const sessionId = await sessionWithTrap(api, sb);
    const un = await cairn(sb, ["uninstall"]);
    expect(un.code, un.stderr).toBe(0);
    expect(un.stdout).toContain("removed cairn's exit trap from 1 Claude Code session env file");
    const envDir = join(sb.home, ".claude", "session-env", sessionId);
    for (const f of readdirSync(envDir))
      expect(readFileSync(join(envDir, f), "utf8")).not.toContain("__cairn");
    await resumeRunning(api, sb, sessionId, [DEPLOY]);
    expectPlainFailure(api, "toolu_after_0", 2, "FAIL: deploy rejected");
  });

  it("enabled: false in the user's config between sessions, then claude --resume", async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-off-resume" });
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    await installCairn(sb);
    const sessionId = await sessionWithTrap(api, sb);
    appendFileSync(join(sb.home, ".cairn", "config.yaml"), "enabled: false\n");
    await resumeRunning(api, sb, sessionId, [DEPLOY, BIG]);
    expectPlainFailure(api, "toolu_after_0", 2, "FAIL: deploy rejected");
    expectPlainFailure(api, "toolu_after_1", 5);
  });

  it("a session started with cairn as a plugin, resumed without it: the failure is Claude Code's own", async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-off-plugin" });
    const plugin = join(sb.root, "cairn-plugin");
    mkdirSync(plugin);
    for (const part of [".claude-plugin", "hooks", "commands", "bin"])
      cpSync(join(REPO, part), join(plugin, part), { recursive: true });
    cpSync(dirname(CAIRN), join(plugin, "dist"), { recursive: true });
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    const sessionId = await sessionWithTrap(api, sb, ["--plugin-dir", plugin]);
    // The env file still has the trap (nothing of cairn's ran to take it out): it must stand aside.
    const envDir = join(sb.home, ".claude", "session-env", sessionId);
    expect(
      readdirSync(envDir)
        .map((f) => readFileSync(join(envDir, f), "utf8"))
        .join(""),
    ).toMatch(/trap '__cairn_rc=/);

    await resumeRunning(api, sb, sessionId, [DEPLOY]);
    expectPlainFailure(api, "toolu_after_0", 2, "FAIL: deploy rejected");
  });
});
