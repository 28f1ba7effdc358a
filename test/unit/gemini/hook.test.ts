/**
 * `cairn gemini-hook <Event>` as Gemini CLI runs it (the built bundle, stdin to stdout),
 * on inputs shaped as Gemini CLI 0.61.0 sends them (test/fixtures/gemini-captures/).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

let h: ReturnType<typeof tempHome>;
let chats: string;
beforeEach(() => {
  h = tempHome("cairn-gemini-hook-");
  mkdirSync(h.project, { recursive: true });
  chats = join(h.home, ".gemini", "tmp", "project", "chats");
  mkdirSync(chats, { recursive: true });
});
afterEach(() => h.cleanup());

const base = (event: string, extra: object) => ({
  session_id: "5e55a0b1-0000-4000-8000-000000000001",
  transcript_path: join(chats, "session-2026-11-28T20-32-5e55a0b1.jsonl"),
  cwd: h.project,
  hook_event_name: event,
  timestamp: "2026-11-28T20:32:12.702Z",
  ...extra,
});

const hook = (event: string, input: object | string) =>
  runCairn(["gemini-hook", event], {
    input: typeof input === "string" ? input : JSON.stringify(input),
    cwd: h.project,
    env: { ...h.env, GEMINI_PROJECT_DIR: h.project },
    timeoutMs: 30_000,
  });

function events(): string[] {
  const p = join(h.home, ".cairn", "cairn.db");
  if (!existsSync(p)) return [];
  const db = new DatabaseSync(p, { readOnly: true });
  try {
    return (db.prepare("SELECT event FROM events ORDER BY id").all() as { event: string }[]).map(
      (r) => r.event,
    );
  } finally {
    db.close();
  }
}

const bigShell = (n: number) =>
  `<untrusted_context>\nOutput: ${Array.from({ length: n }, (_, i) => (i === n / 2 ? "ERROR: disk full on /var" : `INFO line ${i} ok`)).join("\n")}\nExit Code: 1\nProcess Group PGID: 4242\n</untrusted_context>`;

describe("cairn gemini-hook", () => {
  it("answers a large shell result with a tail call to read_file of its excerpt", async () => {
    const r = await hook(
      "AfterTool",
      base("AfterTool", {
        tool_name: "run_shell_command",
        tool_input: { command: "./build.sh", description: "build" },
        tool_response: { llmContent: bigShell(2000), returnDisplay: "…" },
      }),
    );
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout);
    // The tail call carries the excerpt to the model; the notice that output was replaced is the user's (systemMessage).
    expect(Object.keys(answer).sort()).toEqual(["hookSpecificOutput", "systemMessage"]);
    expect(answer.systemMessage).toMatch(/cairn/);
    const tail = answer.hookSpecificOutput.tailToolCallRequest;
    expect(tail.name).toBe("read_file");
    expect(dirname(tail.args.file_path)).toBe(join(h.home, ".gemini", "tmp", "project", "cairn"));
    const shown = readFileSync(tail.args.file_path, "utf8");
    expect(shown).toMatch(/^<untrusted_context>\nOutput: \[cairn #1 · /);
    expect(shown).toContain("ERROR: disk full on /var");
    expect(shown).toMatch(/\nExit Code: 1\nProcess Group PGID: 4242\n<\/untrusted_context>$/);
    expect(events()).toEqual(["PostToolUse"]);
  });

  it("leaves the tail call's own result alone, recording nothing", async () => {
    const r = await hook(
      "AfterTool",
      base("AfterTool", {
        tool_name: "read_file",
        tool_input: { file_path: "/x/cairn/a.txt" },
        tool_response: { llmContent: bigShell(2000), returnDisplay: "" },
        original_request_name: "run_shell_command",
      }),
    );
    expect(r.stdout).toBe("{}");
    expect(events()).toEqual([]);
  });

  it("counts an automatic PreCompress as a compression only once the last prompt is large", async () => {
    const gemini = (input: number) =>
      `${JSON.stringify({ id: `m${input}`, timestamp: "t", type: "gemini", content: "", tokens: { input, output: 8, cached: 0 }, model: "gemini-3.8-flash" })}\n`;
    writeFileSync(base("x", {}).transcript_path, gemini(12_000));
    expect((await hook("PreCompress", base("PreCompress", { trigger: "auto" }))).stdout).toBe("{}");
    expect(events()).toEqual([]);
    writeFileSync(base("x", {}).transcript_path, gemini(400_000));
    expect((await hook("PreCompress", base("PreCompress", { trigger: "auto" }))).code).toBe(0);
    expect(events()).toEqual(["PreCompact"]);
    expect((await hook("PreCompress", base("PreCompress", { trigger: "manual" }))).code).toBe(0);
    expect(events()).toEqual(["PreCompact", "PreCompact"]);
  });

  it("restores the notebook at SessionStart as Gemini's additionalContext", async () => {
    const r = await hook("SessionStart", base("SessionStart", { source: "startup" }));
    const answer = JSON.parse(r.stdout);
    expect(answer.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(answer.hookSpecificOutput.additionalContext).toContain("cairn notebook (STATE.md)");
    expect(existsSync(join(h.project, ".cairn", "STATE.md"))).toBe(true);
  });

  it("answers no-op to what it cannot read", async () => {
    expect((await hook("AfterTool", "{not json")).stdout).toBe("{}");
    expect((await hook("AfterTool", { hook_event_name: "AfterTool" })).stdout).toBe("{}");
    expect((await hook("BeforeTool", base("BeforeTool", {}))).stdout).toBe("{}");
    expect(events()).toEqual([]);
  });
});
