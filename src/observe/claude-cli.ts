import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RECURSION_GUARD } from "../core/guard.ts";
import { OBSERVER_SYSTEM, type ObserverOptions } from "./request.ts";

/**
 * Asks `claude -p` instead of the API. The recursion guard matters: that Claude Code
 * would run cairn's hooks too, so it gets an empty working directory and the
 * environment flag that makes every cairn hook answer no-op at once.
 */
export function askClaudeCli(prompt: string, opts: ObserverOptions): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), "cairn-observe-"));
  return new Promise<string>((resolve, reject) => {
    const child = spawn(
      opts.env.CAIRN_CLAUDE_BIN || "claude",
      [
        "-p",
        "--output-format",
        "json",
        "--model",
        opts.model,
        "--append-system-prompt",
        OBSERVER_SYSTEM,
        // No tools, no MCP servers (cairn's own would load cairn), no session file.
        "--tools",
        "",
        "--strict-mcp-config",
        "--no-session-persistence",
      ],
      { cwd, env: { ...opts.env, [RECURSION_GUARD]: "1" }, stdio: ["pipe", "pipe", "pipe"] },
    );
    const out: Buffer[] = [];
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`claude -p did not answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`claude -p exited with ${code}`));
      try {
        const result = (JSON.parse(Buffer.concat(out).toString("utf8")) as { result?: unknown }).result;
        if (typeof result !== "string") throw new Error("no result text");
        resolve(result);
      } catch (err) {
        reject(new Error(`claude -p answered something unexpected: ${(err as Error).message}`));
      }
    });
    child.stdin.end(prompt);
  }).finally(() => rmSync(cwd, { recursive: true, force: true }));
}
