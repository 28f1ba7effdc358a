import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import * as v from "valibot";
import { MCP_INLINE_CHARS, MCP_PAGE_CHARS } from "../claude/limits.ts";
import { defuse, notedDataBlock } from "../core/data-block.ts";
import { errorMessage } from "../core/fs.ts";
import { VERSION } from "../core/version.ts";
import type { Store } from "../store/db.ts";
import { chainOwner, currentSession, type MemoryEnv, transcriptOf } from "./command-env.ts";
import { detail, parseDetailSpec } from "./detail.ts";
import { indexOutputs, ingestSource } from "./ingest.ts";
import { type Hit, isQuerySyntaxError, search } from "./search.ts";
import { pageFooter, readOutput } from "./show-output.ts";
import { parseWhen } from "./when.ts";

/** The tools the agent gets, named mcp__cairn__<name> in Claude Code. */
const TOOLS = [
  {
    name: "search",
    description:
      "Full-text search (ranked, with snippets) over everything cairn remembers of this project's sessions: the conversation, every tool input and output, thinking, hook messages, turn summaries, and the stored originals of outputs that were shown to you as excerpts. Use it to find an earlier result, error or decision instead of re-running a command.",
    inputSchema: {
      type: "object",
      properties: {
        query: {
          type: "string",
          description: 'Words that must all appear; FTS5 syntax ("phrase", prefix*, OR) also works.',
        },
        tool: { type: "string", description: "Only results of this tool (Bash, Read, Grep, ...)." },
        since: { type: "string", description: "From HH:MM today, an ISO time, or an age like 2h." },
        until: { type: "string", description: "Up to HH:MM today, an ISO time, or an age." },
        this_session_only: {
          type: "boolean",
          description: "Only this session and the sessions handed off into it.",
        },
        limit: { type: "number", description: "At most this many hits (default 10)." },
      },
      required: ["query"],
    },
  },
  {
    name: "detail",
    description:
      "What happened in earlier turns of this session (including sessions handed off into it): the conversation verbatim and every tool call with its full input and output (the stored original where you were shown an excerpt), thinking, and system and hook messages.",
    inputSchema: {
      type: "object",
      properties: {
        what: {
          type: "string",
          description:
            'Which turns: "turn 12", "turn 3-5", a local time "14:05", a range "14:00-14:30", or a tool_use id.',
        },
        max_chars: {
          type: "number",
          description: "Cut the answer after this many characters (default 25000).",
        },
      },
      required: ["what"],
    },
  },
  {
    name: "show_output",
    description:
      "A stored original output of this project by its id (the number in an excerpt's header or a search hit): whole, a line range (the original's bytes), or the lines matching a regular expression (with their line numbers; inside the range when both are given), or what you were shown for it instead. An answer larger than one page comes in pages: the answer ends with the call for the next page and every page's line range.",
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "number", description: "The output's id." },
        lines: { type: "string", description: 'A line range such as "120-260", or "120-" to the end.' },
        grep: {
          type: "string",
          description:
            "A regular expression (JavaScript syntax, no backreferences or nested quantifiers); only matching lines, with their numbers.",
        },
        ignore_case: { type: "boolean", description: "Match grep without regard to case." },
        context: { type: "number", description: "Lines of context around each grep match (default 2)." },
        shown: {
          type: "boolean",
          description: "What you were shown for this output instead of its original.",
        },
        page: { type: "number", description: "Which page of a long answer (default 1)." },
        max_chars: {
          type: "number",
          description: `Characters per page, at most ${MCP_PAGE_CHARS} (the default).`,
        },
        all_projects: { type: "boolean", description: "Also read outputs of other projects' sessions." },
      },
      required: ["id"],
    },
  },
] as const;

const SearchArgs = v.object({
  query: v.pipe(v.string(), v.minLength(1)),
  tool: v.optional(v.string()),
  since: v.optional(v.string()),
  until: v.optional(v.string()),
  this_session_only: v.optional(v.boolean()),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
});
const DetailArgs = v.object({
  what: v.pipe(v.string(), v.minLength(1)),
  max_chars: v.optional(v.pipe(v.number(), v.integer(), v.minValue(500))),
});
const ShowArgs = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  lines: v.optional(v.string()),
  grep: v.optional(v.string()),
  ignore_case: v.optional(v.boolean()),
  context: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000))),
  shown: v.optional(v.boolean()),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  max_chars: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000))),
  all_projects: v.optional(v.boolean()),
});

const DEFAULT_MAX = 25_000;

type Reply = { content: { type: "text"; text: string }[]; isError?: boolean };
const reply = (text: string, isError = false): Reply => ({
  content: [{ type: "text", text }],
  ...(isError ? { isError } : {}),
});

/** A reply that carries recorded material: cairn's line on top, the material in a data block. */
const recorded = (head: string, body: string, source: string): Reply =>
  reply(`${head}\n${notedDataBlock(body, source)}`);

/** Answers one tool call. Exported for tests; the server below only routes to it. */
export async function callTool(m: MemoryEnv, name: string, args: unknown, cli: string): Promise<Reply> {
  const store = await m.store();
  const now = m.now();
  // The current turn is ingested only at its Stop: catch up first, so "what just happened" is there.
  const session = currentSession(store, m.projectDir, undefined, m.env);
  const transcript = session ? transcriptOf(store, session) : undefined;
  if (session && transcript)
    ingestSource(
      store,
      { path: transcript, sessionId: session, projectDir: m.projectDir },
      { now, redact: m.config["compress.redact"] },
    );
  indexOutputs(store, now, 100_000);

  if (name === "search") {
    const a = v.safeParse(SearchArgs, args);
    if (!a.success) return reply(`bad arguments: ${a.issues[0]?.message}`, true);
    const since = a.output.since ? parseWhen(a.output.since, now) : undefined;
    const until = a.output.until ? parseWhen(a.output.until, now) : undefined;
    if (since === null || until === null)
      return reply("since/until: use HH:MM, an ISO time, or an age like 2h", true);
    let hits: Hit[];
    try {
      hits = search(store, {
        query: a.output.query,
        projectDir: m.projectDir,
        owner: a.output.this_session_only ? chainOwner(store, m.projectDir, undefined, m.env) : undefined,
        tool: a.output.tool,
        since,
        until,
        limit: a.output.limit ?? 10,
      });
    } catch (e) {
      if (isQuerySyntaxError(e)) return reply(e.message, true);
      throw e;
    }
    if (hits.length === 0) return reply(`No match for "${a.output.query}".`);
    const lines = hits.map((h, n) => {
      const where =
        h.source === "output"
          ? `stored output id=${h.id} (${h.toolName}${h.toolUseId ? ` ${h.toolUseId}` : ""}), line ${h.line} → show_output {"id": ${h.id}, "lines": "${Math.max(1, h.line - 5)}-${h.line + 5}"}`
          : `turn ${h.turn} ${h.kind}${h.toolName ? ` (${h.toolName})` : ""} → detail {"what": "${h.toolUseId ?? `turn ${h.turn}`}"}`;
      // The whole matching line, on one line of the answer.
      return `${n + 1}. ${where}\n   ${h.snippet.replace(/[\r\n]+/g, " ")}`;
    });
    return recorded(
      `${hits.length} hit${hits.length === 1 ? "" : "s"} for "${a.output.query}", best first.`,
      lines.join("\n"),
      "memory search",
    );
  }
  if (name === "detail") {
    const a = v.safeParse(DetailArgs, args);
    if (!a.success) return reply(`bad arguments: ${a.issues[0]?.message}`, true);
    const owner = chainOwner(store, m.projectDir, undefined, m.env);
    if (!owner) return reply("cairn has no memory of this session yet.", true);
    const r = detail(store, owner, parseDetailSpec([a.output.what]), {
      maxChars: a.output.max_chars ?? DEFAULT_MAX,
      cli,
    });
    return r.turns.length
      ? recorded(
          `Turn${r.turns.length === 1 ? "" : "s"} ${r.turns.join(", ")} as recorded.`,
          r.text,
          "memory",
        )
      : reply(`Nothing matches "${a.output.what}" in this session.`, true);
  }
  if (name === "show_output") {
    const a = v.safeParse(ShowArgs, args);
    if (!a.success) return reply(`bad arguments: ${a.issues[0]?.message}`, true);
    return showOutputReply(store, a.output, m.projectDir, cli);
  }
  return reply(`unknown tool ${name}`, true);
}

/**
 * show_output's answer: the reader's (memory/show-output.ts), in pages that stay under
 * what Claude Code shows of an MCP result inline. A page of text that is mostly
 * look-alikes of the data block's tag grows when they are defused: then the pages are
 * made smaller, and the next page's call says so.
 */
function showOutputReply(
  store: Store,
  a: v.InferOutput<typeof ShowArgs>,
  projectDir: string,
  cli: string,
): Reply {
  let chars = Math.min(a.max_chars ?? MCP_PAGE_CHARS, MCP_PAGE_CHARS);
  for (;;) {
    const read = readOutput(
      store,
      a.id,
      {
        lines: a.lines,
        grep: a.grep,
        ignoreCase: a.ignore_case,
        context: a.context,
        shown: a.shown,
        paging: { chars, page: a.page ?? 1 },
      },
      { project: a.all_projects ? undefined : projectDir, cli },
    );
    if (!read.ok) return reply(read.message, true);
    const { row } = read;
    // The label is the command that ran: one line on cairn's side of the block.
    const head = `output ${row.id} · ${row.tool_name}${row.label ? ` · ${defuse(row.label.replace(/\s+/g, " ").slice(0, 200))}` : ""} · ${read.totalLines} lines${a.shown ? " · what you were shown" : ""}`;
    const body = Buffer.from(read.bytes).toString("utf8");
    const next = (page: number) =>
      `show_output ${JSON.stringify({ ...a, page, ...(chars === MCP_PAGE_CHARS ? {} : { max_chars: chars }) })}`;
    const footer = read.page ? `\n${pageFooter(row.id, { ...read, page: read.page }, next)}` : "";
    const text = `${head}\n${notedDataBlock(body, "stored tool output")}${footer}`;
    if (text.length <= MCP_INLINE_CHARS || chars <= 1000) return reply(text);
    chars = Math.max(1000, Math.floor(chars * 0.75));
  }
}

/** Serves the tools over stdio until the client goes away. */
export async function serveMcp(m: MemoryEnv, cli: string): Promise<void> {
  const server = new Server({ name: "cairn", version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS as unknown as never[] }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    try {
      return await callTool(m, req.params.name, req.params.arguments ?? {}, cli);
    } catch (err) {
      return reply(`cairn: ${errorMessage(err)}`, true);
    }
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
  });
  await server.connect(transport);
  await closed;
  m.close();
}
