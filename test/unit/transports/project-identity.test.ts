import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeProjectKey } from "../../../src/core/project.ts";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { freePort, type ServedCairn, startServe } from "../../helpers/serve.ts";

// One project identity (src/core/project.ts) for both transports, every hook and every
// command: a repository whose .git is above the session's directory, a session started
// in its sub-folder pkg/. The session's notebook is pkg/.cairn/STATE.md, and a goal set
// with `cairn state set` in pkg/ (from a terminal, or by the model from a folder it cd-ed
// into) is what the session restores. Before the one rule, the http transport and the
// CLI took the repository's root while the command transport took pkg/.

const captured = (name: string) =>
  readFileSync(join(REPO, "test/fixtures/hook-inputs", `${name}.json`), "utf8");

interface Layout {
  readonly h: ReturnType<typeof tempHome>;
  readonly repo: string;
  readonly pkg: string;
  readonly sid: string;
  /** A captured hook input moved into this sandbox's session: cwd (default pkg/) and transcript keyed by pkg/. */
  event(name: string, cwd?: string): string;
}

function layout(prefix: string, sid: string): Layout {
  const h = tempHome(prefix);
  const home = realpathSync(h.home);
  const repo = join(home, "work", "repo");
  const pkg = join(repo, "pkg");
  mkdirSync(join(pkg, "src"), { recursive: true });
  mkdirSync(join(repo, ".git"));
  const transcript = join(home, ".claude", "projects", claudeProjectKey(pkg), `${sid}.jsonl`);
  mkdirSync(join(transcript, ".."), { recursive: true });
  writeFileSync(transcript, "");
  return {
    h,
    repo,
    pkg,
    sid,
    event(name, cwd = pkg) {
      const e = JSON.parse(captured(name)) as Record<string, unknown>;
      return JSON.stringify({ ...e, session_id: sid, cwd, transcript_path: transcript });
    },
  };
}

const contextOf = (answer: string): string =>
  (JSON.parse(answer) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput
    ?.additionalContext ?? "";

/** `cairn state set goal …` as a person runs it in a terminal: no Claude Code variables. */
const setGoalInTerminal = (l: Layout, cwd: string, goal: string) =>
  runCairn(["state", "set", "goal", goal], { cwd, env: l.h.env });

/** The same run by the model through Bash: Claude Code gives it its session id, not CLAUDE_PROJECT_DIR. */
const setGoalAsModel = (l: Layout, cwd: string, goal: string) =>
  runCairn(["state", "set", "goal", goal], {
    cwd,
    env: { ...l.h.env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: l.sid },
  });

describe("command transport: a session started in a repository's sub-folder", () => {
  const l = layout("cairn-ident-cmd-", "0dd00000-0000-4000-8000-00000000000c");
  const hook = (name: string, input: string) =>
    runCairn(["hook", name], { input, cwd: l.pkg, env: { ...l.h.env, CLAUDE_PROJECT_DIR: l.pkg } });
  afterAll(() => l.h.cleanup());

  it("keeps the notebook in pkg/, and restores the goal set there from a terminal", async () => {
    const start = await hook("SessionStart", l.event("SessionStart-startup"));
    expect(start.code).toBe(0);
    expect(readFileSync(join(l.pkg, ".cairn", "STATE.md"), "utf8")).toContain("## Goal");
    expect((await setGoalInTerminal(l, join(l.pkg, "src"), "ship the pkg release")).code).toBe(0);
    const resumed = await hook("SessionStart", l.event("SessionStart-resume"));
    expect(contextOf(resumed.stdout)).toContain("ship the pkg release");
  });

  it("restores a goal the model set from a folder outside the project", async () => {
    const r = await setGoalAsModel(l, l.h.home, "goal set by the model");
    expect(r.code, r.stderr).toBe(0);
    const resumed = await hook("SessionStart", l.event("SessionStart-resume"));
    expect(contextOf(resumed.stdout)).toContain("goal set by the model");
  });
});

describe("http transport: the same session, and a cd below its directory", () => {
  const l = layout("cairn-ident-http-", "0dd00000-0000-4000-8000-00000000000d");
  let served: ServedCairn;
  beforeAll(async () => {
    served = await startServe(l.h.env, await freePort());
  });
  afterAll(async () => {
    await served.stop();
    l.h.cleanup();
  });

  it("keeps the notebook in pkg/, and restores the goal set there from a terminal", async () => {
    const start = await served.post("SessionStart", l.event("SessionStart-startup"));
    expect(start.status).toBe(200);
    expect(readFileSync(join(l.pkg, ".cairn", "STATE.md"), "utf8")).toContain("## Goal");
    expect((await setGoalInTerminal(l, l.pkg, "ship the pkg release")).code).toBe(0);
    // The model cd-ed into pkg/src: the event's cwd moved, the session did not.
    const resumed = await served.post("SessionStart", l.event("SessionStart-resume", join(l.pkg, "src")));
    expect(contextOf(resumed.body)).toContain("ship the pkg release");
  });

  it("restores a goal the model set from a folder outside the project", async () => {
    expect((await setGoalAsModel(l, l.h.home, "goal set by the model")).code).toBe(0);
    const resumed = await served.post("SessionStart", l.event("SessionStart-resume"));
    expect(contextOf(resumed.body)).toContain("goal set by the model");
  });
});
