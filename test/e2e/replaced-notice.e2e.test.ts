/**
 * The person's sign that an output was replaced: cairn's PostToolUse answer carries a
 * one-line systemMessage (the excerpt's header). Claude Code shows it under the tool
 * call, also in its collapsed view, and never sends it to the model: in every request,
 * and after --resume, the header appears once, inside the tool result. Interactive under
 * tmux (skipped, saying so, where tmux is missing), and under -p with stream-json.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../helpers/cairn.ts";
import { until } from "../helpers/wait.ts";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";
import { HAS_TMUX, type Interactive, startInteractive } from "./harness/tmux.ts";

const OUTPUT = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");

/** How many times `needle` occurs in `hay`. */
const count = (hay: string, needle: string) => hay.split(needle).length - 1;

describe("a replaced output is marked for the person, not the model", () => {
  let api: MockApi;
  let sb: Sandbox;
  let header = "";
  let sessionId = "";
  let tty: Interactive | undefined;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
    await installCairn(sb);
  });
  afterAll(async () => {
    tty?.stop();
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

  describe.skipIf(!HAS_TMUX)("interactive (tmux)", () => {
    it("Claude Code shows the notice under the collapsed tool call", async () => {
      api.script([bash("cat vitest-run.txt", { id: "toolu_tty" }), text("INTERACTIVE-DONE")]);
      tty = startInteractive({
        name: "cairn-notice-e2e",
        home: sb.home,
        cwd: sb.project,
        apiUrl: api.url,
        args: ["--allowedTools", "Bash"],
        size: { cols: 160, rows: 50 },
      });
      const shows = (what: string, ok: (s: string) => boolean) => {
        let s = "";
        return until(
          () => {
            s = tty?.screen() ?? "";
            return ok(s) ? s : undefined;
          },
          `Claude Code never showed ${what}`,
          { last: () => s },
        );
      };
      await shows("its prompt and statusline", (s) => s.includes("cairn ctx"));
      tty.type("run it");
      const screen = await shows("the answer", (s) => s.includes("INTERACTIVE-DONE"));
      expect(screen).toMatch(/PostToolUse:Bash says: \[cairn #\d+ · /);
    });
  });
});
