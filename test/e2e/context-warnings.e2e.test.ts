/**
 * The context monitor warns the agent, end to end on the real Claude Code CLI: the
 * scripted server reports rising usage, and the WARNING and CRITICAL texts must reach
 * the model in the requests that follow exactly the right tool calls, with the
 * debounce (no repeat until 5 more tool uses) and the escalation (critical at once).
 * Under `claude -p` there is no statusline, so the figure is the ledger's own.
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

/** Remaining percentage after each tool-calling response (the default model has a 1M window). */
const REMAINING = [70, 34, 33, 33, 32, 32, 31, 31, 24, 24, 23, 23, 22, 22, 22];
/** Tool call 7 fails: its warning still comes with PostToolUse (the exit trap). */
const FAILING = 7;
/** With thresholds 35/25 and a debounce of 5 tool uses. */
const EXPECTED: Record<number, "WARNING" | "CRITICAL"> = {
  2: "WARNING",
  7: "WARNING",
  9: "CRITICAL",
  14: "CRITICAL",
};

const id = (i: number) => `toolu_w${i}`;

/** The hook context Claude Code placed after a tool's result: the system messages that follow it. */
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

describe("context warnings e2e", () => {
  let api: MockApi;
  let sb: Sandbox;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    sb.writeSettings({});
    await installCairn(sb);
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("warns at the right tool calls, debounces, and escalates at once", async () => {
    api.script([
      ...REMAINING.map((remaining, k) => {
        const i = k + 1;
        const used = (100 - remaining) * 10_000;
        return bash(i === FAILING ? `echo step-${i}; exit 3` : `echo step-${i}`, {
          id: id(i),
          // input + cache-creation + cache-read is the context; output is not.
          usage: {
            input_tokens: used - 3_000,
            cache_creation_input_tokens: 1_000,
            cache_read_input_tokens: 2_000,
            output_tokens: 50,
          },
        });
      }),
      text("ALL-STEPS-DONE", {
        input_tokens: 780_000,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      }),
    ]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "work through the steps" });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("ALL-STEPS-DONE");

    const main = api.mainRequests();
    expect(main).toHaveLength(REMAINING.length + 1);
    for (let i = 1; i <= REMAINING.length; i++) {
      // Request i (0-based) is the first to carry tool call i's result.
      const ctx = contextAfter(main[i]!, id(i));
      expect(ctx, `tool call ${i}'s result is in the next request`).toBeDefined();
      const expected = EXPECTED[i];
      // The failing call too: cairn's exit trap makes a failing Bash command end in
      // PostToolUse (its status stated there), so the warning comes with that event.
      const event = "PostToolUse";
      if (expected) {
        expect(ctx, `tool call ${i}`).toContain(`${event}:Bash hook additional context: ${expected}`);
        expect(ctx).toContain(`${REMAINING[i - 1]}% of the context window remains`);
        expect(ctx).toContain(".cairn/STATE.md");
      } else {
        expect(ctx, `tool call ${i}`).not.toMatch(/WARNING|CRITICAL/);
      }
    }
    // The critical text asks for the handoff; the warning does not.
    expect(contextAfter(main[9]!, id(9))).toContain("save-inflight");
    expect(contextAfter(main[2]!, id(2))).not.toContain("save-inflight");

    const db = cairnDb(sb);
    try {
      const given = rows<{ level: string; tool_use_id: string; remaining_pct: number; source: string }>(
        db,
        "SELECT level, tool_use_id, remaining_pct, source FROM context_warnings WHERE session_id = ? ORDER BY id",
        run.sessionId,
      );
      expect(given.map((g) => [g.tool_use_id, g.level, g.remaining_pct])).toEqual([
        [id(2), "warning", 34],
        [id(7), "warning", 31],
        [id(9), "critical", 24],
        [id(14), "critical", 22],
      ]);
      expect(given.every((g) => g.source === "transcript")).toBe(true);
      // The dispatcher's audit of what cairn injected has the same four.
      const audited = rows<{ n: number }>(
        db,
        "SELECT count(*) AS n FROM injections WHERE session_id = ? AND part = 'context-monitor'",
        run.sessionId,
      );
      expect(audited[0]?.n).toBe(4);
    } finally {
      db.close();
    }

    const status = await cairn(sb, ["status", "--json"]);
    expect(status.code, status.stderr).toBe(0);
    const view = JSON.parse(status.stdout) as {
      session: { id: string };
      usage: { remainingPct: number; usedTokens: number };
      warnings: { count: number; last: { level: string } };
    };
    expect(view.session.id).toBe(run.sessionId);
    expect(view.warnings).toMatchObject({ count: 4, last: { level: "critical" } });
    expect(view.usage.usedTokens).toBe(780_000);
  });
});
