/**
 * Proves the e2e harness against the real Claude Code CLI, without cairn:
 * scripted tool calls, hook inputs and outputs, updatedToolOutput, and compaction.
 */
import { appendFileSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cairn } from "./harness/cairn.ts";
import type { Sandbox } from "./harness/claude.ts";
import { makeSandbox, runClaude } from "./harness/claude.ts";
import { makeLoggingHook } from "./harness/hooks.ts";
import type { MockApi } from "./harness/mock-api.ts";
import { bash, renderRequest, startMockApi } from "./harness/mock-api.ts";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let api: MockApi;
let sb: Sandbox;

beforeEach(async () => {
  api = await startMockApi();
  sb = makeSandbox();
});

afterEach(async () => {
  await api.close();
  sb.cleanup();
});

describe("e2e harness", () => {
  it("kills a Claude Code process that stops moving, and says it hung", async () => {
    // The model never answers: Claude Code waits, printing and writing nothing.
    api.script([() => new Promise<never>(() => {})]);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "wait", timeoutMs: 10_000 });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe("SIGKILL");
    expect(r.exitCode).toBeNull();
  });

  it("runs a scripted Bash call and returns the final text", async () => {
    api.script([bash("echo hi", { id: "toolu_hi", text: "Running it." }), "The command printed hi."]);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "say hi" });

    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("The command printed hi.");
    const main = api.mainRequests();
    expect(main).toHaveLength(2);
    expect(main[0] && renderRequest(main[0])).toContain("say hi");
    expect(api.toolResult("toolu_hi")).toBe("hi");
    expect(renderRequest(main[1] ?? api.requests[0]!)).toContain("tool_result(toolu_hi): hi");
    // The transcript was found and holds the tool result.
    expect(r.transcriptPath).toContain(r.sessionId);
    const results = r.transcript.filter(
      (e) => e.type === "user" && JSON.stringify(e).includes('"tool_use_id":"toolu_hi"'),
    );
    expect(results).toHaveLength(1);
    expect(api.remainingSteps()).toBe(0);
  });

  it("feeds hooks real inputs and delivers PostToolUse additionalContext to the model", async () => {
    const hook = makeLoggingHook(sb);
    hook.install([
      "PreToolUse",
      "PostToolUse",
      "PostToolUseFailure",
      "SessionStart",
      "UserPromptSubmit",
      "Stop",
    ]);
    hook.setResponses({
      "PostToolUse:Bash": {
        $fn: "return {hookSpecificOutput:{hookEventName:'PostToolUse',additionalContext:'AC-MARK for '+input.tool_use_id}}",
      },
    });
    api.script([bash("echo ok", { id: "toolu_ok" }), bash("exit 3", { id: "toolu_fail" }), "finished"]);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "hooks please", outputFormat: "json" });

    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.resultText).toBe("finished");
    expect(hook.callsOf("SessionStart")[0]?.input.source).toBe("startup");
    // Hooks that run `node` get the repo's Node 24 (node_modules/.bin first on PATH).
    expect(hook.calls().every((c) => c.node?.startsWith("v24."))).toBe(true);
    expect(hook.callsOf("UserPromptSubmit")[0]?.input.prompt).toBe("hooks please");
    expect(hook.callsOf("PreToolUse", "Bash").map((c) => c.input.tool_use_id)).toEqual([
      "toolu_ok",
      "toolu_fail",
    ]);
    const post = hook.callsOf("PostToolUse", "Bash");
    expect(post).toHaveLength(1);
    expect(post[0]?.input.tool_response).toMatchObject({ stdout: "ok", stderr: "", interrupted: false });
    expect(post[0]?.input.transcript_path).toBe(r.transcriptPath);
    const fail = hook.callsOf("PostToolUseFailure", "Bash");
    expect(fail[0]?.input.error).toContain("Exit code 3");
    expect(hook.callsOf("Stop")[0]?.input.last_assistant_message).toBe("finished");

    // The AC is a system message after the tool result, in the very next main request.
    const second = api.mainRequests()[1];
    expect(second).toBeDefined();
    const msgs = second?.body.messages ?? [];
    const sys = msgs.filter((m) => m.role === "system").map((m) => JSON.stringify(m.content));
    expect(
      sys.some((s) => s.includes("PostToolUse:Bash hook additional context: AC-MARK for toolu_ok")),
    ).toBe(true);
  });

  it("replaces Bash output with updatedToolOutput", async () => {
    const hook = makeLoggingHook(sb);
    hook.install(["PostToolUse"]);
    hook.setResponses({
      "PostToolUse:Bash": {
        $fn: "return {hookSpecificOutput:{hookEventName:'PostToolUse',updatedToolOutput:{...input.tool_response, stdout:'REPLACED:'+input.tool_response.stdout.length}}}",
      },
    });
    api.script([bash("seq 1 1000", { id: "toolu_seq" }), "ok"]);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "count" });

    expect(r.exitCode, r.stderr).toBe(0);
    expect(api.toolResult("toolu_seq")).toBe("REPLACED:3892");
    // The transcript stores the replacement too.
    const entry = r.transcript.find((e) => e.type === "user" && JSON.stringify(e).includes("toolu_seq"));
    expect((entry?.toolUseResult as { stdout?: string } | undefined)?.stdout).toBe("REPLACED:3892");
  });

  it("answers a manual /compact with a summary and resumes from it", async () => {
    const hook = makeLoggingHook(sb);
    hook.install(["PreCompact", "PostCompact", "SessionStart"]);
    api.script([bash("echo before-compact", { id: "toolu_b" }), "noted."]);
    const r1 = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "first" });
    expect(r1.exitCode, r1.stderr).toBe(0);

    api.setCompactionSummary("SUMMARY-XYZ: echo printed before-compact");
    const r2 = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "/compact keep the numbers",
      resume: r1.sessionId,
    });
    expect(r2.exitCode, r2.stderr).toBe(0);
    const comp = api.compactionRequests();
    expect(comp).toHaveLength(1);
    expect(comp[0] && renderRequest(comp[0])).toContain("Additional Instructions:\nkeep the numbers");
    expect(hook.callsOf("PreCompact")[0]?.input).toMatchObject({
      trigger: "manual",
      custom_instructions: "keep the numbers",
    });
    expect(String(hook.callsOf("PostCompact")[0]?.input.compact_summary)).toContain("SUMMARY-XYZ");
    expect(r2.transcript.some((e) => e.type === "system" && e.subtype === "compact_boundary")).toBe(true);

    api.script(["after."]);
    const r3 = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "go on", resume: r1.sessionId });
    expect(r3.exitCode, r3.stderr).toBe(0);
    const last = api.lastMainRequest();
    expect(last && renderRequest(last)).toContain("SUMMARY-XYZ");
    expect(r3.stdout).toContain("after.");
  });
});

describe("e2e harness: subagents", () => {
  it("classifies a synchronous subagent's requests and scripts them in order", async () => {
    api.script([
      {
        tools: [
          {
            id: "toolu_agent",
            name: "Agent",
            input: {
              description: "sub",
              prompt: "do the sub task",
              subagent_type: "general-purpose",
              run_in_background: false,
            },
          },
        ],
      },
      bash("echo in-sub", { id: "toolu_sub" }), // the subagent's first reply
      "sub report.", // the subagent's final reply
      "parent done.",
    ]);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "delegate" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(api.requests.map((q) => q.kind)).toEqual(["main", "subagent", "subagent", "main"]);
    expect(api.toolResult("toolu_sub")).toBe("in-sub");
    expect(api.toolResult("toolu_agent")).toContain("sub report.");
    expect(r.stdout).toContain("parent done.");
  });
});

describe("e2e harness: cairn's config for test sessions", () => {
  it("gives hooks a budget that a loaded machine does not exhaust, inside Claude Code's shortest hook timeout", async () => {
    // Appended settings (as the tests with settings of their own write them) keep it.
    appendFileSync(join(sb.home, ".cairn", "config.yaml"), "log:\n  level: debug\n");
    const r = await cairn(sb, ["config", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const settings = (
      JSON.parse(r.stdout) as { settings: Record<string, { value: unknown; source: string }> }
    ).settings;
    expect(settings["hook.budget_ms"]).toEqual({ value: 8000, source: "user" });
    expect(settings["log.level"]).toEqual({ value: "debug", source: "user" });
    // The hard timer ends a hook 250 ms past its budget; Claude Code's own timeout must be later.
    const plugin = JSON.parse(readFileSync(join(REPO, "hooks", "hooks.json"), "utf8")) as {
      hooks: Record<string, { hooks: { timeout: number }[] }[]>;
    };
    const shortestS = Math.min(
      ...Object.values(plugin.hooks).flatMap((groups) =>
        groups.flatMap((g) => g.hooks.map((h) => h.timeout)),
      ),
    );
    expect(8000 + 250).toBeLessThan(shortestS * 1000);
    expect(statSync(join(sb.home, ".cairn", "config.yaml")).mode & 0o777).toBe(0o600);
  });
});
