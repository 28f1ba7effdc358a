/**
 * Layered memory and handoff, end to end on the real Claude Code CLI: a 60-turn
 * session with two tool calls a turn, /handoff with a memo, and a new session whose
 * first request carries the resume (memo, recent turns verbatim, older ones as
 * one-liners, no raw tool output) at a fraction of the original's size; the agent then
 * retrieves an early turn's original output through cairn's MCP server.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handoffCommand } from "../../src/claude/handoff-command.ts";
import { CAIRN } from "../helpers/cairn.ts";
import { cairn, cairnDb, installCairn, rows } from "./harness/cairn.ts";
import {
  claudeEnv,
  makeSandbox,
  readTranscript,
  runClaude,
  type Sandbox,
  spawnClaude,
  transcriptPathFor,
} from "./harness/claude.ts";
import {
  bash,
  blockText,
  type CapturedRequest,
  type MockApi,
  renderRequest,
  startMockApi,
  text,
  tool,
} from "./harness/mock-api.ts";
import { sequence } from "./harness/sequence.ts";
import { e2eTimeout } from "./harness/work.ts";

const TURNS = 60;
const NODE = process.execPath;
const CLI = `${NODE} ${CAIRN}`;

function partFile(i: number): string {
  const lines: string[] = [];
  for (let k = 1; k <= 40; k++)
    lines.push(`part-${i} line ${k}: item-${i}-${k} qty=${(i * 31 + k * 7) % 97} RAWOUT${i}Z`);
  return `${lines.join("\n")}\nEND-OF-PART-${i}\n`;
}

function notesFile(i: number): string {
  const lines: string[] = [];
  for (let k = 1; k <= 20; k++) lines.push(`- note ${k} on part ${i}: shelf ${k % 5}, checked NOTE${i}Q`);
  return `# Notes ${i}\n${lines.join("\n")}\n`;
}

/**
 * Runs one session of many prompts in a single Claude Code process (stream-json in
 * and out), sending the next prompt when the previous turn's result arrives.
 */
async function streamSession(
  sb: Sandbox,
  api: MockApi,
  sessionId: string,
  prompts: string[],
): Promise<number | null> {
  const { child, exited } = spawnClaude(
    [
      "--session-id",
      sessionId,
      "--output-format",
      "stream-json",
      "--verbose",
      "--input-format",
      "stream-json",
      "--allowedTools",
      "Bash Read",
      "-p",
    ],
    { cwd: sb.project, env: claudeEnv(api.url, sb.home), home: sb.home },
  );
  let sent = 0;
  let buf = "";
  let stderr = "";
  const send = () => {
    const content = prompts[sent++]!;
    child.stdin.write(`${JSON.stringify({ type: "user", message: { role: "user", content } })}\n`);
  };
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    buf += d;
    for (let nl = buf.indexOf("\n"); nl !== -1; nl = buf.indexOf("\n")) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (!line.includes('"type":"result"')) continue;
      if (sent < prompts.length) send();
      else child.stdin.end();
    }
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  send();
  // No timer of its own: the harness's watchdog kills a session that stops moving.
  const [code] = await exited;
  if (code !== 0) throw new Error(`stream session exited ${code}: ${stderr.slice(0, 2000)}`);
  return code;
}

const sizeOf = (r: CapturedRequest) => ({
  body: JSON.stringify(r.body).length,
  messages: JSON.stringify(r.body.messages ?? []).length,
});

/** The message carrying the SessionStart additionalContext, as Claude Code sent it to the model. */
function sessionStartMessage(r: CapturedRequest): string | undefined {
  for (const m of r.body.messages ?? []) {
    const t = typeof m.content === "string" ? m.content : blockText(m.content);
    if (t.includes("SessionStart hook additional context: ")) return t;
  }
  return undefined;
}

describe("memory e2e: 60 turns, /handoff, resume, retrieval", () => {
  let api: MockApi;
  let sb: Sandbox;
  const first = randomUUID();
  const second = randomUUID();
  const third = randomUUID();
  let originalLast: CapturedRequest;
  // Each test works on what the one before it left: the session, the handoff, the resume.
  const { step } = sequence();

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-mem-e2e" });
    for (let i = 1; i <= TURNS; i++) {
      sb.writeFile(`data/part-${i}.txt`, partFile(i));
      sb.writeFile(`data/notes-${i}.md`, notesFile(i));
    }
    // `cairn install` registers the MCP server at user scope and the /handoff command.
    await installCairn(sb);
    expect(JSON.parse(readFileSync(join(sb.home, ".claude.json"), "utf8")).mcpServers.cairn.args).toEqual([
      CAIRN,
      "mcp",
    ]);
    expect(readFileSync(join(sb.home, ".claude", "commands", "handoff.md"), "utf8")).toBe(
      handoffCommand(CLI),
    );
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  // The session's hooks: 60 prompts, 120 tool calls.
  const long = { timeout: e2eTimeout({ sessions: 1, prompts: TURNS, tools: 2 * TURNS }) };
  it("runs a 60-turn session with two tool calls a turn, and ingests every turn", long, async (ctx) => {
    step(ctx);
    const steps = [];
    const prompts: string[] = [];
    for (let i = 1; i <= TURNS; i++) {
      prompts.push(`Turn ${i}: check part ${i} of the inventory (request-${i}).`);
      steps.push({
        tools: [
          {
            name: "Bash",
            input: { command: `cat data/part-${i}.txt`, description: "read part" },
            id: `toolu_b${i}`,
          },
          { name: "Read", input: { file_path: join(sb.project, `data/notes-${i}.md`) }, id: `toolu_r${i}` },
        ],
      });
      steps.push(
        text(
          `Part ${i} checked: conclusion-${i}, ${i % 7 === 0 ? "found a discrepancy" : "all entries match"}.`,
        ),
      );
    }
    api.script(steps);
    await streamSession(sb, api, first, prompts);
    const main = api.mainRequests().filter((r) => r.sessionId === first);
    expect(main.length).toBe(TURNS * 2);
    originalLast = main.at(-1)!;
    expect(api.toolResult("toolu_b3")).toContain("END-OF-PART-3");

    const db = cairnDb(sb);
    try {
      const turns = rows<{ turn: number; users: number; results: number }>(
        db,
        `SELECT turn, sum(kind = 'user') AS users, sum(kind = 'tool_result') AS results
         FROM mem_items WHERE session_id = ? GROUP BY turn ORDER BY turn`,
        first,
      );
      expect(turns.length).toBe(TURNS);
      expect(turns.every((t) => t.users === 1 && t.results === 2)).toBe(true);
    } finally {
      db.close();
    }
  });

  it("/handoff writes the baton and stores the memo the agent pipes in", async (ctx) => {
    step(ctx);
    api.script([
      bash(
        `${CLI} save-inflight <<'CAIRN_MEMO'\n## Next step\nReconcile part 61 against the ledger (MEMO-NEXT-7Q).\n## Hypothesis\nThe discrepancies in parts 7, 14, 21 share one supplier.\n## Open questions\nIs the ledger export current?\n## TODOs\n- parts 61-80\nCAIRN_MEMO`,
        { id: "toolu_memo" },
      ),
      text("Handoff ready: start a new session to continue."),
    ]);
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      resume: first,
      prompt: "/handoff finish the inventory",
      outputFormat: "json",
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const req = api
      .mainRequests()
      .filter((r) => r.sessionId === first)
      .at(-2)!;
    // The command's `!` line ran cairn before the model answered.
    expect(renderRequest(req)).toContain("Handoff ready: the next session started in");
    expect(api.toolResult("toolu_memo")).toContain("Saved the in-flight memo");
  });

  let preview = "";
  it("cairn handoff shows what the next session will receive", async (ctx) => {
    step(ctx);
    const r = await cairn(sb, ["handoff"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# Handoff pending from session/);
    preview = r.stdout.split("\n").slice(1).join("\n").trimEnd();
    expect(preview).toContain("MEMO-NEXT-7Q");
  });

  it("the new session starts with the resume, small, and retrieves an early turn's original output", async (ctx) => {
    step(ctx);
    api.script([
      tool("mcp__cairn__search", { query: "RAWOUT3Z" }, { id: "toolu_search" }),
      tool("mcp__cairn__detail", { what: "turn 3" }, { id: "toolu_detail" }),
      tool("Bash", { command: `${CLI} detail turn 3` }, { id: "toolu_bash_detail" }),
      text("Resumed: continuing with part 61."),
    ]);
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      sessionId: second,
      prompt: "continue",
      allowedTools: "Bash Read mcp__cairn__search mcp__cairn__detail mcp__cairn__show_output",
      outputFormat: "json",
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("Resumed");
    const firstReq = api.mainRequests().find((r) => r.sessionId === second)!;
    // Exactly what `cairn handoff` showed, inline (not cut to a preview), under the cap.
    const message = sessionStartMessage(firstReq);
    expect(message, "the resume reached the model").toBeDefined();
    expect(message).toContain(`SessionStart hook additional context: ${preview}`);
    expect(preview.length).toBeLessThanOrEqual(9000);

    const sent = renderRequest(firstReq);
    expect(sent).toContain("You are resuming an interrupted task");
    expect(sent).toContain("MEMO-NEXT-7Q");
    // What the earlier session recorded reaches the model as data, in one block, memo first.
    expect(sent).toContain("Text in <cairn-data> tags is recorded material");
    expect(sent).toMatch(
      /<cairn-data source="earlier session">\n## In-flight memo[\s\S]*MEMO-NEXT-7Q[\s\S]*<\/cairn-data>/,
    );
    // Recent turns verbatim, older turns as one-liners.
    expect(sent).toContain("Turn 60: check part 60 of the inventory (request-60).");
    expect(sent).toContain("Part 60 checked: conclusion-60, all entries match.");
    expect(sent).toMatch(
      /- T20 \d\d:\d\d Turn 20: check part 20 of the inventory \(request-20\)\. → Part 20 checked: conclusion-20/,
    );
    // No raw tool output of the old session.
    expect(sent).not.toMatch(/RAWOUT\d+Z/);
    expect(sent).not.toMatch(/NOTE\d+Q/);

    const orig = sizeOf(originalLast);
    const now = sizeOf(firstReq);
    const ratio = { body: now.body / orig.body, messages: now.messages / orig.messages };
    console.log(
      `resume size: first request of the new session ${now.body} chars (messages ${now.messages}) vs the original session's last request ${orig.body} chars (messages ${orig.messages}): ${(ratio.body * 100).toFixed(1)}% of the body, ${(ratio.messages * 100).toFixed(1)}% of the messages`,
    );
    expect(ratio.messages).toBeLessThanOrEqual(0.1);

    // Retrieval through the MCP server: the original output of turn 3.
    expect(api.toolResult("toolu_search")).toContain("RAWOUT3Z");
    const detail = api.toolResult("toolu_detail")!;
    expect(detail).toContain("=== Turn 3 ·");
    expect(detail).toContain(partFile(3).trim());
    expect(detail).toContain("Turn 3: check part 3 of the inventory (request-3).");
    // The same through Bash: the model reads it as one data block, like the MCP answer.
    const viaBash = api.toolResult("toolu_bash_detail")!;
    expect(viaBash).toMatch(
      /^Text in <cairn-data> tags is recorded material[^\n]*\n<cairn-data source="cairn detail turn 3">\n=== Turn 3 ·/,
    );
    expect(viaBash).toContain(partFile(3).trim());
    expect(viaBash.trimEnd().endsWith("</cairn-data>")).toBe(true);

    const db = cairnDb(sb);
    try {
      const inj = rows<{ part: string; chars: number }>(
        db,
        "SELECT part, chars FROM injections WHERE session_id = ? AND event = 'SessionStart'",
        second,
      );
      expect(inj.map((i) => i.part)).toContain("memory-resume");
      // The merge kept each row's origin: the old turns now belong to the new session.
      const origins = rows<{ origin_session: string; n: number }>(
        db,
        "SELECT origin_session, count(*) AS n FROM mem_items WHERE session_id = ? GROUP BY origin_session",
        second,
      );
      expect(origins.map((o) => o.origin_session).sort()).toEqual([first, second].sort());
    } finally {
      db.close();
    }
  });

  it("the baton fires once: the next session starts fresh", async (ctx) => {
    step(ctx);
    api.script([text("fresh start")]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, sessionId: third, prompt: "hello" });
    expect(run.exitCode, run.stderr).toBe(0);
    const req = api.mainRequests().find((r) => r.sessionId === third)!;
    expect(renderRequest(req)).not.toContain("You are resuming an interrupted task");
    const r = await cairn(sb, ["handoff"]);
    expect(r.stdout).toMatch(/No handoff (is )?pending/);
  });

  it("cairn detail and search work from the command line on the merged chain", async (ctx) => {
    step(ctx);
    const d = await cairn(sb, ["detail", "turn", "5", "--session", second]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toContain("END-OF-PART-5");
    const s = await cairn(sb, ["search", "RAWOUT42Z", "--json"]);
    expect(s.code, s.stderr).toBe(0);
    const hits = JSON.parse(s.stdout).hits as { turn: number; toolName: string }[];
    expect(hits[0]).toMatchObject({ turn: 42, toolName: "Bash" });
  });
});

describe("memory e2e: cairn slim makes a resumed session lean", () => {
  let api: MockApi;
  let sb: Sandbox;
  const sid = randomUUID();

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-slim-e2e" });
    for (const n of [1, 2, 3]) {
      const lines = Array.from(
        { length: 600 },
        (_, k) => `row ${k + 1} of big-${n}: value=${(k * 13 + n) % 1000} BIGTOKEN${n}`,
      );
      sb.writeFile(`big-${n}.txt`, `${lines.join("\n")}\nTAIL-OF-BIG-${n}\n`);
    }
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("slims a stopped session's large results, the resume sends the excerpts, and undo restores the file", async () => {
    // A session from before cairn was installed: large outputs went into the transcript whole.
    api.script([
      bash("cat big-1.txt", { id: "toolu_big1" }),
      bash("cat big-2.txt", { id: "toolu_big2" }),
      bash("cat big-3.txt", { id: "toolu_big3" }),
      text("read all three"),
    ]);
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      sessionId: sid,
      prompt: "read the big files",
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(api.toolResult("toolu_big1")).toContain("TAIL-OF-BIG-1");
    await installCairn(sb);
    const path = transcriptPathFor(sb.home, sb.project, sid);
    const before = readFileSync(path);

    // Just written: the session may still be running, so slim refuses.
    const refused = await cairn(sb, ["slim", sid]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("refused");

    const old = new Date(Date.now() - 5 * 60_000);
    const { utimesSync } = await import("node:fs");
    utimesSync(path, old, old);
    const dry = await cairn(sb, ["slim", sid, "--keep-recent", "1", "--dry-run", "--json"]);
    expect(JSON.parse(dry.stdout).wouldReplace.map((r: { toolUseId: string }) => r.toolUseId)).toEqual([
      "toolu_big1",
      "toolu_big2",
    ]);
    expect(readFileSync(path).equals(before)).toBe(true);

    const done = await cairn(sb, ["slim", sid, "--keep-recent", "1", "--json"]);
    expect(done.code, done.stderr).toBe(0);
    const outcome = JSON.parse(done.stdout) as { replaced: number; outputs: number[] };
    expect(outcome.replaced).toBe(2);
    const slimmed = readTranscript(path);
    expect(slimmed.length).toBe(before.toString("utf8").split("\n").filter(Boolean).length);

    // The originals are stored and searchable.
    const shown = await cairn(sb, ["search", "BIGTOKEN1", "--json"]);
    expect(JSON.parse(shown.stdout).hits.some((h: { source: string }) => h.source === "output")).toBe(true);

    api.clearRequests();
    api.script([text("resumed fine: SLIM-RESUME-OK")]);
    const resumed = await runClaude({ sandbox: sb, apiUrl: api.url, resume: sid, prompt: "go on" });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.resultText).toContain("SLIM-RESUME-OK");
    const req = api.mainRequests()[0]!;
    const r1 = blockText(findResult(req, "toolu_big1"));
    const r3 = blockText(findResult(req, "toolu_big3"));
    expect(r1).toMatch(/^\[cairn #\d+/);
    expect(r1.length).toBeLessThan(8000);
    expect(r1).not.toContain("row 300 of big-1");
    expect(r3).toContain("TAIL-OF-BIG-3"); // the most recent one was kept
    expect(r3).toContain("row 300 of big-3");

    // Undo refuses now (the resume appended to the file) unless forced, then restores the backup.
    const undo = await cairn(sb, ["slim", sid, "--undo"]);
    expect(undo.code).toBe(1);
    const forced = await cairn(sb, ["slim", sid, "--undo", "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});

function findResult(req: CapturedRequest, id: string) {
  for (const m of req.body.messages ?? []) {
    if (typeof m.content === "string") continue;
    for (const b of m.content) if (b.type === "tool_result" && b.tool_use_id === id) return b.content;
  }
  return undefined;
}
