/**
 * The person's sign that an output was replaced: cairn's PostToolUse answer carries a
 * one-line systemMessage (the excerpt's header). Claude Code shows it under the tool
 * call, also in its collapsed view, and never sends it to the model: in every request,
 * and after --resume, the header appears once, inside the tool result. Interactive under
 * tmux (skipped, saying so, where tmux is missing), and under -p with stream-json.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../helpers/cairn.ts";
import { until } from "../helpers/wait.ts";
import { installCairn } from "./harness/cairn.ts";
import { CLAUDE_BIN, claudeEnv, makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";

const OUTPUT = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");
const TMUX = "/usr/bin/tmux";

const socket = `cairn-notice-e2e-${process.pid}`;
const tmux = (...args: string[]) =>
  execFileSync(TMUX, ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" });

/** How many times `needle` occurs in `hay`. */
const count = (hay: string, needle: string) => hay.split(needle).length - 1;

describe("a replaced output is marked for the person, not the model", () => {
  let api: MockApi;
  let sb: Sandbox;
  let header = "";
  let sessionId = "";

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
    await installCairn(sb);
  });
  afterAll(async () => {
    try {
      if (existsSync(TMUX)) tmux("kill-server");
    } catch {
      // Not started, or already gone.
    }
    await api.close();
    sb.cleanup();
  });

  it("-p: the notice is the excerpt's header, shown as Claude Code's informational line", async () => {
    api.script([bash("cat vitest-run.txt", { id: "toolu_big" }), text("done")]);
    const r = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "notice",
      outputFormat: "stream-json",
    });
    expect(r.exitCode, r.stderr).toBe(0);
    header = (api.toolResult("toolu_big") ?? "").split("\n")[0] ?? "";
    expect(header).toMatch(/^\[cairn #\d+ · .*→ excerpt/);
    const notices = (r.events ?? []).filter((e) => e.type === "system" && e.subtype === "informational");
    expect(notices.map((e) => e.content)).toContain(`PostToolUse:Bash says: ${header}`);
    sessionId = r.sessionId;
  });

  it("never reaches the model: the header is in each request once, in the tool result, also after --resume", async () => {
    api.script([text("resumed")]);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "again", resume: sessionId });
    expect(r.exitCode, r.stderr).toBe(0);
    const after = api.mainRequests().filter((q) => JSON.stringify(q.body).includes("toolu_big"));
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const q of after)
      expect(count(JSON.stringify(q.body.messages), JSON.stringify(header).slice(1, -1))).toBe(1);
  });

  describe.skipIf(!existsSync(TMUX))("interactive (tmux)", () => {
    it("Claude Code shows the notice under the collapsed tool call", async () => {
      api.script([bash("cat vitest-run.txt", { id: "toolu_tty" }), text("INTERACTIVE-DONE")]);
      const env = claudeEnv(api.url, sb.home);
      const q = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
      const command = [
        "env",
        "-i",
        ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
        CLAUDE_BIN,
        "--allowedTools",
        "Bash",
      ]
        .map(q)
        .join(" ");
      tmux("new-session", "-d", "-s", "cc", "-x", "160", "-y", "50", "-c", sb.project, command);
      let ready = "";
      await until(
        () => {
          ready = tmux("capture-pane", "-p", "-t", "cc");
          return ready.includes("cairn ctx") ? true : undefined;
        },
        "the prompt",
        { last: () => ready, hangMs: 20_000 },
      );
      tmux("send-keys", "-t", "cc", "run it", "Enter");
      let screen = "";
      await until(
        () => {
          screen = tmux("capture-pane", "-p", "-t", "cc");
          return screen.includes("INTERACTIVE-DONE") ? true : undefined;
        },
        "the answer",
        { last: () => screen },
      );
      expect(screen).toMatch(/PostToolUse:Bash says: \[cairn #\d+ · /);
    });
  });
});
