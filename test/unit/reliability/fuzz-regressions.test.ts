import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../src/compress/compress-text.ts";
import { jsonExcerpt } from "../../../src/compress/kinds/json/excerpt.ts";
import { listings } from "../../../src/compress/kinds/listing/detect.ts";
import { tables } from "../../../src/compress/kinds/table/detect.ts";
import { resolveConfig } from "../../../src/config/resolve.ts";
import { cairnPaths, sessionDir } from "../../../src/core/paths.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { batonPath, readBaton } from "../../../src/memory/baton.ts";
import { parseEntry, resultText } from "../../../src/memory/entries.ts";
import { applySlim, planSlim, slimTranscript, unanswered, validate } from "../../../src/memory/slim.ts";
import { scanTranscript } from "../../../src/notebook/transcript-facts.ts";
import { composeStatusline } from "../../../src/window/statusline-format.ts";
import { EMPTY_STATE, scanLines } from "../../../src/window/transcript-scan.ts";
import { usageFromTranscriptTail } from "../../../src/window/usage.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";
import { cpuNow } from "../../helpers/cpu-time.ts";
import { type HookHarness, hookHarness } from "./fuzz-support.ts";

// Counterexamples the fuzz suite (fuzz-*.test.ts) found, shrunk and kept as plain
// tests so each bug stays fixed whatever the random seed.

/**
 * CPU milliseconds `fn` takes (waiting for a core does not count). The fixed versions
 * take well under one; the old ones took seconds.
 */
function timed(fn: () => void): number {
  const started = cpuNow();
  fn();
  return cpuNow() - started;
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
    const e = jsonExcerpt(text, { tool: "Bash", command: "npm view eslint --json" }, 1200);
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

describe("readers: counterexamples", () => {
  it("composeStatusline is linear on a long run of blanks before the last text (was quadratic: a hung statusline)", () => {
    // /\s+$/ retried from every blank of the run: 0.5 s at 40,000 blanks, 50 s at 400,000.
    const user = `${" ".repeat(200_000)}x`;
    expect(timed(() => composeStatusline(user, "cairn ctx 5%"))).toBeLessThan(1000);
    expect(composeStatusline(`${user} \n\t`, "cairn")).toBe(`${user}  cairn`);
  });

  it("the statusline keeps its suffix when the session's summary and the last-error file are damaged", async () => {
    // A last-error time of {"toString":0} made Date.parse throw: the suffix was lost and
    // an error logged (which then showed the error mark); a summary's strings were shown.
    const h = tempHome();
    try {
      mkdirSync(h.project, { recursive: true });
      const paths = cairnPaths(join(h.home, ".cairn"));
      mkdirSync(sessionDir(paths, "s1"), { recursive: true });
      writeFileSync(
        join(sessionDir(paths, "s1"), "summary.json"),
        JSON.stringify({
          at: 1,
          outputs: "9".repeat(5000),
          saved_bytes: 1e308,
          warn_pct: "x",
          critical_pct: null,
        }),
      );
      writeFileSync(paths.lastError, JSON.stringify({ t: { toString: 0 }, msg: "x" }));
      const input = JSON.stringify({ session_id: "s1", context_window: { used_percentage: 35 } });
      const r = await runCairn(["statusline"], { env: h.env, cwd: h.project, input });
      expect(r.stdout).toBe("cairn ctx 35%\n");
      expect(JSON.parse(readFileSync(paths.lastError, "utf8")).msg).toBe("x");
    } finally {
      h.cleanup();
    }
  });

  it("planSlim, validate and unanswered survive a null line, null blocks, and ids and inputs of other types", () => {
    // Each threw a TypeError out of `cairn slim`; ids and names of other types reached the store.
    const use = JSON.stringify({
      type: "assistant",
      message: {
        content: [
          null,
          { type: "tool_use", id: "t1", name: 5, input: ["x"] },
          { type: "tool_use", id: { toString: 0 }, name: "Bash", input: {} },
        ],
      },
    });
    const result = JSON.stringify({
      type: "user",
      message: {
        content: [
          null,
          { type: "tool_result", tool_use_id: "t1", content: "x".repeat(50) },
          { type: "tool_result", tool_use_id: { toString: 0 }, content: "y".repeat(50) },
        ],
      },
    });
    const lines = ["null", use, result];
    expect(validate(lines)).toBeUndefined();
    expect([...unanswered(lines)]).toEqual([]);
    const plan = planSlim(lines, 10, 0);
    expect(plan.results).toEqual([
      { line: 2, toolUseId: "t1", toolName: "tool", input: {}, text: "x".repeat(50), isError: false },
    ]);
    return applySlim(lines, plan, async () => "[cairn #1 · 1 KB] x").then((out) => {
      expect(out.slice(0, 2)).toEqual(lines.slice(0, 2));
      expect(JSON.parse(out[2]!).message.content[1].content).toBe("[cairn #1 · 1 KB] x");
    });
  });

  describe("on files", () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "cairn-fuzz-reg-readers-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("slimTranscript refuses a transcript that is not valid UTF-8, and leaves it as it was", async () => {
      // It decoded the file, slimmed, and wrote it back: the bad byte of a line it never
      // slimmed came back as U+FFFD (EF BF BD), so "every other line byte for byte" did not hold.
      const use = JSON.stringify({
        type: "assistant",
        message: { content: [{ type: "tool_use", id: "t1", name: "Bash", input: {} }] },
      });
      const result = JSON.stringify({
        type: "user",
        message: { content: [{ type: "tool_result", tool_use_id: "t1", content: "x".repeat(5000) }] },
      });
      const torn = Buffer.concat([
        Buffer.from('{"type":"user","message":{"content":"caf'),
        Buffer.from([0xe9, 0x22, 0x7d, 0x7d]),
      ]);
      const original = Buffer.concat([Buffer.from(`${use}\n`), torn, Buffer.from(`\n${result}\n`)]);
      const path = join(dir, "s1.jsonl");
      writeFileSync(path, original);
      const lines = original.toString("utf8").split("\n").slice(0, -1);
      const plan = planSlim(lines, 100, 0);
      expect(plan.results).toHaveLength(1);
      const paths = cairnPaths(join(dir, ".cairn"));
      await expect(slimTranscript(paths, path, "s1", plan, async () => "[cairn #1] x", 1)).rejects.toThrow(
        /not valid UTF-8/,
      );
      expect(readFileSync(path).equals(original)).toBe(true);
    });

    it("readBaton ignores a baton whose transcriptPath is not a string", () => {
      // Accepted as it was: SessionStart would have read a transcript at `5`, a file descriptor.
      const paths = cairnPaths(join(dir, ".cairn"));
      const path = batonPath(paths, "/p");
      mkdirSync(join(path, ".."), { recursive: true });
      const baton = { version: 1, sessionId: "s0", projectDir: "/p", createdAt: 1 };
      for (const transcriptPath of [5, null, { toString: 0 }, ["/t.jsonl"]]) {
        writeFileSync(path, JSON.stringify({ ...baton, transcriptPath }));
        expect(readBaton(paths, "/p")).toBeUndefined();
      }
      writeFileSync(path, JSON.stringify({ ...baton, transcriptPath: "/t.jsonl" }));
      expect(readBaton(paths, "/p")).toEqual({ ...baton, transcriptPath: "/t.jsonl" });
    });
  });

  it("resolveConfig reports a top-level __proto__ key as an unknown setting (it vanished without a word)", () => {
    const data = JSON.parse('{"__proto__": 5, "compress": {"min_bytes": 9000}}');
    const r = resolveConfig([{ source: "user", path: "u.yaml", data }]);
    expect(r.issues).toEqual([{ path: "u.yaml", key: "__proto__", problem: "unknown setting (ignored)" }]);
    expect(r.config["compress.min_bytes"]).toBe(9000);
  });
});
