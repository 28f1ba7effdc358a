import { existsSync } from "node:fs";
import { readTail } from "../claude/transcript.ts";

/**
 * Claude Code appends to the transcript asynchronously: a hook can run before the
 * entry it is about has reached the file (seen: PostToolUse before the assistant entry
 * that issued the tool; Stop before the turn's last response). Readers that need that
 * entry wait for it here, polling the file's tail, for at most `maxMs`.
 */
export async function waitForTranscript(
  path: string,
  found: (line: string) => boolean,
  maxMs: number,
  pollMs = 10,
): Promise<boolean> {
  if (!existsSync(path)) return false; // no transcript: nothing to wait for
  const deadline = Date.now() + maxMs;
  for (;;) {
    if (inTail(path, found)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Whether the last 256 KiB of the file hold a line `found` accepts. The entry waited
 * for is nearly always among the last few lines, so the last 16 KiB are looked at
 * first: reading and splitting 256 KiB on every tool call cost more than the rest of
 * the wait. A line cut at the smaller window's start is whole in the larger one.
 */
function inTail(path: string, found: (line: string) => boolean): boolean {
  const near = readTail(path, 16 * 1024);
  if (near.lines.some(found)) return true;
  return !near.whole && readTail(path, 256 * 1024).lines.some(found);
}

/** The assistant entry holding the tool_use block with this id. */
export function toolUseLine(toolUseId: string): (line: string) => boolean {
  const needle = `"id":"${toolUseId}"`;
  return (line) => line.includes(needle) && line.includes('"assistant"');
}

/** The assistant entry whose text starts like `text` (the turn's last message). */
export function assistantTextLine(text: string): (line: string) => boolean {
  const needle = JSON.stringify(text.slice(0, 80)).slice(1, -1);
  return (line) => line.includes('"assistant"') && line.includes(needle);
}
