/**
 * The one way cairn asks a model (the summariser and the observer both go through it):
 * the Messages API, over real HTTP to the scripted server with the real SDK, and
 * `claude -p`, here a stand-in CLI that reports how it was started. Its args, its empty
 * working folder (gone afterwards), the recursion guard, and every failure as an error.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AskOptions, askModel } from "../../../src/claude/ask-model.ts";
import { type MockApi, startMockApi } from "../../e2e/harness/mock-api.ts";

describe("askModel: the API", () => {
  let api: MockApi;
  beforeAll(async () => {
    api = await startMockApi({ classify: () => "main" });
  });
  afterAll(() => api.close());
  const opts = (extra: Partial<AskOptions> = {}): AskOptions => ({
    provider: "api",
    model: "claude-haiku-4-5",
    timeoutMs: 10_000,
    env: { ANTHROPIC_API_KEY: "sk-test-dummy", ANTHROPIC_BASE_URL: api.url },
    maxTokens: 321,
    purpose: "the test",
    ...extra,
  });

  it("sends the prompt, the system prompt and the token cap, and returns the text", async () => {
    api.script([{ text: "ANSWER-1" }]);
    expect(await askModel("the question", opts({ system: "be brief" }))).toBe("ANSWER-1");
    const body = api.requests.at(-1)?.body as { system?: unknown; max_tokens?: number; model?: string };
    expect(JSON.stringify(body.system)).toContain("be brief");
    expect(body.max_tokens).toBe(321);
    expect(body.model).toBe("claude-haiku-4-5");
    expect(JSON.stringify(api.requests.at(-1)?.body.messages)).toContain("the question");
  });

  it("without credentials, says who asked", async () => {
    await expect(askModel("q", opts({ env: { ANTHROPIC_BASE_URL: api.url } }))).rejects.toThrow(
      /no ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN for the test/,
    );
  });
});

describe("askModel: claude -p", () => {
  let dir: string;
  let fake: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cairn-ask-"));
    fake = join(dir, "claude");
    // Reports its args, folder, guard and stdin as the JSON `claude -p --output-format json` prints.
    writeFileSync(
      fake,
      `#!/usr/bin/env node
const input = require("node:fs").readFileSync(0, "utf8");
if (input.includes("FAIL-EXIT")) { process.stderr.write("boom on stderr"); process.exit(3); }
if (input.includes("NOT-JSON")) { process.stdout.write("plain text"); process.exit(0); }
const fs = require("node:fs");
const report = { args: process.argv.slice(2), cwd: process.cwd(), empty: fs.readdirSync(process.cwd()).length === 0, guard: process.env.CAIRN_HOOKS_OFF, input };
process.stdout.write(JSON.stringify({ type: "result", result: JSON.stringify(report) }));
`,
    );
    chmodSync(fake, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const opts = (extra: Partial<AskOptions> = {}): AskOptions => ({
    provider: "claude",
    model: "claude-haiku-4-5",
    timeoutMs: 60_000,
    env: { ...process.env, CAIRN_CLAUDE_BIN: fake },
    maxTokens: 100,
    purpose: "the test",
    ...extra,
  });

  it("runs with no tools, no MCP servers, no saved session, in an empty folder, with cairn's hooks off", async () => {
    const said = JSON.parse(await askModel("the question", opts({ system: "be brief" })));
    expect(said.args).toEqual([
      "-p",
      "--output-format",
      "json",
      "--model",
      "claude-haiku-4-5",
      "--append-system-prompt",
      "be brief",
      "--tools",
      "",
      "--strict-mcp-config",
      "--no-session-persistence",
    ]);
    expect(said.input).toBe("the question");
    expect(said.guard).toBe("1");
    expect(said.empty).toBe(true);
    expect(existsSync(said.cwd)).toBe(false);
  });

  it("a failing CLI and an answer that is not its JSON are errors, with what it said", async () => {
    await expect(askModel("FAIL-EXIT", opts())).rejects.toThrow(/claude -p exited 3: boom on stderr/);
    await expect(askModel("NOT-JSON", opts())).rejects.toThrow(/claude -p answered something unexpected/);
  });

  it("without a system prompt, passes none", async () => {
    const said = JSON.parse(await askModel("q", opts()));
    expect(said.args).not.toContain("--append-system-prompt");
    expect(readFileSync(fake, "utf8")).toContain("CAIRN_HOOKS_OFF");
  });
});
