/**
 * The http transport on the real Claude Code: the same session gives the model the
 * same tool results as with the command transport; killing the server mid-session
 * leaves the session completing normally, and doctor says what happened.
 */
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairn, cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, findToolResult, type MockApi, startMockApi, text, tool } from "./harness/mock-api.ts";

const LOG = Array.from({ length: 800 }, (_, i) =>
  i === 400 ? "FATAL disk quota exceeded on /var/data" : `ok step ${i}`,
).join("\n");

function setUp(sb: Sandbox): void {
  sb.writeSettings({ permissions: { allow: ["Bash"] } });
  sb.writeFile("app.log", `${LOG}\n`);
  sb.writeFile("src/a.ts", "export const needle = 1;\n");
}

const steps = (sb: Sandbox) => [
  bash("cat app.log", { id: "toolu_log" }),
  tool("Grep", { pattern: "needle", path: "src", output_mode: "content", "-n": true }, { id: "toolu_grep" }),
  tool("Read", { file_path: join(sb.project, "src/a.ts") }, { id: "toolu_read" }),
  text("done"),
];

function modelSaw(api: MockApi, ids: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ids) {
    const req = api.mainRequests().find((r) => findToolResult(r, id));
    out[id] = JSON.stringify(req ? findToolResult(req, id)?.content : null);
  }
  return out;
}

describe("http transport e2e", () => {
  let api: MockApi;
  let viaCommand: Sandbox;
  let viaHttp: Sandbox;

  beforeAll(async () => {
    api = await startMockApi();
    viaCommand = makeSandbox({ prefix: "cairn-e2e-cmd" });
    viaHttp = makeSandbox({ prefix: "cairn-e2e-htp" });
    setUp(viaCommand);
    setUp(viaHttp);
    await installCairn(viaCommand);
    // This machine may run other users' processes (a database server, other tests):
    // the http transport is then refused unless the user accepts that risk.
    mkdirSync(join(viaHttp.home, ".cairn"), { recursive: true, mode: 0o700 });
    appendFileSync(join(viaHttp.home, ".cairn", "config.yaml"), "http:\n  allow_other_users: true\n", {
      mode: 0o600,
    });
    await installCairn(viaHttp, ["--transport", "http"]);
  });
  afterAll(async () => {
    await cairn(viaHttp, ["serve", "--stop"]);
    await api.close();
    viaCommand.cleanup();
    viaHttp.cleanup();
  });

  it("installs http hooks with on_failure continue, and a running server", async () => {
    const settings = JSON.parse(readFileSync(join(viaHttp.home, ".claude", "settings.json"), "utf8"));
    const post = settings.hooks.PostToolUse[0].hooks[0];
    expect(post.type).toBe("http");
    expect(post.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cairn\/hook\/PostToolUse$/);
    expect(post.on_failure).toBe("continue");
    expect(settings.hooks.PreCompact[0].hooks[0].type).toBe("command");
    expect((await cairn(viaHttp, ["serve", "--status"])).code).toBe(0);
  });

  it("gives the model the same tool results as the command transport", async () => {
    const ids = ["toolu_log", "toolu_grep", "toolu_read"];
    api.script(steps(viaCommand));
    const a = await runClaude({ sandbox: viaCommand, apiUrl: api.url, prompt: "go" });
    const sawCommand = modelSaw(api, ids);
    api.clearRequests();
    api.script(steps(viaHttp));
    const b = await runClaude({ sandbox: viaHttp, apiUrl: api.url, prompt: "go" });
    const sawHttp = modelSaw(api, ids);
    expect(a.exitCode).toBe(0);
    expect(b.exitCode).toBe(0);
    const norm = (o: Record<string, string>, sb: Sandbox) =>
      JSON.parse(JSON.stringify(o).replaceAll(sb.project, "<p>"));
    expect(norm(sawHttp, viaHttp)).toEqual(norm(sawCommand, viaCommand));
    expect(sawHttp.toolu_log).toContain("[cairn #1");
    expect(sawHttp.toolu_log).toContain("FATAL disk quota exceeded");
    const db = cairnDb(viaHttp);
    const events = rows<{ event: string }>(
      db,
      "SELECT event FROM events WHERE session_id = ?",
      b.sessionId,
    ).map((e) => e.event);
    db.close();
    for (const e of ["SessionStart", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"])
      expect(events).toContain(e);
  });

  it("with the server killed mid-session, the session completes and doctor says what happened", async () => {
    api.clearRequests();
    const state = () =>
      JSON.parse(readFileSync(join(viaHttp.home, ".cairn", "serve.json"), "utf8")) as { pid: number };
    api.script([
      bash("echo first", { id: "toolu_k1" }),
      () => {
        process.kill(state().pid, "SIGKILL");
        return bash("cat app.log", { id: "toolu_k2" });
      },
      text("still here"),
    ]);
    const run = await runClaude({ sandbox: viaHttp, apiUrl: api.url, prompt: "go on" });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("still here");
    // Without the server nothing compressed the log: the model saw it whole.
    expect(modelSaw(api, ["toolu_k2"]).toolu_k2).toContain("ok step 799");
    const doctor = await cairn(viaHttp, ["doctor", "--json"]);
    const check = (
      JSON.parse(doctor.stdout) as { checks: { name: string; status: string; detail: string }[] }
    ).checks.find((c) => c.name === "http transport");
    expect(check?.status).toBe("fail");
    expect(check?.detail).toMatch(/stopped without shutting down/);
    expect(doctor.code).toBe(1);
  });
});
