import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { RECURSION_GUARD } from "../core/guard.ts";

/**
 * Asking a model one question, the two ways cairn's opt-in features do (model-written L1
 * summaries, observation mode): the Messages API that Claude Code is configured for, or
 * the `claude` CLI itself (`claude -p`). The one home of both, so the summariser and the
 * observer get the same deadline, the same guard against re-entering cairn and the same
 * errors. Every failure throws: the callers fall back to their deterministic path.
 */
export interface AskOptions {
  readonly provider: "api" | "claude";
  readonly model: string;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
  /** Instructions given as the system prompt (`--append-system-prompt` for the CLI). */
  readonly system?: string;
  readonly maxTokens: number;
  /** Who asks, named in the error when the API has no credentials. */
  readonly purpose: string;
}

export function askModel(prompt: string, opts: AskOptions): Promise<string> {
  return opts.provider === "api" ? viaApi(prompt, opts) : viaClaude(prompt, opts);
}

/**
 * A Messages API client set up from the environment the way Claude Code's is: its key
 * or its auth token (ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN) and its endpoint
 * (ANTHROPIC_BASE_URL). No retries: the caller has a deadline and a fallback. The SDK
 * loads only here, when a model is actually asked.
 */
async function messagesClient(
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  purpose: string,
): Promise<Anthropic> {
  const apiKey = env.ANTHROPIC_API_KEY;
  const authToken = env.ANTHROPIC_AUTH_TOKEN;
  if (!apiKey && !authToken) throw new Error(`no ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN for ${purpose}`);
  const { default: Client } = await import("@anthropic-ai/sdk");
  return new Client({
    apiKey: apiKey ?? null,
    authToken: authToken ?? null,
    ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    timeout: timeoutMs,
    maxRetries: 0,
  });
}

async function viaApi(prompt: string, opts: AskOptions): Promise<string> {
  const client = await messagesClient(opts.env, opts.timeoutMs, opts.purpose);
  const msg = await client.messages.create(
    {
      model: opts.model,
      max_tokens: opts.maxTokens,
      ...(opts.system ? { system: opts.system } : {}),
      messages: [{ role: "user", content: prompt }],
    },
    { signal: AbortSignal.timeout(opts.timeoutMs) },
  );
  return msg.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
}

/** The `claude` to run: CAIRN_CLAUDE_BIN when set (tests, a CLI off PATH), else `claude` on PATH. */
function claudeBin(env: NodeJS.ProcessEnv): string {
  return env.CAIRN_CLAUDE_BIN || "claude";
}

/**
 * `claude -p` in an empty temporary directory, with no tools, no MCP servers (cairn's own
 * would start, and load cairn, for nothing), no saved session, and cairn's own hooks told
 * to stand down (the recursion guard): asking never re-enters cairn or touches a project.
 */
function viaClaude(prompt: string, opts: AskOptions): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), "cairn-ask-"));
  const args = [
    "-p",
    "--output-format",
    "json",
    "--model",
    opts.model,
    ...(opts.system ? ["--append-system-prompt", opts.system] : []),
    "--tools",
    "",
    "--strict-mcp-config",
    "--no-session-persistence",
  ];
  return new Promise<string>((resolve, reject) => {
    const child = spawn(claudeBin(opts.env), args, {
      cwd,
      env: { ...opts.env, [RECURSION_GUARD]: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`claude -p did not answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`claude -p exited ${code}: ${stderr.trim().slice(0, 300)}`));
      try {
        const result = (JSON.parse(Buffer.concat(out).toString("utf8")) as { result?: unknown }).result;
        if (typeof result !== "string") throw new Error("no result text");
        resolve(result);
      } catch (err) {
        reject(new Error(`claude -p answered something unexpected: ${(err as Error).message}`));
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(prompt);
  }).finally(() => rmSync(cwd, { recursive: true, force: true }));
}
