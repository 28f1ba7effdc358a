/**
 * Observation mode's other provider, `claude -p`, on the real CLI: it returns the
 * observation, starts with no tools and no MCP servers, and with cairn installed its
 * own session never reaches cairn's hooks (the recursion guard).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observe } from "../../src/observe/observation.ts";
import { REPO } from "../helpers/cairn.ts";
import { HANG_MS } from "../helpers/wait.ts";
import { cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { CLAUDE_BIN, claudeEnv, makeSandbox, type Sandbox } from "./harness/claude.ts";
import { type MockApi, startMockApi } from "./harness/mock-api.ts";

describe("observation through claude -p", () => {
  let api: MockApi;
  let sb: Sandbox;
  beforeAll(async () => {
    api = await startMockApi({ classify: () => "main" });
    sb = makeSandbox();
    await installCairn(sb); // registers cairn's hooks and MCP server for this HOME
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("observes, without tools, MCP servers or cairn's hooks in its own session", async () => {
    const observation = {
      title: "pytest: 3 failed",
      narrative: "Three tests failed.",
      facts: ["FAILED tests/test_cart.py::test_discount"],
      concepts: ["pytest"],
      type: "test-run",
    };
    api.script([{ text: JSON.stringify(observation) }]);
    const text = readFileSync(join(REPO, "test/fixtures/outputs/test-pytest-failing.txt"), "utf8");
    const env = { ...claudeEnv(api.url, sb.home), CAIRN_CLAUDE_BIN: CLAUDE_BIN };
    const o = await observe(
      text,
      { tool: "Bash", command: "pytest", exitCode: 1 },
      // The observer's own kill timer: a hang detector here, as long as any wait.
      { provider: "claude", model: "claude-haiku-4-5", timeoutMs: HANG_MS, env },
    );
    expect(o.title).toBe("pytest: 3 failed");
    const [req] = api.mainRequests();
    expect(req?.body.tools ?? []).toEqual([]);
    expect(JSON.stringify(req?.body)).toContain("cairn's observer");
    expect(JSON.stringify(req?.body)).toContain("Exit status: 1");
    // cairn's hooks are registered for this HOME, so without the guard the observer's
    // own session would have recorded its events (and created the database).
    const settings = JSON.parse(readFileSync(join(sb.home, ".claude", "settings.json"), "utf8"));
    expect(settings.hooks.SessionStart[0].hooks[0].args).toContain("SessionStart");
    const dbFile = join(sb.home, ".cairn", "cairn.db");
    let events: unknown[] = [];
    if (existsSync(dbFile)) {
      const db = cairnDb(sb);
      events = rows(db, "SELECT event FROM events");
      db.close();
    }
    expect(events).toEqual([]);
  });
});
