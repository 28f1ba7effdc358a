import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCairn, tempHome } from "../helpers/cairn.ts";
import { capturedHookInputs } from "../helpers/captures.ts";

// The dispatcher is the fail-open boundary: whatever arrives on stdin, `cairn hook`
// exits 0 with a valid answer, leaves a log line, and writes nothing outside ~/.cairn.
// These run the built bundle as a separate process, exactly as Claude Code does.

const real = capturedHookInputs();
const post = real.find((e) => e.hook_event_name === "PostToolUse")!;
const start = real.find((e) => e.hook_event_name === "SessionStart")!;
const precompact = real.find((e) => e.hook_event_name === "PreCompact")!;
const postJson = JSON.stringify(post);

type Case = { name: string; event: string; input: string | Buffer };

const cases: Case[] = [
  { name: "empty stdin", event: "PostToolUse", input: "" },
  { name: "whitespace only", event: "PostToolUse", input: " \n\t " },
  { name: "lone brace", event: "PostToolUse", input: "{" },
  { name: "truncated real event", event: "PostToolUse", input: postJson.slice(0, postJson.length / 2) },
  { name: "json null", event: "PostToolUse", input: "null" },
  { name: "json array", event: "PostToolUse", input: "[]" },
  { name: "json string", event: "PostToolUse", input: '"PostToolUse"' },
  { name: "json number", event: "PostToolUse", input: "42" },
  { name: "empty object", event: "PostToolUse", input: "{}" },
  {
    name: "missing session_id",
    event: "PostToolUse",
    input: JSON.stringify({ ...post, session_id: undefined }),
  },
  { name: "session_id is a number", event: "PostToolUse", input: JSON.stringify({ ...post, session_id: 7 }) },
  { name: "session_id empty", event: "PostToolUse", input: JSON.stringify({ ...post, session_id: "" }) },
  {
    name: "session_id 10k chars",
    event: "PostToolUse",
    input: JSON.stringify({ ...post, session_id: "a".repeat(10_000) }),
  },
  { name: "event name mismatch", event: "PostToolUse", input: JSON.stringify(start) },
  {
    name: "tool_input is a string",
    event: "PostToolUse",
    input: JSON.stringify({ ...post, tool_input: "ls" }),
  },
  {
    name: "tool_name missing",
    event: "PostToolUse",
    input: JSON.stringify({ ...post, tool_name: undefined }),
  },
  { name: "cwd is an object", event: "PostToolUse", input: JSON.stringify({ ...post, cwd: { a: 1 } }) },
  {
    name: "PreCompact bad trigger",
    event: "PreCompact",
    input: JSON.stringify({ ...precompact, trigger: "sometimes" }),
  },
  { name: "unknown event name", event: "NotAnEvent", input: postJson },
  { name: "lowercase event name", event: "posttooluse", input: postJson },
  { name: "random binary bytes", event: "PostToolUse", input: randomBytes(64 * 1024) },
  {
    name: "invalid UTF-8 inside a string",
    event: "PostToolUse",
    input: Buffer.concat([
      Buffer.from(postJson.slice(0, -2)),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ]),
  },
  { name: "trailing garbage", event: "PostToolUse", input: `${postJson}xyz` },
  { name: "two objects", event: "PostToolUse", input: `${postJson}\n${postJson}` },
  { name: "deep nesting", event: "PostToolUse", input: `${"[".repeat(200_000)}${"]".repeat(200_000)}` },
  { name: "NaN literal", event: "PostToolUse", input: '{"session_id": NaN}' },
  {
    name: "lone surrogate session id",
    event: "PostToolUse",
    input: JSON.stringify({ ...post, session_id: "\ud800abc" }),
  },
  {
    name: "NUL in session id",
    event: "PostToolUse",
    input: JSON.stringify({ ...post, session_id: "abc\u0000def" }),
  },
  {
    name: "path traversal session id",
    event: "PostToolUse",
    input: JSON.stringify({ ...post, session_id: "../../etc" }),
  },
  {
    name: "absolute path session id",
    event: "SessionStart",
    input: JSON.stringify({ ...start, session_id: "/etc/passwd" }),
  },
  {
    name: "traversal in a SessionEnd",
    event: "SessionEnd",
    input: JSON.stringify({
      ...start,
      hook_event_name: "SessionEnd",
      reason: "other",
      session_id: "..\\..\\x",
    }),
  },
  {
    name: "__proto__ pollution",
    event: "PostToolUse",
    input: `{"__proto__":{"polluted":true},${postJson.slice(1)}`,
  },
  { name: "50 MB of garbage", event: "PostToolUse", input: Buffer.alloc(50 * 1024 * 1024, 0x41) },
  {
    name: "50 MB valid event",
    event: "PostToolUse",
    input: JSON.stringify({
      ...post,
      tool_response: { ...(post.tool_response as object), stdout: "x".repeat(50 * 1024 * 1024) },
    }),
  },
];

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

describe("cairn hook: fail-open boundary", () => {
  const sandbox = tempHome();
  let logBefore = 0;

  beforeAll(() => {
    logBefore = 0;
  });
  afterAll(() => sandbox.cleanup());

  it(`has at least 30 malformed inputs (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const c of cases) {
    it(`${c.name}: exit 0, valid answer, a log line, nothing outside ~/.cairn`, async () => {
      const run = await runCairn(["hook", c.event], { input: c.input, env: sandbox.env, cwd: sandbox.home });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe("");
      if (c.event === "PreCompact") {
        expect(run.stdout).toBe(""); // PreCompact's no-op: plain stdout would become compaction instructions
      } else {
        expect(() => JSON.parse(run.stdout)).not.toThrow();
        expect(JSON.parse(run.stdout)).toEqual({});
      }
      const log = readFileSync(join(sandbox.home, ".cairn", "logs", "cairn.log"), "utf8")
        .split("\n")
        .filter(Boolean);
      expect(log.length).toBeGreaterThan(logBefore);
      logBefore = log.length;
      const outside = listFiles(sandbox.home).filter((f) => !relative(sandbox.home, f).startsWith(".cairn"));
      expect(outside).toEqual([]);
    });
  }

  it("files cairn wrote are readable by their owner only", () => {
    for (const f of listFiles(join(sandbox.home, ".cairn"))) {
      expect((statSync(f).mode & 0o077).toString(8), f).toBe("0");
    }
  });
});

describe("an empty or relative HOME", () => {
  it("never puts cairn's state in the directory a hook runs in", async () => {
    const sb = tempHome();
    try {
      const { mkdirSync, existsSync } = await import("node:fs");
      const cwd = join(sb.home, "somewhere");
      mkdirSync(cwd, { recursive: true });
      const input = JSON.stringify({ ...post, cwd });
      for (const HOME of ["", "relative/home"]) {
        const r = await runCairn(["hook", "PostToolUse"], {
          input,
          env: { ...sb.env, HOME, CAIRN_HOME: `${sb.home}/.cairn` },
          cwd,
        });
        expect(r.code).toBe(0);
        expect(existsSync(join(cwd, ".cairn")), `HOME=${JSON.stringify(HOME)}`).toBe(false);
        expect(existsSync(join(cwd, "relative"))).toBe(false);
      }
    } finally {
      sb.cleanup();
    }
  });
});
