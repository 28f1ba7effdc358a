import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readEntry } from "../../../src/claude/transcript.ts";
import { geminiMessages, lastPromptTokens, mirrorLines } from "../../../src/gemini/transcript.ts";

/** A real Gemini CLI 0.61.0 session file: a prompt, five shell calls, the final answer. */
const SESSION = readFileSync(
  join(import.meta.dirname, "..", "..", "fixtures", "gemini-captures", "session-file.jsonl"),
  "utf8",
);

describe("Gemini's session file as a Claude Code transcript", () => {
  it("takes each message in its last written form, in order", () => {
    const ms = geminiMessages(SESSION);
    // The setup text, the prompt, then five rounds of a model message (its tool call
    // with the result) and a user message of the function response, then the answer.
    expect(ms.map((m) => m.type)).toEqual([
      "user",
      "user",
      ...Array(5).fill(["gemini", "user"]).flat(),
      "gemini",
    ]);
    expect(ms[2]?.toolCalls).toHaveLength(1);
  });

  it("mirrors prompts, model messages with usage, and tool results, leaving Gemini's setup out", () => {
    const entries = mirrorLines(SESSION, true).map((l) => readEntry(l)!);
    expect(entries[0]?.type).toBe("user");
    expect(entries[0]?.message?.content).toBe("hello");
    const assistants = entries.filter((e) => e.type === "assistant");
    expect(assistants.length).toBe(6);
    expect(assistants[0]?.message?.usage).toEqual({
      input_tokens: 11652,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      output_tokens: 8,
    });
    const results = entries.filter((e) => e.type === "user" && Array.isArray(e.message?.content));
    expect(results.length).toBe(5);
    const denied = results[0]?.message?.content as { is_error?: boolean; content?: string }[];
    expect(denied[0]).toMatchObject({ is_error: true, content: "EXCERPT-VIA-DENY" });
  });

  it("keeps what it mirrored as a prefix when the session grows", () => {
    const lines = SESSION.split("\n");
    const partial = mirrorLines(lines.slice(0, 8).join("\n"), false);
    const whole = mirrorLines(SESSION, true);
    expect(whole.slice(0, partial.length)).toEqual(partial);
  });

  it("takes the prompt of a headless session without the context Gemini put in front of it", () => {
    const text = `${JSON.stringify({ id: "u1", timestamp: "t", type: "user", content: [{ text: "<hook_context>notebook</hook_context>\n\nfix it" }] })}\n`;
    expect(readEntry(mirrorLines(text, true)[0]!)?.message?.content).toBe("fix it");
  });

  it("masks every text it mirrors: prompts, answers, tool inputs and results", () => {
    const mirrored = mirrorLines(SESSION, true, (t) => t.replaceAll("e", "#")).join("\n");
    const texts = mirrorLines(SESSION, true)
      .map((l) => readEntry(l)!)
      .flatMap((e) => {
        const c = e.message?.content;
        if (typeof c === "string") return [c];
        return (c ?? []).flatMap((b) => [
          b?.text,
          typeof b?.content === "string" ? b.content : undefined,
          JSON.stringify(b?.input ?? ""),
        ]);
      })
      .filter((t): t is string => !!t && t.includes("e"));
    expect(texts.length).toBeGreaterThan(5);
    for (const t of texts) expect(mirrored).not.toContain(JSON.stringify(t).slice(1, -1));
  });

  it("finds the last prompt size the API reported", () => {
    expect(lastPromptTokens(SESSION)).toEqual({ tokens: 12187, model: "gemini-3.8-flash" });
    expect(lastPromptTokens("")).toBeUndefined();
  });
});
