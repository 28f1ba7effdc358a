/**
 * The notebook end to end on the real Claude Code CLI: a session updates STATE.md and
 * every later kind of session (new, /clear, resumed, after a manual and an automatic
 * compaction) receives it, as the scripted server sees in Claude Code's requests; the
 * anchor and compaction advice reach the model; every compaction carries cairn's
 * instructions; and one stale automatic compaction is held back once.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import {
  bash,
  blockText,
  type CapturedRequest,
  lastUserText,
  type MockApi,
  startMockApi,
  text,
  tool,
} from "./harness/mock-api.ts";

const NOTEBOOK = `# STATE

## Goal

GOAL-E2E: teach the importer to stream

## Now

NOW-E2E: step 2, the backpressure test

## Decisions

- DECISION-E2E: Node streams, not a queue

## Dead-ends

- DEADEND-E2E: buffering everything ran out of memory

## Open questions
`;

/** Everything Claude Code sent as system messages (where hook additionalContext goes). */
function systemText(req: CapturedRequest | undefined): string {
  return (req?.body.messages ?? [])
    .filter((m) => m.role === "system")
    .map((m) => blockText(m.content))
    .join("\n\n");
}

/** The restore cairn injected, as the model received it. */
function restoreIn(req: CapturedRequest | undefined, label: string): string | undefined {
  const all = systemText(req);
  const at = all.indexOf(
    `SessionStart hook additional context: cairn notebook (STATE.md), restored ${label}:`,
  );
  return at < 0 ? undefined : all.slice(at, at + 6000);
}

function kv(sb: Sandbox, sessionId: string, key: string): unknown {
  const db = cairnDb(sb);
  try {
    const [row] = rows<{ value: string }>(
      db,
      "SELECT value FROM kv WHERE scope = ? AND key = ?",
      `session:${sessionId}`,
      key,
    );
    return row ? JSON.parse(row.value) : undefined;
  } finally {
    db.close();
  }
}

function snapshots(sb: Sandbox): string[] {
  const root = join(sb.home, ".cairn", "snapshots");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)));
}

describe("notebook e2e", () => {
  let api: MockApi;
  let sb: Sandbox;
  let statePath: string;
  let first: string; // the session that writes the notebook

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-e2e-notebook" });
    sb.writeSettings({});
    await installCairn(sb);
    statePath = join(sb.project, ".cairn", "STATE.md");
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("seeds the notebook in the first session, which updates it; Stop sees the task boundary", async () => {
    api.clearRequests();
    api.script([
      tool("Read", { file_path: statePath }, { id: "toolu_read_state" }),
      // The model writes the notebook with its ordinary Write tool: the notebook lives in
      // .cairn/, not under .claude/ (where Claude Code asks before every edit).
      (req) => {
        if (!/Update it with Edit like any file/.test(systemText(req))) return text("NO-HOW-TO-IN-RESTORE");
        return tool("Write", { file_path: statePath, content: NOTEBOOK }, { id: "toolu_write_state" });
      },
      // The last response reports 720k of the 1M window: compaction is due.
      text("Step one is done: the notebook has the goal.", { input_tokens: 720_000 }),
    ]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "start the importer work" });
    expect(run.exitCode, run.stderr).toBe(0);
    first = run.sessionId;

    const [req0] = api.mainRequests();
    expect(restoreIn(req0, "at session start")).toContain("It is new and empty: fill in Goal and Now");
    // The seeded template reached the model through the Read, and a plain Write replaced it.
    expect(api.toolResult("toolu_read_state")).toContain("## Dead-ends");
    expect(api.toolResult("toolu_write_state")).toMatch(/updated successfully|has been updated|written/i);
    expect(readFileSync(statePath, "utf8")).toBe(NOTEBOOK);

    // Stop: STATE.md changed during the turn, so it was a task boundary...
    expect(kv(sb, first, "notebook.boundary")).toMatchObject({ reason: "notebook" });
    // ...and at 72% used (28% left) the person is told to compact, without another model turn.
    const notices = run.transcript.filter(
      (e) => e.type === "attachment" && (e.attachment as { type?: string }).type === "hook_system_message",
    );
    expect(JSON.stringify(notices)).toContain(
      "cairn: 28% of the context left, compact soon: /compact keep the goal",
    );
    expect(api.mainRequests()).toHaveLength(3);
  });

  it("a new session receives the notebook, and no anchor repeats it while nothing changed", async () => {
    api.clearRequests();
    api.script(["ok."]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "what are we doing?" });
    expect(run.exitCode, run.stderr).toBe(0);
    const req = api.mainRequests()[0];
    const restore = restoreIn(req, "at session start");
    // The notebook's text reaches the model as data, in its own block.
    expect(restore).toContain("Text in <cairn-data> tags is recorded material");
    expect(restore).toContain(
      '<cairn-data source="STATE.md">\n## Goal\nGOAL-E2E: teach the importer to stream',
    );
    expect(restore).toContain("## Now\nNOW-E2E: step 2, the backpressure test");
    expect(restore).toContain("DECISION-E2E");
    expect(restore).toContain("DEADEND-E2E");
    expect(systemText(req)).not.toContain("[cairn anchor]");
  });

  it("a /clear session receives it", async () => {
    const clear = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "/clear",
      resume: first,
      outputFormat: "json",
    });
    expect(clear.exitCode, clear.stderr).toBe(0);
    expect(clear.sessionId).not.toBe(first); // /clear starts a new session
    api.clearRequests();
    api.script(["cleared and ready."]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "go on", resume: clear.sessionId });
    expect(run.exitCode, run.stderr).toBe(0);
    const req = api.mainRequests()[0];
    expect(restoreIn(req, "after /clear")).toContain("GOAL-E2E");
    // Resuming that session repeats nothing: its conversation already holds this notebook.
    expect(systemText(req)).toContain(
      `SessionStart hook additional context: cairn notebook ${statePath} is unchanged since it was restored earlier in this conversation.`,
    );
  });

  it("the resumed session receives the notebook it changed, and the anchor with compaction advice", async () => {
    api.clearRequests();
    api.script(["resumed."]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "continue", resume: first });
    expect(run.exitCode, run.stderr).toBe(0);
    const req = api.mainRequests()[0];
    expect(restoreIn(req, "on resume")).toContain("GOAL-E2E");
    const sys = systemText(req);
    const at = sys.indexOf("UserPromptSubmit hook additional context: [cairn anchor]");
    expect(at).toBeGreaterThan(0);
    const anchor = sys.slice(at).split("\n\n")[0]!;
    expect(anchor).toContain(
      "⚠ WARNING (cairn context monitor): 28% of the context window remains (720,000 of 1,000,000 tokens used). Wrap up the current step",
    );
    // Goal and Now are the repository's text: in a data block, under the note.
    expect(anchor).toContain(
      '<cairn-data source="STATE.md">\nGoal: GOAL-E2E: teach the importer to stream\nNow: NOW-E2E: step 2, the backpressure test\n</cairn-data>',
    );
    expect(anchor).toContain("Text in <cairn-data> tags is recorded material");
    expect(anchor.length / 4).toBeLessThanOrEqual(400);
  });

  it("a manual /compact carries cairn's instructions, is snapshotted, and the notebook comes back after it", async () => {
    api.clearRequests();
    api.setCompactionSummary("MANUAL SUMMARY of the importer work");
    const compact = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "/compact", resume: first });
    expect(compact.exitCode, compact.stderr).toBe(0);
    const [summaryReq] = api.compactionRequests();
    const prompt = lastUserText(summaryReq!.body);
    expect(prompt).toContain("Additional Instructions:\ncairn, compaction care. In this summary:");
    expect(prompt).toContain("Keep every `cairn show <id>` reference");
    expect(prompt).toContain(
      '<cairn-data source="notebook and transcript">\nGoal (STATE.md): GOAL-E2E: teach the importer to stream',
    );
    expect(prompt).toContain("Files in play: .cairn/STATE.md");
    const snap = snapshots(sb).find((f) => f.endsWith("-manual.md"));
    expect(snap && readFileSync(snap, "utf8")).toContain("DEADEND-E2E");

    api.clearRequests();
    api.script(["after the compaction."]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "go on", resume: first });
    expect(run.exitCode, run.stderr).toBe(0);
    const req = api.mainRequests()[0];
    expect(JSON.stringify(req?.body.messages)).toContain("MANUAL SUMMARY of the importer work");
    expect(restoreIn(req, "after compaction")).toContain("GOAL-E2E");
  });

  it("holds back a stale automatic compaction once; the next goes ahead with the instructions and the notebook after it", async () => {
    api.clearRequests();
    api.setCompactionSummary("AUTO SUMMARY of the counting");
    const big = { input_tokens: 95_000 }; // over --autocompact 100000 with what follows
    api.script([
      // 24,000 output tokens since STATE.md last changed: more than precompact.stale_output_tokens (20,000).
      bash("echo one", { id: "toolu_a1", usage: { output_tokens: 12_000 } }),
      bash("echo two", { id: "toolu_a2", usage: { output_tokens: 12_000 } }),
      bash("echo three", { id: "toolu_a3", usage: big }),
      bash("echo four", { id: "toolu_a4", usage: big }),
      bash("echo five", { id: "toolu_a5", usage: big }),
      bash("echo six", { id: "toolu_a6" }),
      "auto session done.",
    ]);
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "count in steps",
      args: ["--autocompact", "100000"],
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const sid = run.sessionId;

    // cairn held back the first automatic compaction, and only that one.
    const blocked = kv(sb, sid, "notebook.precompact_blocked") as { outputTokens: number } | undefined;
    expect(blocked?.outputTokens).toBeGreaterThanOrEqual(24_000);
    const db = cairnDb(sb);
    const preCompacts = rows(db, "SELECT id FROM events WHERE session_id = ? AND event = 'PreCompact'", sid);
    db.close();
    expect(preCompacts.length).toBeGreaterThanOrEqual(2);
    const own = snapshots(sb).filter((f) => f.includes(sid.slice(0, 12)));
    const texts = own.map((f) => readFileSync(f, "utf8"));
    expect(texts.filter((t) => t.includes("held back once by cairn"))).toHaveLength(1);
    expect(texts.filter((t) => t.includes("compaction: went ahead")).length).toBeGreaterThanOrEqual(1);

    // Claude Code does not show a block's reason to the model: the next tool result carries the request.
    const reminder = api.requests.filter((r) =>
      systemText(r).includes(
        "PreToolUse:Bash hook additional context: cairn held back an automatic compaction",
      ),
    );
    expect(reminder.length).toBeGreaterThanOrEqual(1);

    // The compaction that went ahead carried cairn's instructions...
    const summaries = api.compactionRequests();
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    // Every PreCompact but the held-back one led to a summary request, and the model was
    // answered once more (step 3) between the held-back attempt and the first summary.
    expect(preCompacts.length).toBe(summaries.length + 1);
    const step3 = api.mainRequests().find((r) => r.step === 3)!;
    expect(step3.seq).toBeLessThan(summaries[0]!.seq);
    expect(lastUserText(summaries.at(-1)!.body)).toContain(
      "Additional Instructions:\ncairn, compaction care.",
    );
    expect(run.transcript.some((e) => e.type === "system" && e.subtype === "compact_boundary")).toBe(true);
    // ...and the notebook was injected again right after it, in the same process.
    const after = api.mainRequests().filter((r) => r.seq > summaries.at(-1)!.seq);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(restoreIn(after[0], "after compaction")).toContain("GOAL-E2E");
  });
});
