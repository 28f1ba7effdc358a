/**
 * Observation mode through the real Claude Code: a large Bash output reaches the
 * model as a model-written observation; a malformed observer answer falls back to the
 * deterministic excerpt. The observer's requests go to the same scripted server.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import {
  bash,
  type CapturedRequest,
  findToolResult,
  type MockApi,
  startMockApi,
  text,
} from "./harness/mock-api.ts";

const isObserver = (body: { system?: unknown }) =>
  JSON.stringify(body.system ?? "").includes("cairn's observer");

describe("observation mode e2e", () => {
  let api: MockApi;
  let sb: Sandbox;

  beforeAll(async () => {
    api = await startMockApi({ classify: (_p, body) => (isObserver(body) ? "main" : undefined) });
    sb = makeSandbox();
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    // The user's own config: a repository's .claude/cairn.yaml cannot turn on model calls.
    mkdirSync(join(sb.home, ".cairn"), { recursive: true, mode: 0o700 });
    appendFileSync(join(sb.home, ".cairn", "config.yaml"), "observe:\n  enabled: true\n  timeout_ms: 5000\n");
    sb.writeFile(
      "build.log",
      Array.from({ length: 600 }, (_, i) =>
        i === 300 ? "error: linker failed: undefined symbol _start" : `compiling unit ${i}`,
      ).join("\n"),
    );
    await installCairn(sb);
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  const toolResult = (id: string) => {
    const req = api.mainRequests().find((r: CapturedRequest) => findToolResult(r, id));
    return JSON.stringify(req ? findToolResult(req, id)?.content : undefined);
  };

  it("shows the model's observation instead of the excerpt, and stores it", async () => {
    const observation = {
      title: "build failed at link time",
      subtitle: "600 units compiled",
      narrative: "All units compiled; the link step failed.",
      facts: ["error: linker failed: undefined symbol _start"],
      concepts: ["linker"],
      type: "build",
    };
    api.script([
      bash("cat build.log", { id: "toolu_obs" }),
      { text: JSON.stringify(observation) },
      text("ok"),
    ]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "build" });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(api.requests.filter((r) => isObserver(r.body))).toHaveLength(1);
    const shown = toolResult("toolu_obs");
    expect(shown).toContain("Observation (model-written): build failed at link time");
    expect(shown).toContain("error: linker failed: undefined symbol _start");
    expect(shown).toContain("[cairn #");
    const db = cairnDb(sb);
    const [row] = rows<{ compressor: string; observation: string }>(
      db,
      "SELECT compressor, observation FROM outputs ORDER BY id DESC LIMIT 1",
    );
    db.close();
    expect(row?.compressor).toBe("observation");
    expect(JSON.parse(row!.observation).title).toBe("build failed at link time");
  });

  it("falls back to the deterministic excerpt when the observer's answer is malformed", async () => {
    api.clearRequests();
    api.script([
      bash("cat build.log", { id: "toolu_obs2" }),
      { text: "Sure! The build failed." },
      text("ok"),
    ]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "build again" });
    expect(run.exitCode, run.stderr).toBe(0);
    const shown = toolResult("toolu_obs2");
    expect(shown).not.toContain("Observation (model-written)");
    expect(shown).toContain("[cairn #");
    expect(shown).toContain("error: linker failed: undefined symbol _start");
  });
});
