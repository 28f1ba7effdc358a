import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./cairn.ts";

/** Real hook inputs, requests and transcripts captured from Claude Code 2.1.328 (copied from the contract's captures). */
export const SHARED_CAPTURES = join(REPO, "test", "fixtures", "claude-code-captures");

export function readJsonl(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export function capturedHookInputs(): Record<string, unknown>[] {
  const files = [
    "hook-inputs-basic-session.jsonl",
    "hook-inputs-compaction-auto.jsonl",
    "hook-inputs-interactive.jsonl",
    "hook-inputs-misc.jsonl",
    "hook-inputs-subagent-and-mcp.jsonl",
  ];
  return files.flatMap((f) => readJsonl(join(SHARED_CAPTURES, f)));
}
