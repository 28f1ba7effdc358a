/**
 * The window cairn warns against is the one Claude Code uses, end to end on the real
 * CLI: a session on Sonnet 5 (a native 1,000,000-token window in Claude Code 2.1.328's
 * model registry) under `claude -p`, where no statusline runs and the figure is the
 * ledger's. At 150k tokens nothing is said; WARNING and CRITICAL come at the monitor's
 * documented thresholds (35% and 25% remaining) of 1,000,000, and `cairn status`
 * shows the same window. Before cairn read Claude Code's registry, 150k tokens of
 * Sonnet 5 were "75% of 200,000" and the agent was told to stop new work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairn, cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import {
  bash,
  blockText,
  type CapturedRequest,
  type MockApi,
  startMockApi,
  text,
} from "./harness/mock-api.ts";

const MODEL = "claude-sonnet-5";
/** Context after each tool-calling response, in tokens of the 1M window. */
const USED = [150_000, 300_000, 660_000, 760_000];
/** Tool call n (1-based) and what the model must receive after its result. */
const EXPECTED: Record<number, "WARNING" | "CRITICAL" | undefined> = { 3: "WARNING", 4: "CRITICAL" };

const id = (i: number) => `toolu_cw${i}`;

/** The system messages Claude Code placed right after a tool's result. */
function contextAfter(req: CapturedRequest, toolUseId: string): string | undefined {
  const msgs = req.body.messages ?? [];
  const at = msgs.findIndex(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some((b) => b.type === "tool_result" && b.tool_use_id === toolUseId),
  );
  if (at < 0) return undefined;
  const out: string[] = [];
  for (let i = at + 1; i < msgs.length && msgs[i]!.role === "system"; i++)
    out.push(blockText(msgs[i]!.content));
  return out.join("\n");
}

describe("context window of a 1M model without a statusline", () => {
  let api: MockApi;
  let sb: Sandbox;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-e2e-window" });
    sb.writeSettings({});
    await installCairn(sb);
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("warns against 1,000,000 tokens: nothing at 150k, WARNING at 35% and CRITICAL at 25% remaining", async () => {
    api.script([
      ...USED.map((used, k) =>
        bash(`echo step-${k + 1}`, {
          id: id(k + 1),
          usage: {
            input_tokens: used - 3_000,
            cache_creation_input_tokens: 1_000,
            cache_read_input_tokens: 2_000,
            output_tokens: 50,
          },
        }),
      ),
      text("WINDOW-STEPS-DONE", { input_tokens: 770_000 }),
    ]);
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "work through the steps",
      args: ["--model", MODEL],
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("WINDOW-STEPS-DONE");

    const main = api.mainRequests();
    expect(main[0]?.body.model).toBe(MODEL);
    expect(main).toHaveLength(USED.length + 1);
    for (let i = 1; i <= USED.length; i++) {
      const ctx = contextAfter(main[i]!, id(i));
      expect(ctx, `tool call ${i}'s result is in the next request`).toBeDefined();
      const remaining = 100 - Math.round(USED[i - 1]! / 10_000);
      const expected = EXPECTED[i];
      if (expected) {
        expect(ctx, `tool call ${i}`).toContain(`PostToolUse:Bash hook additional context: ${expected}`);
        expect(ctx).toContain(
          `${remaining}% of the context window remains (${USED[i - 1]!.toLocaleString("en-US")} of 1,000,000 tokens used)`,
        );
        expect(ctx).not.toContain("assumed");
      } else {
        expect(ctx, `tool call ${i}`).not.toMatch(/WARNING|CRITICAL|Do not start new work/);
      }
    }

    const db = cairnDb(sb);
    try {
      const given = rows<{ level: string; tool_use_id: string; window_tokens: number }>(
        db,
        "SELECT level, tool_use_id, window_tokens FROM context_warnings WHERE session_id = ? ORDER BY id",
        run.sessionId,
      );
      expect(given.map((g) => [g.tool_use_id, g.level, g.window_tokens])).toEqual([
        [id(3), "warning", 1_000_000],
        [id(4), "critical", 1_000_000],
      ]);
    } finally {
      db.close();
    }

    // status, sessions and the warnings use the same window.
    const status = await cairn(sb, ["status", "--json"]);
    expect(status.code, status.stderr).toBe(0);
    const view = JSON.parse(status.stdout) as {
      usage: { windowTokens: number; windowBasis: string; usedTokens: number; model: string };
    };
    expect(view.usage).toMatchObject({
      windowTokens: 1_000_000,
      windowBasis: "registry",
      usedTokens: 770_000,
      model: MODEL,
    });
    const sessions = await cairn(sb, ["sessions", "--json"]);
    expect(sessions.code, sessions.stderr).toBe(0);
    const listed = (JSON.parse(sessions.stdout) as { id: string; usage: { windowTokens: number } }[]).find(
      (s) => s.id === run.sessionId,
    );
    expect(listed?.usage.windowTokens).toBe(1_000_000);
  });
});
