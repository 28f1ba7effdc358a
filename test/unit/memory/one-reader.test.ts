/**
 * One reader of stored originals: `cairn show` (the built CLI), the MCP tool
 * show_output (the built `cairn mcp`, through the official SDK client) and the
 * dashboard's outputs API (its real route) give the same bytes for the same request,
 * and the same words when they cannot. Before, each had its own: two --lines parsers,
 * --grep case-sensitive in one and not the other, numbered lines in one, different
 * words for a pruned original.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/resolve.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { openStore } from "../../../src/store/db.ts";
import { TOKEN_HEADER } from "../../../src/web/auth.ts";
import { type RunningUi, startUiServer } from "../../../src/web/server.ts";
import { CAIRN, runCairn, tempHome } from "../../helpers/cairn.ts";
import { FIXTURES } from "./helpers.ts";

const SID = "0ne0ne00-0000-4000-8000-000000000001";
const LOG = readFileSync(join(FIXTURES, "outputs", "log-npm-install-verbose.txt"));
let h: ReturnType<typeof tempHome>;
let ui: RunningUi;
let client: Client;

beforeAll(async () => {
  h = tempHome("cairn-one-reader-");
  mkdirSync(h.project, { recursive: true });
  const paths = cairnPaths(join(h.home, ".cairn"));
  const store = await openStore(paths.db);
  store.db
    .prepare("INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES (?, ?, 1, 1)")
    .run(SID, h.project);
  const file = (original: Buffer, extra = "") =>
    store.db
      .prepare(
        `INSERT INTO outputs (session_id, tool_name, label, original, original_bytes, original_lines, excerpt, created_at${extra ? ", pruned_at" : ""})
         VALUES (?, 'Bash', 'npm install --verbose', ?, ?, 1, '[cairn #1 · excerpt]\nkept line', 1${extra ? `, ${extra}` : ""})`,
      )
      .run(SID, original, original.length);
  file(LOG);
  file(Buffer.from(""), String(Date.parse("2026-11-20T10:00:00Z")));
  store.close();
  ui = await startUiServer({
    paths,
    config: resolveConfig([]).config,
    port: 0,
    token: "test-token",
    cli: "cairn",
    assets: { js: "", css: "" },
  });
  client = new Client({ name: "test", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CAIRN, "mcp"],
      cwd: h.project,
      env: { ...h.env, PATH: process.env.PATH ?? "", CLAUDE_PROJECT_DIR: h.project } as Record<
        string,
        string
      >,
      stderr: "pipe",
    }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  await ui?.close();
  h?.cleanup();
});

interface Ask {
  readonly lines?: string;
  readonly grep?: string;
  readonly i?: boolean;
  readonly context?: number;
  readonly shown?: boolean;
}

async function viaCli(id: number, a: Ask): Promise<{ ok: boolean; text: string }> {
  const args = ["show", String(id)];
  if (a.lines) args.push("--lines", a.lines);
  if (a.grep) args.push("--grep", a.grep);
  if (a.i) args.push("-i");
  if (a.context !== undefined) args.push("-C", String(a.context));
  if (a.shown) args.push("--shown");
  const r = await runCairn(args, { cwd: h.project, env: { ...h.env, CLAUDE_PROJECT_DIR: h.project } });
  if (r.code === 0) return { ok: true, text: r.stdout };
  // The CLI's own frame around the reader's words: its name, and where its options are.
  return {
    ok: false,
    text: words(
      r.stderr
        .replace(/^cairn show: /, "")
        .replace(/ \(options: [^)]*\)\n?$/, "")
        .trim(),
    ),
  };
}

async function viaMcp(id: number, a: Ask): Promise<{ ok: boolean; text: string }> {
  const r = (await client.callTool({
    name: "show_output",
    arguments: {
      id,
      ...(a.lines ? { lines: a.lines } : {}),
      ...(a.grep ? { grep: a.grep } : {}),
      ...(a.i ? { ignore_case: true } : {}),
      ...(a.context !== undefined ? { context: a.context } : {}),
      ...(a.shown ? { shown: true } : {}),
    },
  })) as { content: { text: string }[]; isError?: boolean };
  const text = r.content[0]?.text ?? "";
  if (r.isError) return { ok: false, text: words(text) };
  // The material is the data block's body (one line after its opening tag, up to the closing one).
  const body = /<cairn-data source="stored tool output">\n([\s\S]*)\n<\/cairn-data>/.exec(text)?.[1];
  return { ok: true, text: body ?? `no data block in: ${text}` };
}

async function viaDashboard(id: number, a: Ask): Promise<{ ok: boolean; text: string }> {
  const q = new URLSearchParams();
  if (a.lines) q.set("lines", a.lines);
  if (a.grep) q.set("grep", a.grep);
  if (a.i) q.set("i", "1");
  if (a.context !== undefined) q.set("context", String(a.context));
  if (a.shown) q.set("shown", "1");
  const res = await fetch(`http://127.0.0.1:${ui.port}/api/outputs/${id}/read?${q}`, {
    headers: { [TOKEN_HEADER]: "test-token" },
  });
  const body = (await res.json()) as { ok: boolean; text?: string; message?: string };
  return body.ok ? { ok: true, text: body.text ?? "" } : { ok: false, text: words(body.message ?? "") };
}

/** Each surface names cairn as it runs there (`cairn`, or node and the bundle's path). */
const words = (message: string) => message.replace(/`[^`]* show /g, "`cairn show ");

/** Every page of the MCP tool's answer, each asked for with the call its footer names. */
async function mcpPages(id: number): Promise<string> {
  let args: Record<string, unknown> = { id };
  let all = "";
  for (let n = 0; n < 100; n++) {
    const r = (await client.callTool({ name: "show_output", arguments: args })) as {
      content: { text: string }[];
    };
    const text = r.content[0]?.text ?? "";
    all += /<cairn-data source="stored tool output">\n([\s\S]*)\n<\/cairn-data>/.exec(text)?.[1] ?? "";
    expect(text.length).toBeLessThanOrEqual(47_889);
    const next = /next page: show_output (\{[^\n]*\})\]/.exec(text)?.[1];
    if (!next) return all;
    args = JSON.parse(next) as Record<string, unknown>;
  }
  throw new Error("more than 100 pages");
}

const ASKS: Ask[] = [
  {},
  { lines: "200-260" },
  { lines: "1190-" },
  { grep: "ERR!" },
  { grep: "err!", i: true, context: 0 },
  { grep: "http fetch", lines: "100-400", context: 1 },
  { shown: true },
  // What none of them can give, in the same words.
  { lines: "30-20" },
  { lines: "99999-" },
  { grep: "(a+)+$" },
  { grep: "no such line anywhere" },
];

describe("cairn show, MCP show_output and the dashboard read alike", () => {
  for (const a of ASKS) {
    it(JSON.stringify(a), async () => {
      const [cli, mcp, web] = await Promise.all([viaCli(1, a), viaMcp(1, a), viaDashboard(1, a)]);
      expect(web).toEqual(cli);
      if (Object.keys(a).length > 0) expect(mcp).toEqual(cli);
      else {
        // 120 KB is more than one page of the MCP tool: its pages, followed as its footer says.
        expect(cli.text).toBe(LOG.toString("utf8"));
        expect(await mcpPages(1)).toBe(cli.text);
      }
    });
  }

  it("a pruned original, and an output that was never filed", async () => {
    for (const id of [2, 99]) {
      const [cli, mcp, web] = await Promise.all([viaCli(id, {}), viaMcp(id, {}), viaDashboard(id, {})]);
      expect(cli.ok).toBe(false);
      expect(mcp).toEqual(cli);
      if (id === 2) expect(web).toEqual(cli);
    }
  });
});
