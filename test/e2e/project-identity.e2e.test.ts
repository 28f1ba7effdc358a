/**
 * One project identity on the real Claude Code CLI, both transports: a session started
 * in `pkg/`, a sub-folder of a repository whose .git is above it. The session's
 * notebook is `pkg/.cairn/STATE.md`; the goal the model sets with `cairn state set` from
 * a folder it cd-ed into, and the step a person sets from a terminal in `pkg/src`, both
 * reach the model when the session is resumed. Before the one rule, the command
 * transport kept the notebook in pkg/ while the CLI (and the http transport) wrote the
 * repository root's.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CAIRN, runCairn } from "../helpers/cairn.ts";
import { cairn, installCairn } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox, writeClaudeJson } from "./harness/claude.ts";
import {
  bash,
  blockText,
  type CapturedRequest,
  type MockApi,
  startMockApi,
  text,
} from "./harness/mock-api.ts";

const GOAL = "GOAL-PKG: ship the pkg release";
const NOW = "NOW-PKG: tag v2 after the changelog";

/** What the last SessionStart told the model (the resume's), as Claude Code sent it. */
function sessionStart(r: CapturedRequest | undefined): string {
  for (const m of [...(r?.body.messages ?? [])].reverse()) {
    const t = typeof m.content === "string" ? m.content : blockText(m.content);
    if (t.includes("SessionStart hook additional context: ")) return t;
  }
  return "";
}

async function scenario(
  transport: "command" | "http",
): Promise<{ sb: Sandbox; api: MockApi; resumed: string }> {
  const sb = makeSandbox({ prefix: `cairn-e2e-ident-${transport}` });
  const pkg = join(sb.project, "pkg");
  mkdirSync(join(sb.project, ".git"), { recursive: true });
  mkdirSync(join(pkg, "src"), { recursive: true });
  writeClaudeJson(sb.home, [pkg]);
  sb.writeSettings({ permissions: { allow: ["Bash"] } });
  if (transport === "http") {
    mkdirSync(join(sb.home, ".cairn"), { recursive: true, mode: 0o700 });
    appendFileSync(join(sb.home, ".cairn", "config.yaml"), "http:\n  allow_other_users: true\n", {
      mode: 0o600,
    });
    await installCairn(sb, ["--transport", "http"]);
  } else await installCairn(sb);
  const api = await startMockApi();
  // The model cd-s into pkg/src and sets the goal from there.
  api.script([
    bash(`cd src && "${process.execPath}" "${CAIRN}" state set goal "${GOAL}"`, { id: "toolu_goal" }),
    text("Goal set."),
  ]);
  const first = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "set the goal", cwd: pkg });
  expect(first.exitCode, first.stderr).toBe(0);
  // A person, in a terminal in pkg/src: no Claude Code variables at all.
  const terminal = await runCairn(["state", "set", "now", NOW], {
    cwd: join(pkg, "src"),
    env: { HOME: sb.home, CAIRN_HOME: "", CLAUDE_PROJECT_DIR: "" },
  });
  expect(terminal.code, terminal.stderr).toBe(0);
  api.script([text("Resumed.")]);
  const second = await runClaude({
    sandbox: sb,
    apiUrl: api.url,
    prompt: "go on",
    cwd: pkg,
    resume: first.sessionId,
  });
  expect(second.exitCode, second.stderr).toBe(0);
  return { sb, api, resumed: sessionStart(api.mainRequests().at(-1)) };
}

for (const transport of ["command", "http"] as const) {
  describe(`a session in a repository's sub-folder (${transport} transport)`, () => {
    let s: Awaited<ReturnType<typeof scenario>>;
    afterAll(async () => {
      if (transport === "http") await cairn(s.sb, ["serve", "--stop"]);
      await s?.api.close();
      s?.sb.cleanup();
    });

    it("keeps its notebook in pkg/, and the resumed session gets the goal the model set and the step set in a terminal", async () => {
      s = await scenario(transport);
      const pkg = join(s.sb.project, "pkg");
      const notebook = readFileSync(join(pkg, ".cairn", "STATE.md"), "utf8");
      expect(notebook).toContain(GOAL);
      expect(notebook).toContain(NOW);
      expect(existsSync(join(s.sb.project, ".cairn", "STATE.md"))).toBe(false);
      expect(s.resumed).toContain(GOAL);
      expect(s.resumed).toContain(NOW);
    }, 240_000);
  });
}
