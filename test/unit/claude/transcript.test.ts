import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blocksOf, entryOf, readEntry, resultBlocks, toolInput } from "../../../src/claude/transcript.ts";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");

/** Every real transcript in the fixtures: captures of Claude Code 2.1.328 and recorded sessions. */
function realTranscripts(): { name: string; lines: string[] }[] {
  const dirs = [join(FIXTURES, "claude-code-captures"), join(FIXTURES, "transcripts")];
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((n) => n.endsWith(".jsonl") && !n.startsWith("hook-inputs") && !n.startsWith("statusline"))
      .map((n) => ({
        name: n,
        lines: readFileSync(join(dir, n), "utf8")
          .split("\n")
          .filter((l) => l.trim()),
      })),
  );
}

describe("the transcript reader", () => {
  it("reads every entry of the real transcripts with the fields Claude Code wrote", () => {
    const files = realTranscripts();
    expect(files.length).toBeGreaterThanOrEqual(4);
    const seen = { toolUses: 0, toolResults: 0, usages: 0, compactions: 0, sidechains: 0 };
    for (const { name, lines } of files) {
      for (const line of lines) {
        const raw = JSON.parse(line) as Record<string, unknown>;
        const e = readEntry(line);
        expect(e, `${name}: ${line.slice(0, 120)}`).toBeDefined();
        // What the schema types as a string or a boolean comes through unchanged.
        expect(e!.type).toBe(raw.type);
        expect(e!.uuid).toBe(raw.uuid);
        expect(e!.timestamp).toBe(raw.timestamp);
        expect(e!.isSidechain).toBe(raw.isSidechain);
        const message = raw.message as { id?: unknown; content?: unknown; usage?: unknown } | undefined;
        expect(e!.message?.id).toBe(message?.id);
        if (message?.usage) {
          expect(e!.message?.usage).toEqual(message.usage);
          seen.usages++;
        }
        if (Array.isArray(message?.content)) {
          expect(blocksOf(e!)).toHaveLength(message.content.length);
          for (const b of blocksOf(e!)) {
            if (b.type === "tool_use") {
              seen.toolUses++;
              expect(typeof b.id).toBe("string");
              expect(Object.keys(toolInput(b)).length).toBeGreaterThan(0);
            }
            if (b.type === "tool_result") {
              seen.toolResults++;
              expect(typeof b.tool_use_id).toBe("string");
            }
          }
        }
        if (raw.subtype === "compact_boundary") {
          seen.compactions++;
          expect(e!.compactMetadata?.preTokens).toBe(
            (raw.compactMetadata as { preTokens?: unknown } | undefined)?.preTokens,
          );
        }
        if (raw.isSidechain === true) seen.sidechains++;
      }
    }
    // The fixtures hold each kind the readers rely on.
    expect(seen.toolUses).toBeGreaterThan(10);
    expect(seen.toolResults).toBeGreaterThan(10);
    expect(seen.usages).toBeGreaterThan(10);
    expect(seen.compactions).toBeGreaterThan(0);
    expect(seen.sidechains).toBeGreaterThan(0);
  });

  it("reads a field of the wrong type as absent and keeps the rest of the entry", () => {
    const e = readEntry(
      JSON.stringify({
        type: "assistant",
        uuid: 42,
        timestamp: { toString: "x" },
        isSidechain: "yes",
        message: {
          id: ["m"],
          model: "claude-x",
          usage: [1, 2],
          content: [null, 7, { type: "tool_use", id: "toolu_1", name: {}, input: [1] }, "text"],
        },
      }),
    );
    expect(e).toBeDefined();
    expect(e!.type).toBe("assistant");
    expect(e!.uuid).toBeUndefined();
    expect(e!.timestamp).toBeUndefined();
    expect(e!.isSidechain).toBeUndefined();
    expect(e!.message?.id).toBeUndefined();
    expect(e!.message?.model).toBe("claude-x");
    expect(e!.message?.usage).toBeUndefined();
    // Elements that are not objects keep their place (memory keys items by index).
    const content = e!.message?.content as unknown[];
    expect(content).toHaveLength(4);
    expect(content[2]).toMatchObject({ type: "tool_use", id: "toolu_1" });
    expect(blocksOf(e!)).toHaveLength(1);
    expect(blocksOf(e!)[0]!.name).toBeUndefined();
    expect(toolInput(blocksOf(e!)[0]!)).toEqual({});
  });

  it("is no entry for a torn line or one that is not an object", () => {
    for (const line of ['{"type":"assistant","mess', "", "null", "7", '"text"'])
      expect(readEntry(line)).toBeUndefined();
    expect(entryOf(null)).toBeUndefined();
    expect(entryOf("x")).toBeUndefined();
  });

  it("never lets a key of the line reach a prototype", () => {
    const e = readEntry('{"type":"user","__proto__":{"polluted":1},"message":{"content":"hi"}}');
    expect(e?.type).toBe("user");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((e as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads a tool result's content as blocks, keeping places of what is not one", () => {
    expect(resultBlocks("plain")).toBeUndefined();
    expect(resultBlocks({ type: "text" })).toBeUndefined();
    const blocks = resultBlocks([
      { type: "text", text: "ok" },
      null,
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
      { type: "text", text: 5 },
    ]);
    expect(blocks).toHaveLength(4);
    expect(blocks![0]!.text).toBe("ok");
    expect(blocks![1]).toBeUndefined();
    expect(blocks![2]!.source?.data).toBe("AAAA");
    expect(blocks![3]!.text).toBeUndefined();
  });
});
