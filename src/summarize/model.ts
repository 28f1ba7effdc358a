import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messagesClient } from "../claude/messages-api.ts";
import { RECURSION_GUARD } from "../core/guard.ts";
import { clip, oneLine, type TurnDigest } from "./digest.ts";

interface ModelOptions {
  readonly provider: "api" | "claude";
  readonly model: string;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
  /** The `claude` executable for the claude provider (default: `claude` on PATH). */
  readonly claudeBin?: string;
}

const LINE_CHARS = 160;

/** The request to the model: every turn's material, and the exact answer format. */
export function summaryPrompt(digests: readonly TurnDigest[]): string {
  const turns = digests.map((d) =>
    [
      `T${d.turn}:`,
      `  request: ${clip(oneLine(d.request), 600)}`,
      `  conclusion: ${clip(oneLine(d.conclusion), 600)}`,
      d.files.length ? `  files: ${d.files.slice(0, 12).join(", ")}` : "",
      d.tools ? `  tool calls: ${d.tools}${d.failed ? ` (${d.failed} failed)` : ""}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return [
    "Summarise each turn of a coding session in ONE line of at most 140 characters: what was asked and what came of it.",
    "Keep file names, identifiers, numbers and error names exact. No preamble.",
    "Answer with exactly one line per turn, in the form `T<number>: <summary>`, and nothing else.",
    "",
    ...turns,
  ].join("\n");
}

/** Reads `T<n>: summary` lines back; lines for turns not asked about are ignored. */
export function parseSummaryLines(text: string, turns: readonly number[]): Map<number, string> {
  const wanted = new Set(turns);
  const out = new Map<number, string>();
  for (const line of text.split("\n")) {
    const m = /^\s*[-*]?\s*T(\d+)\s*[:.)-]\s*(.+)$/.exec(line);
    if (!m) continue;
    const turn = Number(m[1]);
    const summary = clip(oneLine(m[2]!), LINE_CHARS);
    if (wanted.has(turn) && summary && !out.has(turn)) out.set(turn, summary);
  }
  return out;
}

/** Summaries from a model, for as many turns as it answered; throws on failure or timeout. */
export async function summarizeWithModel(
  digests: readonly TurnDigest[],
  opts: ModelOptions,
): Promise<Map<number, string>> {
  if (digests.length === 0) return new Map();
  const prompt = summaryPrompt(digests);
  const text =
    opts.provider === "api" ? await viaApi(prompt, digests.length, opts) : await viaClaude(prompt, opts);
  return parseSummaryLines(
    text,
    digests.map((d) => d.turn),
  );
}

async function viaApi(prompt: string, turns: number, opts: ModelOptions): Promise<string> {
  const client = await messagesClient(opts.env, opts.timeoutMs, "the api summariser");
  const msg = await client.messages.create({
    model: opts.model,
    max_tokens: Math.min(8000, 64 * turns + 256),
    messages: [{ role: "user", content: prompt }],
  });
  return msg.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
}

/**
 * `claude -p` in an empty temporary directory, with no tools, no saved session, and
 * cairn's own hooks told to stand down (the recursion guard), so summarising never
 * re-enters cairn or touches the project.
 */
function viaClaude(prompt: string, opts: ModelOptions): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), "cairn-summarize-"));
  const args = [
    "-p",
    "--model",
    opts.model,
    "--tools",
    "",
    "--no-session-persistence",
    // No MCP servers either: cairn's own would start (and load cairn) for nothing.
    "--strict-mcp-config",
    "--output-format",
    "text",
  ];
  return new Promise<string>((resolve, reject) => {
    const child = spawn(opts.claudeBin ?? "claude", args, {
      cwd,
      env: { ...opts.env, [RECURSION_GUARD]: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
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
      if (code === 0) resolve(stdout);
      else reject(new Error(`claude -p exited ${code}: ${stderr.trim().slice(0, 300)}`));
    });
    child.stdin.on("error", () => {});
    child.stdin.end(prompt);
  }).finally(() => rmSync(cwd, { recursive: true, force: true }));
}
