/**
 * Failing commands on the real CLI with cairn: the exit trap that SessionStart puts in
 * CLAUDE_ENV_FILE makes them reach PostToolUse, which compresses them like any large
 * output, states the exit status the way Claude Code does ("Exit code N") and takes
 * the marker line off, also for outputs over 30 KB (read from Claude Code's spill
 * file), inside a subagent and after --resume. The command Claude Code checked and ran
 * is the model's own, unchanged.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN, REPO } from "../helpers/cairn.ts";
import { ZSH } from "../helpers/programs.ts";
import { HANG_MS } from "../helpers/wait.ts";
import { cairn, installCairn } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import {
  bash,
  blockText,
  findToolResult,
  type MockApi,
  startMockApi,
  text,
  tool,
} from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

/** Where Claude Code said the background command's output goes. */
const taskFile = (a: MockApi) =>
  /Output is being written to: (\S+\.output)/.exec(a.toolResult("toolu_bg") ?? "")?.[1] ?? "";

const FATAL = "FATAL: disk quota exceeded while writing shard 4242";
const BIG_FAILING = `seq 1 9000; echo '${FATAL}' >&2; exit 4`;

function failingTests(): string {
  const cases = Array.from(
    { length: 240 },
    (_, i) => `test("adds case ${i}", () => assert.equal(${i} + 1, ${i + 1}));`,
  );
  return [
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    ...cases,
    'test("rounds the tax to cents", () => assert.equal(Math.round(19.999 * 100) / 100, 19.99));',
    'test("handles negative totals", () => assert.equal(-2 + 1, 1));',
  ].join("\n");
}

describe("failing commands reach the model compressed, with their exit status", () => {
  let api: MockApi;
  let sb: Sandbox;
  let first: RunClaudeResult;
  let resumed: RunClaudeResult;
  let offRun: RunClaudeResult;

  // Three sessions (a subagent in the first), twelve tool calls, three cairn commands.
  const WORK = e2eTimeout({ sessions: 3, prompts: 4, tools: 12, commands: 3 });
  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-status" });
    sb.writeFile("cart.test.mjs", failingTests());
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    await installCairn(sb);
    api.script([
      bash("ls missing", { id: "toolu_ls" }),
      bash("node --test --test-reporter=spec cart.test.mjs", { id: "toolu_tests" }),
      bash(BIG_FAILING, { id: "toolu_big_fail" }),
      bash("seq 1 9000", { id: "toolu_big_ok" }),
      bash("echo fine", { id: "toolu_ok" }),
      // A background command: Claude Code reports it as exit 0 (the trap); reading its output file shows the status.
      tool(
        "Bash",
        { command: "echo building; ls missing-bg", description: "bg", run_in_background: true },
        { id: "toolu_bg" },
      ),
      (_req, a) => {
        const file = taskFile(a);
        // Until the task's last line is written (bounded by HANG_MS, inside the Bash
        // tool's own 2 minutes), printing nothing.
        const tries = HANG_MS / 100;
        return bash(
          `for i in $(seq ${tries}); do grep -q 'exited with code' ${file} && break; sleep 0.1; done`,
          {
            id: "toolu_wait",
          },
        );
      },
      (_req, a) => tool("Read", { file_path: taskFile(a) }, { id: "toolu_read_bg" }),
      {
        tools: [
          {
            id: "toolu_agent",
            name: "Agent",
            input: {
              description: "sub",
              prompt: "check",
              subagent_type: "general-purpose",
              run_in_background: false,
            },
          },
        ],
      },
      bash("ls missing-in-subagent", { id: "toolu_sub" }),
      "sub report.",
      text("Finished."),
    ]);
    first = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "check the project", allowedTools: "" });
    api.script([bash("cat missing-after-resume", { id: "toolu_resumed" }), text("Finished again.")]);
    resumed = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "once more",
      resume: first.sessionId,
      allowedTools: "",
    });
    // Switched off mid-session: the trap stands aside and Claude Code reports the failure itself.
    const off = await cairn(sb, ["off"]);
    if (off.code !== 0) throw new Error(off.stderr);
    api.script([bash("ls missing-while-off", { id: "toolu_off" }), text("Off.")]);
    offRun = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "and now",
      resume: first.sessionId,
      allowedTools: "",
    });
    await cairn(sb, ["on"]);
  }, WORK);

  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  const result = (id: string) => {
    const req = [...api.requests].reverse().find((r) => findToolResult(r, id));
    const block = req ? findToolResult(req, id) : undefined;
    return { text: blockText(block?.content), isError: block?.is_error === true };
  };
  const idOf = (shown: string) => /\[cairn #(\d+)/.exec(shown)?.[1] ?? "";

  it("the sessions complete, and the trap went into Claude Code's env file", () => {
    expect(first.exitCode, first.stderr).toBe(0);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.resultText).toContain("Finished again.");
    const envDir = join(sb.home, ".claude", "session-env", first.sessionId);
    const envText = readdirSync(envDir)
      .map((f) => readFileSync(join(envDir, f), "utf8"))
      .join("\n");
    expect(envText).toMatch(/trap '__cairn_rc=\$\?;.*' EXIT/);
  });

  it("a small failing command shows its status first and no marker", () => {
    const r = result("toolu_ls");
    expect(r.text).toBe("Exit code 2\nls: cannot access 'missing': No such file or directory");
  });

  it("a failing test run is compressed, keeping its failures and stating its exit status", async () => {
    const r = result("toolu_tests");
    expect(r.text).toMatch(/^Exit code 1\n\[cairn #\d+ · [^\]]*exit 1/);
    expect(r.text).toContain("handles negative totals");
    expect(r.text).toContain("rounds the tax to cents");
    const original = await cairn(sb, ["show", idOf(r.text)]);
    expect(original.stdout).toContain("adds case 239");
    expect(original.stdout).not.toContain("cairn-exit");
  });

  it("an output over 30 KB that fails is compressed from Claude Code's spill file, marker stripped", async () => {
    const r = result("toolu_big_fail");
    expect(r.text).toMatch(/^Exit code 4\n\[cairn #\d+ · /);
    expect(r.text).toContain(FATAL);
    expect(r.text).not.toContain("persisted-output");
    const original = await cairn(sb, ["show", idOf(r.text)]);
    expect(original.stdout.length).toBeGreaterThan(30_000);
    expect(original.stdout).toContain("\n8999\n9000\n");
    expect(original.stdout.trimEnd().endsWith(FATAL)).toBe(true);
  });

  it("a large successful output is compressed with no status line; a small one is untouched", () => {
    const big = result("toolu_big_ok");
    expect(big.text).toMatch(/^\[cairn #\d+ · /);
    expect(result("toolu_ok")).toEqual({ text: "fine", isError: false });
  });

  it("a failing background command: its output file, read back, states the status", () => {
    const r = result("toolu_read_bg");
    expect(r.text).toContain("missing-bg");
    expect(r.text).toContain(
      `[exited with code 2] (cairn: the completion notice's "exit code 0" comes from its exit trap)`,
    );
    expect(r.text).not.toContain("[exited with code 0]");
  });

  it("a subagent's failing command and one after --resume get the same treatment", () => {
    expect(result("toolu_sub").text).toBe(
      "Exit code 2\nls: cannot access 'missing-in-subagent': No such file or directory",
    );
    expect(result("toolu_resumed").text).toBe(
      "Exit code 1\ncat: missing-after-resume: No such file or directory",
    );
  });

  it("with cairn off, a failing command is Claude Code's own error again", () => {
    expect(offRun.exitCode, offRun.stderr).toBe(0);
    expect(result("toolu_off")).toEqual({
      text: "Exit code 2\nls: cannot access 'missing-while-off': No such file or directory",
      isError: true,
    });
  });

  it("the model never saw a marker, and every command it sent ran as sent", () => {
    for (const req of api.requests)
      expect(JSON.stringify(req.body.messages ?? [])).not.toContain("cairn-exit");
    const ran = first.transcript
      .filter((e) => e.type === "assistant")
      .flatMap(
        (e) => (e.message as { content?: { type: string; input?: { command?: string } }[] }).content ?? [],
      )
      .filter((b) => b.type === "tool_use" && b.input?.command !== undefined)
      .map((b) => b.input?.command);
    expect(ran).toContain(BIG_FAILING);
  });

  it("cairn report says failing commands are compressed in this session", async () => {
    const r = await cairn(sb, ["report", "--session", first.sessionId]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/failing Bash commands: compressed like any other output \(exit trap in bash\)/);
  });

  it("cairn doctor says the same for the project's latest session", async () => {
    const r = await cairn(sb, ["doctor", "--json"]);
    const checks = (JSON.parse(r.stdout) as { checks: { name: string; status: string; detail: string }[] })
      .checks;
    expect(checks.find((c) => c.name === "failing Bash commands")).toMatchObject({
      status: "ok",
      detail: expect.stringContaining("exit trap in bash"),
    });
  });
});

describe("as a plugin (--plugin-dir)", () => {
  it("a failing command gets the same treatment, and cairn report says so", async () => {
    const api = await startMockApi();
    const sb = makeSandbox({ prefix: "cairn-status-plugin" });
    try {
      const plugin = join(sb.root, "cairn-plugin");
      mkdirSync(plugin);
      for (const part of [".claude-plugin", "hooks", "commands", "bin"])
        cpSync(join(REPO, part), join(plugin, part), { recursive: true });
      cpSync(dirname(CAIRN), join(plugin, "dist"), { recursive: true });
      sb.writeSettings({ permissions: { allow: ["Bash"] } });
      api.script([bash("ls missing", { id: "toolu_pl" }), text("ok")]);
      const run = await runClaude({
        sandbox: sb,
        apiUrl: api.url,
        prompt: "plugin",
        allowedTools: "",
        args: ["--plugin-dir", plugin],
      });
      expect(run.exitCode, run.stderr).toBe(0);
      const block = findToolResult(api.lastMainRequest()!, "toolu_pl");
      const report = await cairn(sb, ["report", "--session", run.sessionId, "--json"]);
      // Plugin hooks get CLAUDE_ENV_FILE too (2.1.328): the trap is in place.
      expect(blockText(block?.content)).toBe(
        "Exit code 2\nls: cannot access 'missing': No such file or directory",
      );
      expect(block?.is_error).not.toBe(true);
      const failing = (JSON.parse(report.stdout) as { compressions: { failingBash: unknown } }).compressions
        .failingBash;
      expect(failing).toEqual({
        state: { installed: true, shell: "bash" },
        text: "compressed like any other output (exit trap in bash)",
      });
    } finally {
      await api.close();
      sb.cleanup();
    }
  });
});

describe.skipIf(!ZSH)("with zsh as the user's shell", () => {
  it("a failing command reaches the model with its status, and the trap is zsh's", async () => {
    const api = await startMockApi();
    const sb = makeSandbox({ prefix: "cairn-status-zsh" });
    try {
      sb.writeSettings({ permissions: { allow: ["Bash"] } });
      await installCairn(sb);
      api.script([bash('echo "$ZSH_VERSION"; ls missing', { id: "toolu_z" }), text("ok")]);
      const run = await runClaude({
        sandbox: sb,
        apiUrl: api.url,
        prompt: "zsh",
        allowedTools: "",
        env: { SHELL: ZSH },
      });
      expect(run.exitCode, run.stderr).toBe(0);
      const block = findToolResult(api.lastMainRequest()!, "toolu_z");
      expect(blockText(block?.content)).toMatch(/^Exit code 2\n5\.\d[.\d]*\nls: cannot access 'missing'/);
      const report = await cairn(sb, ["report", "--session", run.sessionId]);
      expect(report.stdout).toContain(
        "failing Bash commands: compressed like any other output (exit trap in zsh)",
      );
    } finally {
      await api.close();
      sb.cleanup();
    }
  });
});

// Claude Code runs commands only in bash or zsh, whatever SHELL says (zsh first unless
// SHELL is bash); CI runs with SHELL unset. The trap must go in either way.
describe.each([
  ["SHELL unset", undefined],
  ["SHELL naming fish", "/usr/bin/fish"],
])("with %s", (_label, shell) => {
  it("Claude Code runs bash or zsh, the trap is in, and a failing command reaches the model with its status", async () => {
    const api = await startMockApi();
    const sb = makeSandbox({ prefix: "cairn-status-sh" });
    try {
      sb.writeSettings({ permissions: { allow: ["Bash"] } });
      await installCairn(sb);
      api.script([
        bash('echo "bash=$BASH_VERSION zsh=$ZSH_VERSION"; ls missing', { id: "toolu_sh" }),
        text("ok"),
      ]);
      const run = await runClaude({
        sandbox: sb,
        apiUrl: api.url,
        prompt: "sh",
        allowedTools: "",
        env: { SHELL: shell },
      });
      expect(run.exitCode, run.stderr).toBe(0);
      const said = blockText(findToolResult(api.lastMainRequest()!, "toolu_sh")?.content);
      expect(said).toMatch(/^Exit code 2\nbash=\S* zsh=\S*\nls: cannot access 'missing'/);
      expect(said).not.toContain("cairn-exit");
      const ran = /zsh=\d/.test(said) ? "zsh" : "bash";
      const report = await cairn(sb, ["report", "--session", run.sessionId]);
      expect(report.stdout).toContain(
        `failing Bash commands: compressed like any other output (exit trap in ${ran})`,
      );
      const doctor = await cairn(sb, ["doctor", "--json"]);
      const checks = (JSON.parse(doctor.stdout) as { checks: { name: string; status: string }[] }).checks;
      expect(checks.find((c) => c.name === "failing Bash commands")?.status).toBe("ok");
    } finally {
      await api.close();
      sb.cleanup();
    }
  });
});
