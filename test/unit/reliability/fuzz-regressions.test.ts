import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../src/compress/index.ts";
import { json } from "../../../src/compress/json.ts";
import { listings } from "../../../src/compress/listings.ts";
import { tables } from "../../../src/compress/tables.ts";
import { EMPTY_STATE, scanLines } from "../../../src/context/transcript-scan.ts";
import { usageFromTranscriptTail } from "../../../src/context/usage.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { parseEntry, resultText } from "../../../src/memory/entries.ts";
import { scanTranscript } from "../../../src/notebook/transcript-facts.ts";
import { type HookHarness, hookHarness } from "./fuzz-support.ts";

// Counterexamples the fuzz suite (fuzz-*.test.ts) found, shrunk and kept as plain
// tests so each bug stays fixed whatever the random seed.

/** Milliseconds `fn` takes. The fixed versions take well under one; the old ones took seconds. */
function timed(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

describe("compressors: counterexamples", () => {
  it("listing detection is linear on a grep hit with many path segments (was exponential: a hung hook)", () => {
    // PATH_LINE's segment class also matched "/", so a path-like line that then failed
    // (":12: TODO") tried every way of splitting its slashes: 2.4 s at 26 segments.
    const text = ["src/a.ts", "src/b.ts", `${"nodee/".repeat(26)}index.js:112:// TODO remove`].join("\n");
    expect(timed(() => listings.detect(text, { tool: "Grep" }))).toBeLessThan(1000);
    expect(timed(() => compressText(text.repeat(200), { tool: "Grep" }, 1200))).toBeLessThan(1000);
  });

  it("table detection is linear on a line of many capitalised words (was exponential: a hung hook)", () => {
    // The aligned-header pattern let each space be part of a word or a separator: 2.8 s
    // at 23 words when the line finally failed to match.
    const text = [
      `Tests ERROR ${"Du ".repeat(23)}Duration USER ~~~~ Date:`,
      "     return { is",
      "  a  b",
    ].join("\n");
    expect(timed(() => tables.detect(text, { tool: "Bash", command: "npx vitest" }))).toBeLessThan(1000);
    expect(timed(() => compressText(text, { tool: "Bash" }, 200))).toBeLessThan(1000);
  });

  it("the json excerpt shows the lines before the JSON as a terminal does: no \\r, no colour codes", () => {
    const body = JSON.stringify({ versions: Array.from({ length: 500 }, (_, i) => `1.0.${i}`) }, null, 2);
    const text = `\x1b[33mnpm warn\x1b[0m Unknown user config "nodedir".\r\n${body.replace(/\n/g, "\r\n")}`;
    const e = json.compress(text, { tool: "Bash", command: "npm view eslint --json" }, 1200);
    expect(e.text.startsWith('npm warn Unknown user config "nodedir".\n{')).toBe(true);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes must not reach the model
    expect(e.text).not.toMatch(/[\r\x1b]/);
  });

  it("an output just over the budget is never replaced by a longer excerpt", () => {
    // One commit (201 characters) under a 200-character budget came out as 224: the
    // git-log summary line on top of every line of it. The whole text is shorter.
    const text = [
      "commit 0c02840e17c377690271724a9aa3229b88f8b3c7",
      "Author: Dana Whitfield <dana@globkit.dev>",
      "Date:   Fri Feb 27 10:11:03 2026 +0100",
      "",
      "    test: regression case for issue #109",
      "",
      " test/braces.test.js | 4 ++++",
    ].join("\n");
    const hints = { tool: "Bash", command: "git log --stat" };
    expect(compressText(text, hints, 200)).toEqual({ text, compressor: "git-log", kept: "everything" });
    for (let budget = 0; budget < 400; budget += 7)
      expect(compressText(text, hints, budget).text.length).toBeLessThanOrEqual(text.length);
  });
});

describe("PostToolUse: counterexamples", () => {
  let h: HookHarness;
  beforeAll(async () => {
    h = await hookHarness({ compress: { min_bytes: 0 } });
  });
  afterAll(() => h.cleanup());

  it("with compress.min_bytes 0, a small output is not replaced by a header longer than itself", async () => {
    const event = {
      session_id: "s1",
      transcript_path: join(h.home, "none.jsonl"),
      cwd: h.project,
      hook_event_name: "PostToolUse",
      tool_name: "Glob",
      tool_input: { pattern: "**/*.ts" },
      tool_response: { filenames: ["src/f1.ts", "src/f2.ts"], durationMs: 4, numFiles: 2, truncated: false },
      tool_use_id: "toolu_1",
    };
    const r = await dispatch("PostToolUse", JSON.stringify(event), h.deps);
    expect(r.outcome).toBe("ok");
    expect(JSON.parse(r.output)).toEqual({});
  });

  it("a Grep whose tool_input.path is an object with a non-callable toString still compresses (found by the soak)", async () => {
    const event = {
      session_id: "s1",
      transcript_path: join(h.home, "none.jsonl"),
      cwd: h.project,
      hook_event_name: "PostToolUse",
      tool_name: "Grep",
      tool_input: { pattern: "needle", path: { toString: 1 }, output_mode: "content" },
      tool_response: {
        mode: "content",
        numFiles: 1,
        filenames: [],
        content: Array.from({ length: 400 }, (_, i) => `src/f${i}.ts:1:export const v${i} = 'needle';`).join(
          "\n",
        ),
        numLines: 400,
      },
      tool_use_id: "toolu_2",
    };
    h.drain();
    const r = await dispatch("PostToolUse", JSON.stringify(event), h.deps);
    expect(r.outcome).toBe("ok");
    expect(h.drain().filter((l) => l.level === "error")).toEqual([]);
    expect(JSON.parse(r.output).hookSpecificOutput.updatedToolOutput.content).toMatch(/^\[cairn #\d+ /);
  });
});

describe("transcript readers: counterexamples", () => {
  it("parseEntry survives a timestamp whose conversion to a string throws", () => {
    const line = JSON.stringify({
      type: "attachment",
      uuid: "u1",
      attachment: { type: "hook_additional_context", content: ["AC"], hookName: "SessionStart" },
      timestamp: [{ toString: 0 }],
    });
    expect(parseEntry(line)).toEqual({
      uuid: "u1",
      at: 0,
      opensTurn: false,
      items: [{ key: "u1#0", kind: "hook", text: "SessionStart: AC" }],
    });
  });

  it("parseEntry survives null blocks and fields of the wrong type, and yields only strings to store", () => {
    // A null block threw inside the ingest transaction, so every later Stop failed on
    // the same line and memory stopped for the session.
    const user = JSON.stringify({
      type: "user",
      uuid: "u2",
      message: {
        content: [
          null,
          { type: "tool_result", tool_use_id: { id: 1 }, content: [null, { type: { toString: 0 } }] },
        ],
      },
    });
    expect(parseEntry(user)?.items).toEqual([{ key: "u2#1", kind: "tool_result", text: "[block]\n[block]" }]);
    const assistant = JSON.stringify({
      type: "assistant",
      uuid: "u3",
      message: { content: [7, { type: "tool_use", name: { toString: 0 }, id: ["x"], input: { a: 1 } }] },
    });
    expect(parseEntry(assistant)?.items).toEqual([{ key: "u3#1", kind: "tool_use", text: '{"a":1}' }]);
    const hook = JSON.stringify({
      type: "attachment",
      uuid: "u4",
      attachment: {
        type: "hook_system_message",
        hookName: { toString: 0 },
        content: [{ toString: 0 }],
        stdout: 5,
      },
    });
    expect(parseEntry(hook)?.items).toEqual([
      { key: "u4#0", kind: "hook", text: 'hook_system_message: {"toString":0}' },
    ]);
  });

  it("parseEntry survives a tool input nested deeper than JSON.stringify can write", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const line = `{"type":"assistant","uuid":"u5","message":{"content":[{"type":"tool_use","name":"Bash","id":"t1","input":${deep}}]}}`;
    expect(parseEntry(line)?.items[0]?.text).toBe("[nested too deeply to show]");
  });

  it("resultText of a null block", () => {
    expect(resultText([null])).toBe("[block]");
  });

  it("scanLines keeps its records typed when fields hold other types", () => {
    const assistant = JSON.stringify({
      type: "assistant",
      isSidechain: true,
      agentId: { toString: 0 },
      timestamp: { toString: 0 },
      message: {
        id: "m1",
        usage: { input_tokens: 5 },
        content: [{ type: "tool_use", id: "t1", name: { toString: 0 } }],
      },
    });
    // 1e999 is valid JSON and parses to Infinity (JSON.stringify cannot write it).
    const boundary =
      '{"type":"system","subtype":"compact_boundary","uuid":7,"compactMetadata":{"preTokens":1e999,"postTokens":1e999}}';
    const r = scanLines(Buffer.from(`${assistant}\n${boundary}\n`), 0, "", EMPTY_STATE);
    expect(r.responses[0]).toMatchObject({ agentId: "sidechain", at: 0 });
    expect(r.toolCalls[0]).toMatchObject({ toolUseId: "t1", name: "" });
    expect(r.compactions[0]).toMatchObject({
      uuid: expect.stringMatching(/^at-/),
      preTokens: null,
      postTokens: null,
    });
    expect(r.state.contextTokens).toBeNull();
  });

  it("scanTranscript survives null blocks, non-string text and a string token count", () => {
    const line = JSON.stringify({
      type: "assistant",
      timestamp: "2026-11-22T00:00:00.000Z",
      message: {
        id: "m1",
        usage: { output_tokens: "12" },
        content: [
          null,
          { type: "text", text: 5 },
          { type: "tool_use", id: "t1", name: { toString: 0 }, input: "x" },
        ],
      },
    });
    const f = scanTranscript([line], undefined, true);
    expect(f.outputTokensSince).toBe(0);
    expect(f.lastAssistantText).toBeUndefined();
  });

  describe("on a file", () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "cairn-fuzz-reg-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("usageFromTranscriptTail counts tokens as numbers only", () => {
      // Token counts that were strings concatenated into usedTokens ("+YQdq#GR00").
      const path = join(dir, "t.jsonl");
      const entry = {
        type: "assistant",
        timestamp: { toString: 0 },
        message: { model: { toString: 0 }, usage: { input_tokens: "+YQ", cache_read_input_tokens: 1000 } },
      };
      writeFileSync(path, `${JSON.stringify(entry)}\n`);
      const u = usageFromTranscriptTail(path);
      expect(u).toMatchObject({ usedTokens: 1000, windowTokens: 200_000, usedPct: 1, source: "transcript" });
      expect(u?.model).toBeUndefined();
      expect(Number.isFinite(u?.at)).toBe(true);
    });
  });
});
