/**
 * A scripted Gemini API (generativelanguage v1beta) on loopback, for driving the real
 * Gemini CLI in end-to-end tests, beside the Anthropic one (mock-api.ts).
 *
 * Gemini CLI 0.61.0 with GOOGLE_GEMINI_BASE_URL pointing here sends:
 * - `POST /v1beta/models/<model>:generateContent` for side questions (the router asks a
 *   flash-lite model which model to use; no tools): "auxiliary", answered without
 *   consuming a script step;
 * - `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` for the main turn, with
 *   `tools[].functionDeclarations`: "main", answered by the next script step as SSE;
 * - a compression request (history summarised, `<state_snapshot>` asked for): "compression".
 *
 * Every request is captured in order, so a test asserts on what the model was sent
 * (`functionResponse(name)`), as the Anthropic harness does with `toolResult(id)`.
 * When the script runs out, the model says "done." and ends its turn.
 */

import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type GeminiPart = {
  text?: string;
  functionCall?: { name: string; args: Record<string, unknown>; id?: string };
  functionResponse?: { name: string; response: Record<string, unknown>; id?: string };
  [key: string]: unknown;
};
export type GeminiContent = { role?: string; parts?: GeminiPart[] };
export type GeminiBody = {
  contents?: GeminiContent[];
  systemInstruction?: GeminiContent | string;
  tools?: { functionDeclarations?: { name: string; [key: string]: unknown }[] }[];
  generationConfig?: Record<string, unknown>;
  [key: string]: unknown;
};

export type GeminiCall = { name: string; args: Record<string, unknown> };
/** One scripted model reply: text, then function calls. */
export type GeminiReply = { text?: string; calls?: GeminiCall[]; promptTokens?: number };
export type GeminiStepFn = (req: GeminiRequest, api: GeminiApi) => GeminiReply | string;
export type GeminiStep = GeminiReply | string | GeminiStepFn;

export type GeminiRequestKind = "main" | "compression" | "auxiliary";

export type GeminiRequest = {
  seq: number;
  method: string;
  path: string;
  query: string;
  /** The model named in the path. */
  model: string;
  body: GeminiBody;
  kind: GeminiRequestKind;
  stream: boolean;
  /** The script step answered (main requests only; undefined once the script ran out). */
  step?: number;
};

export type GeminiApiOptions = {
  steps?: GeminiStep[];
  /** The summary a compression request gets. */
  compressionSummary?: string;
  /** promptTokenCount reported in usageMetadata (default: body chars / 4). */
  promptTokens?: (body: GeminiBody) => number;
  log?: (line: string) => void;
};

export type GeminiApi = {
  url: string;
  port: number;
  requests: GeminiRequest[];
  main(): GeminiRequest[];
  /** Every functionResponse part the model was sent for a tool, in order of first appearance. */
  functionResponses(name?: string): GeminiPart["functionResponse"][];
  /** The text of a function response as the model reads it (`response.output`, or the JSON). */
  responseText(fr: GeminiPart["functionResponse"]): string;
  close(): Promise<void>;
};

export const DEFAULT_FINAL_TEXT = "done.";
export const DEFAULT_COMPRESSION_SUMMARY =
  "<state_snapshot><overall_goal>MOCK SUMMARY</overall_goal></state_snapshot>";

export function shell(command: string, description = "run it"): GeminiReply {
  return { calls: [{ name: "run_shell_command", args: { command, description } }] };
}
export function call(name: string, args: Record<string, unknown>): GeminiReply {
  return { calls: [{ name, args }] };
}

/** All parts of a request's contents, in order. */
export function parts(body: GeminiBody): GeminiPart[] {
  return (body.contents ?? []).flatMap((c) => c.parts ?? []);
}

/** Every text the request carries, joined: for asserting what the model was told. */
export function allText(body: GeminiBody): string {
  return parts(body)
    .map((p) => p.text ?? (p.functionResponse ? JSON.stringify(p.functionResponse) : ""))
    .join("\n");
}

export function responseText(fr: GeminiPart["functionResponse"]): string {
  if (!fr) return "";
  const out = fr.response?.output;
  if (typeof out === "string") return out;
  return JSON.stringify(fr.response);
}

export function classify(body: GeminiBody): GeminiRequestKind {
  const hasTools = (body.tools ?? []).some((t) => (t.functionDeclarations ?? []).length > 0);
  const text = allText(body);
  if (/state_snapshot/.test(JSON.stringify(body.systemInstruction ?? "")) || /<state_snapshot>/.test(text))
    return "compression";
  return hasTools ? "main" : "auxiliary";
}

export async function startGeminiApi(opts: GeminiApiOptions = {}): Promise<GeminiApi> {
  const steps = [...(opts.steps ?? [])];
  const requests: GeminiRequest[] = [];
  let nextStep = 0;
  const log = opts.log ?? (() => {});

  const api: GeminiApi = {
    url: "",
    port: 0,
    requests,
    main: () => requests.filter((r) => r.kind === "main"),
    functionResponses(name) {
      const seen = new Set<string>();
      const out: GeminiPart["functionResponse"][] = [];
      for (const r of api.main())
        for (const p of parts(r.body)) {
          const fr = p.functionResponse;
          if (!fr || (name && fr.name !== name)) continue;
          const key = JSON.stringify(fr);
          if (seen.has(key)) continue;
          seen.add(key);
          out.push(fr);
        }
      return out;
    },
    responseText,
    close: () => new Promise((r) => server.close(() => r())),
  };

  function reply(req: GeminiRequest): GeminiReply {
    if (req.kind === "auxiliary") return auxReply(req);
    if (req.kind === "compression") return { text: opts.compressionSummary ?? DEFAULT_COMPRESSION_SUMMARY };
    if (nextStep >= steps.length) return { text: DEFAULT_FINAL_TEXT };
    req.step = nextStep;
    const step = steps[nextStep++] as GeminiStep;
    const r = typeof step === "function" ? step(req, api) : step;
    return typeof r === "string" ? { text: r } : r;
  }

  function auxReply(req: GeminiRequest): GeminiReply {
    // The router (and other side questions) ask for JSON of a schema; an answer that does
    // not fit is retried with backoff for a minute and more.
    const schema = req.body.generationConfig?.responseJsonSchema ?? req.body.generationConfig?.responseSchema;
    if (schema) return { text: JSON.stringify(fill(schema)) };
    return { text: "ok" };
  }

  function candidate(r: GeminiReply, body: GeminiBody) {
    const ps: GeminiPart[] = [];
    if (r.text) ps.push({ text: r.text });
    for (const c of r.calls ?? []) ps.push({ functionCall: { name: c.name, args: c.args } });
    const prompt = r.promptTokens ?? opts.promptTokens?.(body) ?? Math.ceil(JSON.stringify(body).length / 4);
    return {
      candidates: [{ content: { role: "model", parts: ps }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: 8, totalTokenCount: prompt + 8 },
      modelVersion: "gemini-scripted",
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const [path = "", query = ""] = (req.url ?? "").split("?");
    let body: GeminiBody = {};
    try {
      body = raw ? (JSON.parse(raw) as GeminiBody) : {};
    } catch {}
    const m = /\/models\/([^:/]+):(\w+)$/.exec(path);
    const method = m?.[2] ?? "";
    if (!m || !/generateContent$|countTokens$/i.test(method)) {
      log(`gemini-api: unknown ${req.method} ${req.url}`);
      return sendJson(res, 404, { error: { code: 404, message: "not scripted", status: "NOT_FOUND" } });
    }
    if (method === "countTokens")
      return sendJson(res, 200, { totalTokens: Math.ceil(JSON.stringify(body).length / 4) });
    const captured: GeminiRequest = {
      seq: requests.length,
      method: req.method ?? "",
      path,
      query,
      model: decodeURIComponent(m[1] ?? ""),
      body,
      kind: classify(body),
      stream: method === "streamGenerateContent",
    };
    requests.push(captured);
    const r = reply(captured);
    log(`gemini-api: #${captured.seq} ${captured.kind} ${captured.model} ${method} -> ${JSON.stringify(r)}`);
    const payload = candidate(r, body);
    if (!captured.stream) return sendJson(res, 200, payload);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.end(`data: ${JSON.stringify(payload)}\r\n\r\n`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(`gemini-api: handler failed ${String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { code: 500, message: String(err) } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as AddressInfo).port;
  api.port = port;
  api.url = `http://127.0.0.1:${port}`;
  return api;
}

/** A plausible value for a JSON schema: the router's complexity score comes out low (10). */
function fill(schema: unknown): unknown {
  const s = (schema ?? {}) as {
    type?: string;
    properties?: Record<string, unknown>;
    enum?: unknown[];
    items?: unknown;
  };
  if (s.enum?.length) return s.enum[0];
  switch (String(s.type ?? "").toUpperCase()) {
    case "OBJECT":
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fill(v)]));
    case "ARRAY":
      return [];
    case "INTEGER":
    case "NUMBER":
      return 10;
    case "BOOLEAN":
      return false;
    default:
      return "scripted";
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, obj: unknown): void {
  const s = JSON.stringify(obj);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(s) });
  res.end(s);
}
