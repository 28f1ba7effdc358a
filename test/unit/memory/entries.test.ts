import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { handoffCommand, PLUGIN_CLI } from "../../../src/claude/handoff-command.ts";
import { parseEntry, RESUME_MARK } from "../../../src/memory/entries.ts";
import { sourcesFor } from "../../../src/memory/on-stop.ts";
import { FIXTURES, lines, TOOLS_SESSION } from "./helpers.ts";

const base = { uuid: "u1", timestamp: "2026-11-22T10:00:00.000Z", sessionId: "s" };
const parse = (e: object) => parseEntry(JSON.stringify({ ...base, ...e }));

describe("parseEntry on real entries", () => {
  it("ignores bookkeeping and environment attachments", () => {
    const kinds = lines(TOOLS_SESSION).map((l) => JSON.parse(l).type as string);
    const parsed = lines(TOOLS_SESSION).map((l) => parseEntry(l));
    kinds.forEach((k, i) => {
      if (
        ["queue-operation", "api-request", "cost-state", "last-prompt", "atis-latch", "tools-used"].includes(
          k,
        )
      )
        expect(parsed[i]).toBeUndefined();
    });
    expect(parsed.filter((p) => p?.opensTurn).length).toBe(1);
  });
});

describe("parseEntry on shapes the captures do not cover (miniatures)", () => {
  it("thinking blocks are L3 thinking; redacted thinking is a placeholder", () => {
    const p = parse({
      type: "assistant",
      message: {
        content: [
          { type: "thinking", thinking: "maybe the cache", signature: "x" },
          { type: "redacted_thinking", data: "zz" },
        ],
      },
    })!;
    expect(p.items.map((i) => [i.kind, i.text])).toEqual([
      ["thinking", "maybe the cache"],
      ["thinking", "[redacted thinking]"],
    ]);
  });

  it("images become placeholders with their type and size, in prompts and in tool results", () => {
    const png = Buffer.alloc(300).toString("base64");
    const p = parse({
      type: "user",
      message: {
        content: [
          { type: "text", text: "what is in this screenshot?" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: png } },
          {
            type: "tool_result",
            tool_use_id: "t1",
            content: [
              { type: "text", text: "read it" },
              { type: "image", source: { media_type: "image/jpeg", data: png } },
            ],
          },
        ],
      },
    })!;
    expect(p.opensTurn).toBe(true);
    expect(p.items.map((i) => [i.kind, i.text])).toEqual([
      ["user", "what is in this screenshot?"],
      ["image", "[image: image/png, 300 bytes]"],
      ["tool_result", "read it\n[image: image/jpeg, 300 bytes]"],
    ]);
  });

  it("a slash command is a prompt; meta, local command output, interruptions and reminders are system", () => {
    expect(
      parse({
        type: "user",
        message: {
          content: "<command-message>handoff</command-message>\n<command-name>/handoff</command-name>",
        },
      })!.opensTurn,
    ).toBe(true);
    for (const content of [
      "<local-command-stdout>Compacted</local-command-stdout>",
      "[Request interrupted by user for tool use]",
      "<system-reminder>\nsomething\n</system-reminder>",
    ]) {
      const p = parse({ type: "user", message: { content } })!;
      expect(p.opensTurn).toBe(false);
      expect(p.items[0]?.kind).toBe("system");
    }
    expect(parse({ type: "user", isMeta: true, message: { content: "Caveat: ..." } })!.opensTurn).toBe(false);
  });

  it("never stores cairn's own resume injection again", () => {
    const p = parse({
      type: "attachment",
      attachment: {
        type: "hook_additional_context",
        hookName: "SessionStart",
        content: [`${RESUME_MARK} You are resuming`],
      },
    })!;
    expect(p.items).toEqual([]);
  });
});

describe("which transcripts an event ingests", () => {
  const input = (name: string) =>
    JSON.parse(readFileSync(join(FIXTURES, "hook-inputs", `${name}.json`), "utf8"));

  it("Stop: the main transcript; a subagent's stop: its transcript too; compaction's: only the main one", () => {
    expect(sourcesFor("Stop", input("Stop-basic"), "/p").map((s) => s.agentId ?? "main")).toEqual(["main"]);
    const sub = sourcesFor("SubagentStop", input("SubagentStop-general-purpose"), "/p");
    expect(sub.map((s) => s.agentId ?? "main")).toEqual(["main", "ad8ebffed80e1d36f"]);
    expect(
      sourcesFor("SubagentStop", input("SubagentStop-compaction"), "/p").map((s) => s.agentId ?? "main"),
    ).toEqual(["main"]);
  });
});

describe("the /handoff command", () => {
  it("commands/handoff.md is the template in its plugin form", () => {
    const file = readFileSync(join(FIXTURES, "..", "..", "commands", "handoff.md"), "utf8");
    expect(file).toBe(handoffCommand(PLUGIN_CLI));
    expect(file).toContain(`!\`${PLUGIN_CLI} handoff --write --quiet\``);
    expect(PLUGIN_CLI).toBe("cairn");
    // Only cairn's own two commands are allowed, not any script of the same node.
    expect(file).toContain("allowed-tools: Bash(cairn handoff:*), Bash(cairn save-inflight:*)\n");
    expect(file).not.toMatch(/Bash\(node:\*\)/);
    expect(file).toContain("save-inflight <<'CAIRN_MEMO'");
  });
});
