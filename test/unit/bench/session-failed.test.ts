import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { failedAsSeen } from "../../../bench/session.ts";

/** Messages as the model API receives them: a real transcript's user and assistant messages. */
function messagesOf(transcript: string): { content: unknown }[] {
  return readFileSync(transcript, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { message?: { content?: unknown } })
    .flatMap((e) => (e.message ? [{ content: e.message.content }] : []));
}

describe("the session bench's count of failed calls", () => {
  const real = messagesOf(join(import.meta.dirname, "../../fixtures/transcripts/tools-session.jsonl"));

  it("counts Claude Code's own failures (is_error), as a real transcript holds them", () => {
    const seen = failedAsSeen(real);
    expect(seen.markedCalls).toBeGreaterThan(0);
    expect(seen.failedCalls).toBe(seen.markedCalls);
  });

  it("counts a failure cairn stated after its exit trap made the command exit 0", () => {
    const stated = {
      type: "tool_result",
      tool_use_id: "t1",
      content: "Exit code 1\n[cairn #4 · vitest · exit 1]\nFAIL a.test.ts",
      is_error: false,
    };
    const inBlocks = {
      type: "tool_result",
      tool_use_id: "t2",
      content: [{ type: "text", text: "Exit code 2\nls: x" }],
    };
    expect(failedAsSeen([...real, { content: [stated, inBlocks] }])).toEqual({
      failedCalls: failedAsSeen(real).failedCalls + 2,
      markedCalls: failedAsSeen(real).markedCalls,
    });
  });

  it("does not count a success whose output only mentions an exit code further down", () => {
    const ok = {
      type: "tool_result",
      tool_use_id: "t3",
      content: "grep hit:\nExit code 1 seen in log",
      is_error: false,
    };
    expect(failedAsSeen([{ content: [ok] }])).toEqual({ failedCalls: 0, markedCalls: 0 });
  });
});
