/**
 * Security review 2026-11-28, finding 12: `cairn show`, `cairn show N` and the MCP
 * show_output served any project's stored outputs. They read the current project's
 * only, unless asked with --all-projects (all_projects); the MCP `grep` runs on the
 * bounded engine of config patterns. The repro: an output filed in project A, read from
 * project B (its own git repository).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { openStore } from "../../../src/store/db.ts";
import { CAIRN, runCairn, tempHome } from "../../helpers/cairn.ts";

const A = "a0000000-0000-4000-8000-00000000000a";
const B = "b0000000-0000-4000-8000-00000000000b";
const SECRET_LINE = "DB_PASSWORD=Xy7;kQ9#mZ2!pL";
let h: ReturnType<typeof tempHome>;
let projA: string;
let projB: string;

beforeAll(async () => {
  h = tempHome("cairn-show-scope-");
  projA = join(h.home, "projA");
  projB = join(h.home, "projB");
  for (const p of [projA, projB]) mkdirSync(join(p, ".git"), { recursive: true });
  const store = await openStore(cairnPaths(join(h.home, ".cairn")).db);
  const session = store.db.prepare(
    "INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES (?, ?, 1, 1)",
  );
  session.run(A, projA);
  session.run(B, projB);
  const file = store.db.prepare(
    "INSERT INTO outputs (session_id, tool_name, label, original, original_bytes, original_lines, created_at) VALUES (?, 'Bash', ?, ?, 10, 2, 1)",
  );
  file.run(A, "cat .env.prod", Buffer.from(`line 1 ok\n${SECRET_LINE}\n`));
  file.run(B, "ls", Buffer.from("b-file\n"));
  store.close();
});
afterAll(() => h.cleanup());

const inB = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCairn(["show", ...args], { cwd: projB, env: { ...h.env, ...env } });

describe("cairn show in project B", () => {
  it("lists only B's outputs; --all-projects lists A's too", async () => {
    const mine = await inB([]);
    expect(mine.stdout).toContain("ls");
    expect(mine.stdout).not.toContain(".env.prod");
    expect((await inB(["--all-projects"])).stdout).toContain("cat .env.prod");
  });

  it("refuses A's output, whole, by grep and --info; reads it with --all-projects", async () => {
    for (const args of [["1"], ["1", "--grep", "PASSWORD"], ["1", "--info"]]) {
      const r = await inB(args);
      expect(r.code, args.join(" ")).toBe(1);
      expect(r.stdout).not.toContain(SECRET_LINE);
      expect(r.stderr).toContain("output #1 is not from this project");
    }
    expect((await inB(["1", "--all-projects", "--grep", "PASSWORD"])).stdout).toContain(SECRET_LINE);
  });

  it("run by the model inside B's session, from anywhere: B's outputs only", async () => {
    const r = await runCairn(["show", "1"], {
      cwd: h.home,
      env: { ...h.env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: B },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain(SECRET_LINE);
    const own = await runCairn(["show", "2"], {
      cwd: h.home,
      env: { ...h.env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: B },
    });
    expect(own.stdout).toBe("b-file\n");
  });
});

describe("MCP show_output in project B", () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "test", version: "1" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CAIRN, "mcp"],
        cwd: projB,
        env: { ...h.env, PATH: process.env.PATH ?? "", CLAUDE_CODE_SESSION_ID: B } as Record<string, string>,
        stderr: "pipe",
      }),
    );
  }, 60_000);
  afterAll(() => client.close());
  const call = async (args: Record<string, unknown>) => {
    const r = (await client.callTool({ name: "show_output", arguments: args })) as {
      content: { text: string }[];
      isError?: boolean;
    };
    return { text: r.content[0]?.text ?? "", isError: r.isError === true };
  };

  it("refuses A's output unless all_projects", async () => {
    const r = await call({ id: 1, grep: "PASSWORD" });
    expect(r.isError).toBe(true);
    expect(r.text).not.toContain(SECRET_LINE);
    expect((await call({ id: 1, grep: "PASSWORD", all_projects: true })).text).toContain(SECRET_LINE);
  });

  it("refuses a grep that could run away, and answers a polynomial one on a long line", async () => {
    const r = await call({ id: 2, grep: "(a+)+$" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("refused");
    expect((await call({ id: 2, grep: "b*b*b*b*b*b*c" })).text).toContain("no line matches");
  });
});
