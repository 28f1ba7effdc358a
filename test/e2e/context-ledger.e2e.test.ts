/**
 * The ledger against the real Claude Code CLI: a session with a multi-block response
 * (text and two parallel tool calls), a subagent, a resume, a manual compaction and a
 * resume after it. Every usage figure the scripted server reported is recorded; the
 * ledger that cairn's hooks kept (read incrementally at every tool call and turn end)
 * must agree with their sums exactly, and so must a fresh one-shot read.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/db.ts";
import { catchUpSession } from "../../src/window/ledger.ts";
import { ledgerSession, tokenTotals } from "../../src/window/ledger-read.ts";
import { cairn, cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import {
  type CapturedRequest,
  type MockApi,
  type Reply,
  type RequestKind,
  startMockApi,
  type Usage,
} from "./harness/mock-api.ts";

type Sent = { kind: RequestKind; usage: Usage; seq: number };

/** Every usage the server reported for the main loop and subagents, in order. */
const sent: Sent[] = [];

let n = 0;
/** A distinct usage per reply, so a response counted twice or missed changes every sum. */
function usage(): Usage {
  n += 1;
  return {
    input_tokens: 10_000 + n * 1_117,
    cache_creation_input_tokens: 300 + n * 31,
    cache_read_input_tokens: 2_000 + n * 211,
    output_tokens: 40 + n * 7,
  };
}

/** A step that records what it reported. */
function step(reply: Omit<Reply, "usage">): (req: CapturedRequest) => Reply {
  return (req) => {
    const u = usage();
    sent.push({ kind: req.kind, usage: u, seq: req.seq });
    return { ...reply, usage: u };
  };
}

function sums(kind: RequestKind) {
  const s = sent.filter((x) => x.kind === kind);
  return {
    responses: s.length,
    input: s.reduce((a, x) => a + x.usage.input_tokens, 0),
    cacheCreation: s.reduce((a, x) => a + x.usage.cache_creation_input_tokens, 0),
    cacheRead: s.reduce((a, x) => a + x.usage.cache_read_input_tokens, 0),
    output: s.reduce((a, x) => a + x.usage.output_tokens, 0),
  };
}

const contextOf = (u: Usage) => u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;

interface ReportJson {
  tokens: {
    main: ReturnType<typeof sums>;
    subagents: (ReturnType<typeof sums> & { agentId: string; toolCalls: number })[];
  };
  usage: { usedTokens: number; windowTokens: number; source: string } | null;
  compactions: { trigger: string; preTokens: number; postTokens: number }[];
  toolResults: { toolUseId: string; name: string; bytes: number; agentId: string }[];
  timeline: { contextTokens: number; epoch: number; turn: number }[];
}

describe("context ledger e2e", () => {
  let api: MockApi;
  let sb: Sandbox;
  let first: RunClaudeResult;
  const report = async (): Promise<ReportJson> => {
    const r = await cairn(sb, ["report", "--session", first.sessionId, "--json", "--top", "50"]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as ReportJson;
  };

  beforeAll(async () => {
    // Side requests (titles, warm-ups, compaction) get a usage of their own that
    // must never reach the ledger's sums.
    api = await startMockApi({
      usage: {
        input_tokens: 7,
        cache_creation_input_tokens: 5,
        cache_read_input_tokens: 3,
        output_tokens: 1,
      },
    });
    sb = makeSandbox();
    sb.writeSettings({});
    await installCairn(sb);
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("a multi-block response and a subagent: one response per message.id, subagent usage apart", async () => {
    api.script([
      step({
        content: [
          { type: "text", text: "Two commands at once." },
          {
            type: "tool_use",
            name: "Bash",
            input: { command: "echo one", description: "one" },
            id: "toolu_l1",
          },
          {
            type: "tool_use",
            name: "Bash",
            input: { command: "seq 1 500", description: "two" },
            id: "toolu_l2",
          },
        ],
      }),
      step({
        tools: [
          {
            name: "Agent",
            id: "toolu_agent",
            input: {
              description: "sub task",
              prompt: "run one command",
              subagent_type: "general-purpose",
              run_in_background: false,
            },
          },
        ],
      }),
      step({
        tools: [{ name: "Bash", input: { command: "echo in-sub", description: "sub" }, id: "toolu_s1" }],
      }),
      step({ text: "subagent report: done" }),
      step({ text: "FIRST-DONE" }),
    ]);
    first = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "start", allowedTools: "Bash Agent" });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.resultText).toContain("FIRST-DONE");
    expect(sent.map((s) => s.kind)).toEqual(["main", "main", "subagent", "subagent", "main"]);
    // The transcript really does hold one entry per block of the first response.
    const firstId = first.transcript.find((e) => e.type === "assistant")?.message as { id: string };
    expect(
      first.transcript.filter(
        (e) => e.type === "assistant" && (e.message as { id: string }).id === firstId.id,
      ),
    ).toHaveLength(3);

    // The hooks kept the ledger during the run (the Stop hook read the subagent's file too).
    const db = cairnDb(sb);
    try {
      const kept = rows<{ agent: string; n: number }>(
        db,
        "SELECT agent_id = '' AS agent, count(*) AS n FROM ledger_responses WHERE session_id = ? GROUP BY 1 ORDER BY 1",
        first.sessionId,
      );
      expect(kept.map((k) => k.n)).toEqual([sums("subagent").responses, sums("main").responses]);
    } finally {
      db.close();
    }

    const r = await report();
    expect(r.tokens.main).toEqual(sums("main"));
    expect(r.tokens.subagents).toHaveLength(1);
    const { agentId, toolCalls, ...sub } = r.tokens.subagents[0]!;
    expect({
      responses: sub.responses,
      input: sub.input,
      cacheCreation: sub.cacheCreation,
      cacheRead: sub.cacheRead,
      output: sub.output,
    }).toEqual(sums("subagent"));
    expect(toolCalls).toBe(1);
    expect(r.toolResults.find((t) => t.toolUseId === "toolu_s1")?.agentId).toBe(agentId);
    expect(r.toolResults.find((t) => t.toolUseId === "toolu_l2")?.bytes).toBeGreaterThan(1000);
    // The context is the last main response's input + cache tokens, not a subagent's.
    const lastMain = sent.filter((s) => s.kind === "main").at(-1)!;
    expect(r.usage).toMatchObject({
      usedTokens: contextOf(lastMain.usage),
      windowTokens: 1_000_000,
      source: "transcript",
    });
  });

  it("a resumed session appends to the same ledger", async () => {
    api.script([
      step({
        tools: [{ name: "Bash", input: { command: "echo resumed", description: "r" }, id: "toolu_r1" }],
      }),
      step({ text: "RESUMED-DONE" }),
    ]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "again", resume: first.sessionId });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("RESUMED-DONE");
    const r = await report();
    expect(r.tokens.main).toEqual(sums("main"));
    expect(new Set(r.timeline.map((p) => p.turn))).toEqual(new Set([1, 2]));
  });

  it("a compaction is recorded, and the context after it is what the compaction kept", async () => {
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "/compact",
      resume: first.sessionId,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(api.compactionRequests().length).toBeGreaterThan(0);
    const boundary = run.transcript.find((e) => e.type === "system" && e.subtype === "compact_boundary") as
      | { compactMetadata: { preTokens: number; postTokens: number; trigger: string } }
      | undefined;
    expect(boundary).toBeDefined();
    const r = await report();
    expect(r.compactions).toEqual([
      expect.objectContaining({
        trigger: boundary!.compactMetadata.trigger,
        preTokens: boundary!.compactMetadata.preTokens,
        postTokens: boundary!.compactMetadata.postTokens,
      }),
    ]);
    expect(r.usage?.usedTokens).toBe(boundary!.compactMetadata.postTokens);
    // The compaction's own request is not a response of the session's chain.
    expect(r.tokens.main).toEqual(sums("main"));

    api.script([
      step({ tools: [{ name: "Bash", input: { command: "echo after", description: "a" }, id: "toolu_a1" }] }),
      step({ text: "AFTER-COMPACT-DONE" }),
    ]);
    const after = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "after", resume: first.sessionId });
    expect(after.exitCode, after.stderr).toBe(0);
    const r2 = await report();
    expect(r2.tokens.main).toEqual(sums("main"));
    expect(r2.timeline.at(-1)).toMatchObject({ epoch: 1 });
    expect(r2.timeline.filter((p) => p.epoch === 1)).toHaveLength(2);
    expect(r2.usage?.usedTokens).toBe(contextOf(sent.at(-1)!.usage));
  });

  it("a fresh one-shot read of the final transcripts gives the very same figures", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cairn-ledger-e2e-"));
    const store = await openStore(join(dir, "fresh.db"));
    try {
      catchUpSession(store, first.sessionId, first.transcriptPath, { subagents: true });
      const t = tokenTotals(store, first.sessionId);
      expect({ ...t.main }).toEqual(sums("main"));
      const a = t.agents[0]!;
      expect({
        responses: a.responses,
        input: a.input,
        cacheCreation: a.cacheCreation,
        cacheRead: a.cacheRead,
        output: a.output,
      }).toEqual(sums("subagent"));
      expect(ledgerSession(store, first.sessionId)).toMatchObject({ epoch: 1, turn: 4 });
      const r = await report();
      expect(r.tokens.main).toEqual({ ...t.main });
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
