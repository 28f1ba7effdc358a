import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { openStore } from "../../../src/store/db.ts";
import { CAIRN, runCairn, tempHome } from "../../helpers/cairn.ts";
import { repeatSession, TOOLS_SESSION } from "./helpers.ts";

const A = "aaaaaaaa-0000-4000-8000-000000000001";
let home: ReturnType<typeof tempHome>;

beforeAll(async () => {
  home = tempHome("cairn-mcp-");
  mkdirSync(home.project, { recursive: true });
  const path = join(home.home, "a.jsonl");
  writeFileSync(path, repeatSession(TOOLS_SESSION, 3, A));
  const store = await openStore(cairnPaths(join(home.home, ".cairn")).db);
  store.db
    .prepare(
      "INSERT INTO sessions (id, project_dir, transcript_path, started_at, last_seen_at) VALUES (?, ?, ?, 1, 1)",
    )
    .run(A, home.project, path);
  ingestSource(store, { path, sessionId: A, projectDir: home.project }, { now: 1 });
  store.db
    .prepare(
      "INSERT INTO outputs (session_id, tool_use_id, tool_name, label, original, original_bytes, original_lines, created_at) VALUES (?, 'toolu_t2_small_bash', 'Bash', 'ls', ?, 1, 1, 1)",
    )
    .run(A, Buffer.from("first\nSTORED-ORIGINAL-LINE\nthird\n"));
  store.close();
});
afterAll(() => home.cleanup());

describe("cairn mcp (official SDK client over stdio, the built bundle)", () => {
  it("lists its tools and answers search, detail and show_output", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CAIRN, "mcp"],
      cwd: home.project,
      env: {
        ...home.env,
        PATH: process.env.PATH ?? "",
        CLAUDE_PROJECT_DIR: home.project,
        CLAUDE_CODE_SESSION_ID: A,
      } as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "test", version: "1" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["detail", "search", "show_output"]);
      const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]?.text ?? "";

      const s = await client.callTool({ name: "search", arguments: { query: "marker2x" } });
      expect(text(s)).toContain("turn 2 user");
      expect(text(s)).toMatch(/\n {3}[^\n]*marker2x/);
      expect(text(s)).not.toContain("[marker2x]");
      const badQuery = await client.callTool({ name: "search", arguments: { query: "foo AND (" } });
      expect(badQuery.isError).toBe(true);
      expect(text(badQuery)).toContain("is not valid FTS5 syntax");
      const o = await client.callTool({ name: "search", arguments: { query: "STORED-ORIGINAL-LINE" } });
      expect(text(o)).toContain(`line 2 → show_output {"id": 1, "lines": "1-7"}\n   STORED-ORIGINAL-LINE`);

      const d = await client.callTool({ name: "detail", arguments: { what: "toolu_t2_small_bash" } });
      expect(text(d)).toContain("STORED-ORIGINAL-LINE");
      const big = await client.callTool({ name: "detail", arguments: { what: "turn 2", max_chars: 3000 } });
      // The cut detail plus cairn's framing of it as recorded material.
      expect(text(big).length).toBeLessThan(3650);
      expect(text(big)).toContain("cut at 3000 characters");

      const sh = await client.callTool({ name: "show_output", arguments: { id: 1, grep: "STORED" } });
      expect(text(sh)).toContain("2: STORED-ORIGINAL-LINE");
      // Every reply that carries stored text says so, and keeps it inside one data block.
      for (const r of [s, o, d, big, sh]) {
        expect(text(r)).toContain("\nText in <cairn-data> tags is recorded material");
        expect(text(r)).toMatch(/\n<cairn-data source="[^"]+">\n[\s\S]*\n<\/cairn-data>$/);
      }
      expect(text(sh)).toMatch(/^output 1 · Bash · ls · 3 lines\n/);
      const bad = await client.callTool({ name: "detail", arguments: { what: "not a spec!" } });
      expect(bad.isError).toBe(true);
      const missing = await client.callTool({ name: "show_output", arguments: { id: 99 } });
      expect(missing.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("memory commands: usage errors exit 2, failures 1", () => {
  const run = (args: string[], input?: string) =>
    runCairn(args, {
      cwd: home.project,
      env: { ...home.env, CLAUDE_PROJECT_DIR: home.project },
      ...(input === undefined ? {} : { input }),
    });

  it("rejects bad input with the usage", async () => {
    expect((await run(["detail"])).code).toBe(2);
    expect((await run(["detail", "25:99"])).code).toBe(2);
    expect((await run(["search"])).code).toBe(2);
    expect((await run(["search", "x", "--since", "someday"])).code).toBe(2);
    expect((await run(["save-inflight"], "   ")).code).toBe(2);
    expect((await run(["slim"])).code).toBe(2);
    const r = await run(["detail", "--bogus"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("cairn detail: unknown option --bogus (options: cairn detail --help)\n");
  });

  it("finds and prints, or says it found nothing (exit 1)", async () => {
    const d = await run(["detail", "turn", "3"]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toContain("exercise the tools, round 3 marker3x");
    expect((await run(["detail", "turn", "30"])).code).toBe(1);
    const s = await run(["search", "conclusion2y"]);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toContain("T2 assistant");
    expect((await run(["search", "nothing-like-this-anywhere"])).code).toBe(1);
    expect((await run(["slim", "no-such-session"])).code).toBe(1);
  });

  it("inside a Claude Code session (the model reads the output), detail and search print one data block", async () => {
    // Claude Code sets these for every command it runs for the agent; piped, the model reads it.
    const agent = (args: string[], env: NodeJS.ProcessEnv) =>
      runCairn(args, { cwd: home.project, env: { ...home.env, CLAUDE_PROJECT_DIR: home.project, ...env } });
    for (const env of [{ CLAUDECODE: "1" }, { CLAUDE_CODE_SESSION_ID: A }]) {
      const d = await agent(["detail", "turn", "3"], env);
      expect(d.code, d.stderr).toBe(0);
      expect(d.stdout).toMatch(
        /^Text in <cairn-data> tags is recorded material[^\n]*\n<cairn-data source="cairn detail turn 3">\n[\s\S]*marker3x[\s\S]*\n<\/cairn-data>\n$/,
      );
      const s = await agent(["search", "conclusion2y"], env);
      expect(s.code, s.stderr).toBe(0);
      expect(s.stdout).toMatch(
        /^Text in <cairn-data> tags[^\n]*\n<cairn-data source="cairn search conclusion2y">\n1\. \[T2 assistant[\s\S]*\n<\/cairn-data>\n$/,
      );
      // Machine-readable output stays JSON.
      const j = await agent(["search", "conclusion2y", "--json"], env);
      expect(JSON.parse(j.stdout).hits.length).toBeGreaterThan(0);
    }
    // Piped outside a session, the text as it is: the plain listing, no block.
    const plain = await run(["detail", "turn", "3"]);
    expect(plain.stdout).not.toContain("<cairn-data");
    expect(plain.stdout).toContain("marker3x");
  });

  it("save-inflight stores the memo, and handoff shows it once a baton is written", async () => {
    const saved = await run(["save-inflight", "--json"], "## Next step\nMEMO-UNIT-1\n");
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(saved.stdout)).toMatchObject({ saved: true, sessionId: A, handoffPending: false });
    const w = await run(["handoff", "--write", "--json"]);
    expect(w.code, w.stderr).toBe(0);
    expect(JSON.parse(w.stdout)).toMatchObject({ sessionId: A, turns: 3 });
    const p = await run(["handoff"]);
    expect(p.stdout).toContain("MEMO-UNIT-1");
    expect(p.stdout).toContain("You are resuming an interrupted task");
    const c = await run(["handoff", "--cancel"]);
    expect(c.stdout).toContain("Handoff withdrawn");
  });
});
