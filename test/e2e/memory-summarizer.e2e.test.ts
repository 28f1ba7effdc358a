/**
 * The opt-in `claude -p` summariser, end to end: `cairn handoff --write` asks the real
 * Claude Code CLI (against the scripted server) for the older turns' one-liners, in an
 * empty temporary directory, with cairn's own hooks standing down (CAIRN_HOOKS_OFF).
 */
import { randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairn, cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { DUMMY_API_KEY, makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, lastUserText, type MockApi, startMockApi, text } from "./harness/mock-api.ts";

describe("memory e2e: the claude -p summariser", () => {
  let api: MockApi;
  let sb: Sandbox;
  const sid = randomUUID();

  beforeAll(async () => {
    api = await startMockApi({
      // The summariser's request has no tools; route it to the script like a main request.
      classify: (_path, body) =>
        lastUserText(body).includes("Summarise each turn of a coding session") ? "main" : undefined,
    });
    sb = makeSandbox({ prefix: "cairn-sum-e2e" });
    await installCairn(sb);
    mkdirSync(join(sb.home, ".cairn"), { recursive: true });
    appendFileSync(
      join(sb.home, ".cairn", "config.yaml"),
      "memory:\n  summarizer: claude\n  recent_turns: 1\n  summarizer_timeout_ms: 60000\n",
    );
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("writes model one-liners for the older turns, and cairn's hooks stay out of the summariser's session", async () => {
    for (const [n, prompt] of ["list the files", "count the lines", "sum it up"].entries()) {
      api.script([bash(`echo step-${n}`, { id: `toolu_s${n}` }), text(`done step ${n}`)]);
      const r = await runClaude({
        sandbox: sb,
        apiUrl: api.url,
        prompt,
        ...(n === 0 ? { sessionId: sid } : { resume: sid }),
      });
      expect(r.exitCode, r.stderr).toBe(0);
    }
    api.clearRequests();
    api.script([
      (req) => {
        const asked = lastUserText(req.body);
        expect(asked).toContain("T1:");
        expect(asked).toContain("T2:");
        expect(asked).not.toContain("T3:"); // the recent window stays verbatim
        return "T1: listed the project files (model)\nT2: counted the lines, 42 (model)";
      },
    ]);
    const w = await cairn(sb, ["handoff", "--write", "--session", sid, "--json"], {
      env: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: DUMMY_API_KEY, CI: "1" },
    });
    expect(w.code, w.stderr).toBe(0);
    expect(JSON.parse(w.stdout)).toMatchObject({ summarizer: "model:claude:claude-haiku-4-5", turns: 3 });

    const [summary] = api.mainRequests();
    expect(summary, "the summariser reached the scripted server").toBeDefined();
    expect(summary!.body.model).toBe("claude-haiku-4-5");
    expect(summary!.body.tools ?? []).toEqual([]);

    const db = cairnDb(sb);
    try {
      const l1 = rows<{ turn: number; text: string; made_by: string }>(
        db,
        "SELECT turn, text, made_by FROM mem_items WHERE layer = 1 ORDER BY turn",
      );
      expect(l1).toEqual([
        { turn: 1, text: "listed the project files (model)", made_by: "model:claude:claude-haiku-4-5" },
        { turn: 2, text: "counted the lines, 42 (model)", made_by: "model:claude:claude-haiku-4-5" },
      ]);
      // The recursion guard: the summariser's own Claude Code session never reached cairn.
      const sessions = rows<{ id: string; cwd: string }>(db, "SELECT id, cwd FROM sessions");
      expect(sessions.map((s) => s.id)).toEqual([sid]);
      expect(sessions.some((s) => s.cwd.includes("cairn-summarize-"))).toBe(false);
    } finally {
      db.close();
    }
    const preview = await cairn(sb, ["handoff"]);
    expect(preview.stdout).toMatch(/- T2 \d\d:\d\d counted the lines, 42 \(model\)/);
  });
});
