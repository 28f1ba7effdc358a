/**
 * A scripted Anthropic Messages API on loopback, for driving the real Claude Code CLI
 * in end-to-end tests.
 *
 * - Streams SSE exactly like the real API (message_start, content_block_start/delta/stop
 *   for text and tool_use with input_json_delta, message_delta, message_stop), or answers
 *   with a plain JSON message when `stream` is not set.
 * - Captures every request in order, classified by `kind`:
 *   "main"       the main conversation loop (consumes a script step),
 *   "subagent"   a subagent's (Agent/Task tool) loop (consumes a script step too: the
 *                parent waits for it, so one ordered script describes both),
 *   "compaction" a compaction summary request (answered with <analysis>/<summary>),
 *   "auxiliary"  everything else Claude Code asks on the side (title or topic
 *                generation, quota probes, count_tokens, unknown paths); answered
 *                sensibly without consuming script steps.
 * - When the script runs out, the model says "done." and ends its turn.
 */

import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type Usage = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
};

export type ToolUseSpec = { name: string; input: Record<string, unknown>; id?: string };

export type ReplyBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; name: string; input: Record<string, unknown>; id?: string };

/** One scripted assistant reply. `text` comes first, then `tools`, unless `content` is given. */
export type Reply = {
  text?: string;
  tools?: ToolUseSpec[];
  /** Explicit ordered blocks; overrides text/tools. */
  content?: ReplyBlock[];
  /** Reported usage; missing fields are filled with plausible defaults. */
  usage?: Partial<Usage>;
  /** Defaults to "tool_use" when the reply has tool_use blocks, else "end_turn". */
  stopReason?: string;
};

export type StepFn = (req: CapturedRequest, api: MockApi) => Reply | string | Promise<Reply | string>;
/** A script step: a reply, a bare string (text reply), or a function of the request. */
export type Step = Reply | string | StepFn;

export type RequestKind = "main" | "subagent" | "compaction" | "auxiliary";

export type ContentBlock = {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | ContentBlock[];
  is_error?: boolean;
  [key: string]: unknown;
};

export type ApiMessage = { role: string; content: string | ContentBlock[]; [key: string]: unknown };

export type MessagesBody = {
  model?: string;
  messages?: ApiMessage[];
  system?: string | ContentBlock[];
  tools?: { name: string; [key: string]: unknown }[];
  max_tokens?: number;
  stream?: boolean;
  [key: string]: unknown;
};

export type CapturedRequest = {
  /** 0-based order of arrival over the server's lifetime. */
  seq: number;
  method: string;
  /** Path without the query string. */
  path: string;
  query: string;
  /** Request headers; x-api-key and authorization are redacted. */
  headers: Record<string, string>;
  /** Parsed JSON body ({} when empty or not JSON). */
  body: MessagesBody;
  kind: RequestKind;
  /** Claude Code's session id (x-claude-code-session-id header), when sent. */
  sessionId?: string;
  /** Why it got its kind, e.g. "no tools", "title", "count_tokens". */
  reason: string;
  /** The reply that was sent (content blocks), filled after answering /v1/messages. */
  reply?: ContentBlock[];
  /** Index of the script step consumed (main/subagent only); undefined when the script had run out. */
  step?: number;
};

export type MockApiOptions = {
  steps?: Step[];
  /** Summary text for compaction requests (string, or function of the request). */
  compactionSummary?: string | ((req: CapturedRequest) => string);
  /** Default usage for every reply, overridden per step. */
  usage?: Partial<Usage>;
  /**
   * Answer for /v1/messages/count_tokens (Read asks it about large files before
   * returning them; Read refuses files over its token cap). Default: body chars / 4.
   */
  countTokens?: (body: MessagesBody) => number;
  /** Override the classification (return undefined to keep the built-in one). */
  classify?: (path: string, body: MessagesBody, method: string) => RequestKind | undefined;
  /** Optional logger for debugging (e.g. console.error). */
  log?: (line: string) => void;
};

export type MockApi = {
  url: string;
  port: number;
  requests: CapturedRequest[];
  /** Replace the remaining script. */
  script(steps: Step[]): void;
  /** Append steps to the remaining script. */
  push(...steps: Step[]): void;
  /** Number of script steps not yet consumed. */
  remainingSteps(): number;
  setCompactionSummary(summary: string | ((req: CapturedRequest) => string)): void;
  /** Forget captured requests (the script and counters are kept). */
  clearRequests(): void;
  byKind(kind: RequestKind): CapturedRequest[];
  mainRequests(): CapturedRequest[];
  lastMainRequest(): CapturedRequest | undefined;
  compactionRequests(): CapturedRequest[];
  auxiliaryRequests(): CapturedRequest[];
  /** Text of a tool_result for a tool_use id, from the latest request that carries it. */
  toolResult(toolUseId: string): string | undefined;
  /** The tool_result block itself (with is_error), from the latest request that carries it. */
  toolResultBlock(toolUseId: string): ContentBlock | undefined;
  /** Every tool_use the mock emitted so far, in order. */
  toolUses(): { id: string; name: string; input: Record<string, unknown>; seq: number }[];
  close(): Promise<void>;
};

export const DEFAULT_FINAL_TEXT = "done.";
export const DEFAULT_COMPACTION_SUMMARY = "MOCK SUMMARY: the user asked for work; it was done.";

// ---------------------------------------------------------------------------------------
// step builders

export function text(t: string, usage?: Partial<Usage>): Reply {
  return usage ? { text: t, usage } : { text: t };
}

export function tool(
  name: string,
  input: Record<string, unknown>,
  opts: { id?: string; text?: string; usage?: Partial<Usage> } = {},
): Reply {
  const spec: ToolUseSpec = opts.id ? { name, input, id: opts.id } : { name, input };
  const reply: Reply = { tools: [spec] };
  if (opts.text !== undefined) reply.text = opts.text;
  if (opts.usage) reply.usage = opts.usage;
  return reply;
}

export function bash(
  command: string,
  opts: { id?: string; text?: string; usage?: Partial<Usage>; description?: string } = {},
): Reply {
  return tool("Bash", { command, description: opts.description ?? "run command" }, opts);
}

// ---------------------------------------------------------------------------------------
// rendering helpers (pure; also usable on transcript message contents)

/** Text of a block's content: a string, or the text blocks of an array joined by "\n". */
export function blockText(content: string | ContentBlock[] | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .map((b) => {
      if (b.type === "text") return b.text ?? "";
      if (b.type === "image") return "[image]";
      return `[${b.type}]`;
    })
    .join("\n");
}

export function renderBlock(b: ContentBlock): string {
  switch (b.type) {
    case "text":
      return b.text ?? "";
    case "tool_use":
      return `tool_use(${b.id}) ${b.name} ${JSON.stringify(b.input)}`;
    case "tool_result":
      return `tool_result(${b.tool_use_id})${b.is_error ? " ERROR" : ""}: ${blockText(b.content)}`;
    case "thinking":
      return `thinking: ${String(b.thinking ?? "")}`;
    default:
      return `[${b.type}]`;
  }
}

/** Renders messages as "[role] text" paragraphs, for substring assertions. */
export function renderMessages(messages: ApiMessage[] | undefined): string {
  if (!messages) return "";
  return messages
    .map((m) => {
      const body = typeof m.content === "string" ? m.content : m.content.map(renderBlock).join("\n");
      return `[${m.role}] ${body}`;
    })
    .join("\n\n");
}

/** Renders a captured request's messages (and optionally its system prompt). */
export function renderRequest(req: CapturedRequest, opts: { system?: boolean } = {}): string {
  const parts: string[] = [];
  if (opts.system) parts.push(`[system-prompt] ${blockText(req.body.system)}`);
  parts.push(renderMessages(req.body.messages));
  return parts.join("\n\n");
}

/** Finds the tool_result block for a tool_use id in one request. */
export function findToolResult(req: CapturedRequest, toolUseId: string): ContentBlock | undefined {
  for (const m of req.body.messages ?? []) {
    if (typeof m.content === "string") continue;
    for (const b of m.content) {
      if (b.type === "tool_result" && b.tool_use_id === toolUseId) return b;
    }
  }
  return undefined;
}

/** The last user message's text blocks (tool results excluded). */
export function lastUserText(body: MessagesBody): string {
  const msgs = body.messages ?? [];
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m?.role !== "user") continue;
    if (typeof m.content === "string") return m.content;
    return m.content
      .filter((b) => b.type === "text")
      .map((b) => b.text ?? "")
      .join("\n");
  }
  return "";
}

// ---------------------------------------------------------------------------------------
// classification

/** The summary prompt's opening line, and its task sentence (either marks compaction). */
const COMPACTION_MARKERS = [
  "CRITICAL: Respond with TEXT ONLY",
  "create a detailed summary of the conversation",
];

/**
 * Classifies a request. Exported for unit tests.
 *
 * Claude Code 2.1.328 under `-p` sends, besides the main loop: `HEAD /api/hello` (a
 * connectivity probe, only without CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC), subagent
 * loops (billing header `cc_is_subagent=true`), compaction summaries (a fork of the main
 * request, same tools, ending in the summary prompt). Its other side queries are either
 * tool-less (session title, topic, model validation with max_tokens 1, ...) or forks of
 * the main request with max_tokens 1 (resume cache warm-up); both are "auxiliary".
 */
export function classify(
  path: string,
  body: MessagesBody,
  method = "POST",
): { kind: RequestKind; reason: string } {
  if (method !== "POST" || !/\/v1\/messages\/?$/.test(path)) {
    return {
      kind: "auxiliary",
      reason: path.includes("count_tokens") ? "count_tokens" : `${method} ${path}`,
    };
  }
  const last = lastUserText(body);
  if (COMPACTION_MARKERS.some((m) => last.includes(m)))
    return { kind: "compaction", reason: "summary prompt" };
  const tools = body.tools ?? [];
  const system = blockText(body.system);
  if (tools.length === 0) {
    // Side requests (title, topic, validation...) carry no tool list; the main loop always does.
    const r = /title|kebab-case name/i.test(system)
      ? "title"
      : /topic/i.test(system)
        ? "topic"
        : body.max_tokens === 1
          ? "probe"
          : "no tools";
    return { kind: "auxiliary", reason: r };
  }
  if (typeof body.max_tokens === "number" && body.max_tokens <= 1)
    return { kind: "auxiliary", reason: "cache warm-up (max_tokens 1)" };
  if (/cc_is_subagent=true/.test(system) || /^You are an agent for Claude Code/m.test(system)) {
    return { kind: "subagent", reason: "subagent system prompt" };
  }
  return { kind: "main", reason: "tools" };
}

// ---------------------------------------------------------------------------------------
// server

export async function startMockApi(opts: MockApiOptions = {}): Promise<MockApi> {
  let steps: Step[] = [...(opts.steps ?? [])];
  let stepIndex = 0;
  let summary = opts.compactionSummary ?? DEFAULT_COMPACTION_SUMMARY;
  const requests: CapturedRequest[] = [];
  const emitted: { id: string; name: string; input: Record<string, unknown>; seq: number }[] = [];
  let seq = 0;
  let msgCounter = 0;
  let toolCounter = 0;
  const log = opts.log ?? (() => {});

  const api: MockApi = {
    url: "",
    port: 0,
    requests,
    script(s) {
      steps = [...s];
      stepIndex = 0;
    },
    push(...s) {
      steps.push(...s);
    },
    remainingSteps: () => steps.length - stepIndex,
    setCompactionSummary(s) {
      summary = s;
    },
    clearRequests() {
      requests.length = 0;
    },
    byKind: (k) => requests.filter((r) => r.kind === k),
    mainRequests: () => requests.filter((r) => r.kind === "main"),
    lastMainRequest: () => requests.filter((r) => r.kind === "main").at(-1),
    compactionRequests: () => requests.filter((r) => r.kind === "compaction"),
    auxiliaryRequests: () => requests.filter((r) => r.kind === "auxiliary"),
    toolResult(id) {
      const b = api.toolResultBlock(id);
      return b ? blockText(b.content) : undefined;
    },
    toolResultBlock(id) {
      for (let i = requests.length - 1; i >= 0; i--) {
        const req = requests[i];
        const b = req && findToolResult(req, id);
        if (b) return b;
      }
      return undefined;
    },
    toolUses: () => [...emitted],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function nextReply(req: CapturedRequest): Promise<Reply> {
    if (stepIndex >= steps.length) return { text: DEFAULT_FINAL_TEXT };
    req.step = stepIndex;
    const step = steps[stepIndex++] as Step;
    const r = typeof step === "function" ? await step(req, api) : step;
    return typeof r === "string" ? { text: r } : r;
  }

  function compactionReply(req: CapturedRequest): Reply {
    const s = typeof summary === "function" ? summary(req) : summary;
    return { text: `<analysis>mock analysis</analysis>\n<summary>${s}</summary>` };
  }

  function auxReply(req: CapturedRequest): Reply {
    // Title/topic generators usually want JSON or a short phrase; a short JSON-ish text
    // that is also a fine plain title keeps every caller content.
    const system = blockText(req.body.system);
    if (/json/i.test(system) && /title/i.test(system)) return { text: '{"title": "Mock session"}' };
    if (/isNewTopic/i.test(system)) return { text: '{"isNewTopic": false, "title": null}' };
    return { text: "Mock session" };
  }

  function toBlocks(reply: Reply): ContentBlock[] {
    const blocks: ReplyBlock[] = reply.content ?? [
      ...(reply.text !== undefined && reply.text !== "" ? [{ type: "text" as const, text: reply.text }] : []),
      ...(reply.tools ?? []).map((t) => ({ type: "tool_use" as const, ...t })),
    ];
    if (blocks.length === 0) blocks.push({ type: "text", text: DEFAULT_FINAL_TEXT });
    return blocks.map((b) => {
      if (b.type === "text") return { type: "text", text: b.text };
      const id = b.id ?? `toolu_${++toolCounter}`;
      return { type: "tool_use", id, name: b.name, input: b.input };
    });
  }

  function usageFor(body: MessagesBody, blocks: ContentBlock[], reply: Reply): Usage {
    const inChars =
      JSON.stringify(body.messages ?? []).length +
      JSON.stringify(body.system ?? "").length +
      JSON.stringify(body.tools ?? []).length;
    const outChars = JSON.stringify(blocks).length;
    return {
      input_tokens: Math.max(1, Math.ceil(inChars / 4)),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: Math.max(1, Math.ceil(outChars / 4)),
      ...opts.usage,
      ...reply.usage,
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const [path = "/", query = ""] = (req.url ?? "/").split("?", 2);
    let body: MessagesBody = {};
    try {
      body = raw ? (JSON.parse(raw) as MessagesBody) : {};
    } catch {
      body = {};
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      headers[k] = /^(x-api-key|authorization)$/i.test(k)
        ? "<redacted>"
        : Array.isArray(v)
          ? v.join(", ")
          : v;
    }
    const method = req.method ?? "GET";
    const base = classify(path, body, method);
    const override = opts.classify?.(path, body, method);
    const { kind, reason } = override ? { kind: override, reason: "override" } : base;
    const sessionId = headers["x-claude-code-session-id"];
    const cap: CapturedRequest = {
      seq: seq++,
      method,
      path,
      query,
      headers,
      body,
      kind,
      reason,
      ...(sessionId ? { sessionId } : {}),
    };
    requests.push(cap);
    log(
      `mock-api #${cap.seq} ${cap.method} ${path} kind=${kind} (${reason}) model=${body.model ?? "-"} msgs=${body.messages?.length ?? 0}`,
    );

    if (path.includes("count_tokens")) {
      const n = opts.countTokens ? opts.countTokens(body) : Math.ceil(JSON.stringify(body).length / 4);
      return sendJson(res, 200, { input_tokens: n });
    }
    if (path === "/api/hello") return sendJson(res, 200, { message: "hello" });
    if (!/\/v1\/messages\/?$/.test(path) || method !== "POST") {
      return sendJson(res, 404, {
        type: "error",
        error: { type: "not_found_error", message: `mock-api: no route ${req.method} ${path}` },
      });
    }

    let reply: Reply;
    try {
      if (kind === "compaction") reply = compactionReply(cap);
      else if (kind === "auxiliary") reply = auxReply(cap);
      else reply = await nextReply(cap);
    } catch (err) {
      log(`mock-api step error: ${String(err)}`);
      return sendJson(res, 500, {
        type: "error",
        error: { type: "api_error", message: `mock-api step threw: ${String(err)}` },
      });
    }
    const blocks = toBlocks(reply);
    cap.reply = blocks;
    for (const b of blocks) {
      if (b.type === "tool_use")
        emitted.push({
          id: b.id as string,
          name: b.name as string,
          input: b.input as Record<string, unknown>,
          seq: cap.seq,
        });
    }
    const usage = usageFor(body, blocks, reply);
    const stopReason =
      reply.stopReason ?? (blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
    const message = {
      id: `msg_mock_${++msgCounter}`,
      type: "message",
      role: "assistant",
      model: body.model ?? "claude-mock",
      content: blocks,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    };
    if (body.stream) sendStream(res, message);
    else sendJson(res, 200, message);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(`mock-api handler error: ${String(err)}`);
      if (!res.headersSent)
        sendJson(res, 500, { type: "error", error: { type: "api_error", message: String(err) } });
      else res.end();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  api.port = port;
  api.url = `http://127.0.0.1:${port}`;
  return api;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

let requestIdCounter = 0;
function baseHeaders(): Record<string, string> {
  return {
    "request-id": `req_mock_${++requestIdCounter}`,
    "anthropic-organization-id": "00000000-0000-0000-0000-000000000000",
  };
}

function sendJson(res: ServerResponse, status: number, obj: unknown): void {
  const data = JSON.stringify(obj);
  res.writeHead(status, {
    ...baseHeaders(),
    "content-type": "application/json",
    "content-length": Buffer.byteLength(data),
  });
  res.end(data);
}

type Message = {
  id: string;
  model: string;
  content: ContentBlock[];
  stop_reason: string;
  usage: Usage;
  [k: string]: unknown;
};

function sendStream(res: ServerResponse, message: Message): void {
  res.writeHead(200, {
    ...baseHeaders(),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const ev = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  let out = "";
  out += ev("message_start", {
    type: "message_start",
    message: {
      ...message,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...message.usage, output_tokens: 1 },
    },
  });
  message.content.forEach((b, index) => {
    const block =
      b.type === "text"
        ? { type: "text", text: "" }
        : { type: "tool_use", id: b.id, name: b.name, input: {} };
    out += ev("content_block_start", { type: "content_block_start", index, content_block: block });
    if (index === 0) out += ev("ping", { type: "ping" });
    if (b.type === "text") {
      for (const piece of chunk(b.text ?? "", 200)) {
        out += ev("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "text_delta", text: piece },
        });
      }
    } else {
      out += ev("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: "" },
      });
      for (const piece of chunk(JSON.stringify(b.input ?? {}), 200)) {
        out += ev("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: piece },
        });
      }
    }
    out += ev("content_block_stop", { type: "content_block_stop", index });
  });
  out += ev("message_delta", {
    type: "message_delta",
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: {
      input_tokens: message.usage.input_tokens,
      cache_creation_input_tokens: message.usage.cache_creation_input_tokens,
      cache_read_input_tokens: message.usage.cache_read_input_tokens,
      output_tokens: message.usage.output_tokens,
    },
  });
  out += ev("message_stop", { type: "message_stop" });
  res.end(out);
}

function chunk(s: string, n: number): string[] {
  if (s.length === 0) return [""];
  const out: string[] = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out;
}
