import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";

// The exit-status mechanism through the built hook: SessionStart appends the trap to
// CLAUDE_ENV_FILE; real bash runs real commands with that file sourced as Claude Code
// does; PostToolUse gets a captured event carrying what bash really printed.

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(REPO, "test/fixtures/hook-inputs", `${name}.json`), "utf8")) as Record<
    string,
    unknown
  >;
const startup = fixture("SessionStart-startup");
const post = fixture("PostToolUse-Bash-small");
const pre = fixture("PreToolUse-Bash-small");
const SID = String(startup.session_id);
const vitestFile = join(REPO, "test/fixtures/outputs/test-vitest-failing.txt");

describe("exit status through the hooks", () => {
  let sb: ReturnType<typeof tempHome>;
  let envFile: string;
  let transcript: string;
  const hook = (name: string, event: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
    runCairn(["hook", name], {
      input: JSON.stringify({ ...event, session_id: SID, transcript_path: transcript, cwd: sb.project }),
      env: { ...sb.env, ...env },
      cwd: sb.project,
    });
  const start = (env: NodeJS.ProcessEnv = {}) =>
    hook("SessionStart", startup, { CLAUDE_ENV_FILE: envFile, SHELL: "/bin/bash", ...env });
  /** A command as Claude Code runs it (PreToolUse first), output trimmed as Claude Code trims it, and its exit status. */
  const run = async (command: string) => {
    expect((await hook("PreToolUse", { ...pre, tool_input: { command } })).code).toBe(0);
    const quoted = `'${command.replaceAll("'", `'"'"'`)}'`;
    const r = spawnSync("bash", ["-c", `source ${envFile} && eval ${quoted} 2>&1`], {
      cwd: sb.project,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    return { output: r.stdout.trimEnd(), code: r.status };
  };
  const bash = async (command: string) => (await run(command)).output;
  const answer = async (stdout: string, extra: Record<string, unknown> = {}) => {
    const r = await hook("PostToolUse", {
      ...post,
      tool_response: { ...(post.tool_response as object), stdout, ...extra },
    });
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout) as { hookSpecificOutput?: { updatedToolOutput?: Record<string, unknown> } };
  };
  const log = () => readFileSync(join(sb.home, ".cairn", "logs", "cairn.log"), "utf8");
  const trapState = () => {
    const db = new DatabaseSync(join(sb.home, ".cairn", "cairn.db"), { readOnly: true });
    const row = db
      .prepare("SELECT value FROM kv WHERE scope = ? AND key = 'run.exit_trap'")
      .get(`session:${SID}`) as { value: string } | undefined;
    db.close();
    return row ? JSON.parse(row.value) : undefined;
  };

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
    const sessionEnv = join(sb.home, ".claude", "session-env", SID);
    mkdirSync(sessionEnv, { recursive: true });
    envFile = join(sessionEnv, "sessionstart-hook-0.sh");
    writeFileSync(envFile, "");
    const projectDir = join(sb.home, ".claude", "projects", "-tmp-project");
    mkdirSync(join(projectDir, SID, "tool-results"), { recursive: true });
    transcript = join(projectDir, `${SID}.jsonl`);
    writeFileSync(transcript, "");
  });
  afterEach(() => sb.cleanup());

  it("SessionStart appends the trap once (again on resume changes nothing) and records it", async () => {
    expect((await start()).code).toBe(0);
    const once = readFileSync(envFile, "utf8");
    expect(once).toMatch(/^# cairn exit trap \(begin.*\ntrap '.*' EXIT\n# cairn exit trap \(end\)\n$/s);
    await hook("SessionStart", fixture("SessionStart-resume"), {
      CLAUDE_ENV_FILE: envFile,
      SHELL: "/bin/bash",
    });
    expect(readFileSync(envFile, "utf8")).toBe(once);
    expect(trapState()).toEqual({ installed: true, shell: "bash" });
  });

  it("SessionStart removes the raw spool files an older cairn's runner left, without following a link", async () => {
    const run = join(sb.home, ".cairn", "run");
    mkdirSync(run, { recursive: true });
    writeFileSync(join(run, "toolu_x.out"), "raw output with PGPASSWORD=hunter2\n");
    writeFileSync(join(run, "toolu_x.sh"), "psql\n");
    await start();
    expect(existsSync(run)).toBe(false);
    const elsewhere = join(sb.home, "elsewhere");
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, "keep.txt"), "keep");
    symlinkSync(elsewhere, run);
    await start();
    expect(existsSync(run)).toBe(false);
    expect(readFileSync(join(elsewhere, "keep.txt"), "utf8")).toBe("keep");
  });

  it("an env file that does not end its last line keeps that line whole", async () => {
    writeFileSync(envFile, "export FROM_OTHER_HOOK=1");
    await start();
    await hook("PreToolUse", pre);
    const out = execFileSync("bash", ["-c", `source ${envFile} && echo "$FROM_OTHER_HOOK"; ls missing`], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    expect(out).toMatch(/^1\n\n\[cairn-exit [0-9a-f]+ 2\]\n$/);
  });

  it("SHELL unset or naming fish: the trap still goes in (Claude Code runs only bash or zsh)", async () => {
    for (const SHELL of [undefined, "/usr/bin/fish"]) {
      writeFileSync(envFile, "");
      await start({ SHELL });
      expect(readFileSync(envFile, "utf8")).toMatch(/trap '__cairn_rc=\$\?;.*' EXIT/);
      expect(trapState()).toEqual({ installed: true, shell: expect.stringMatching(/^(bash|zsh)$/) });
    }
  });

  it("no CLAUDE_ENV_FILE: no trap, and the reason is recorded", async () => {
    await start({ CLAUDE_ENV_FILE: "" });
    expect(trapState()).toEqual({ installed: false, why: expect.stringContaining("no CLAUDE_ENV_FILE") });
  });

  it("a small failing output loses the marker and states the exit status first", async () => {
    await start();
    const raw = await bash("ls missing-dir");
    expect(raw).toMatch(/\n\[cairn-exit [0-9a-f]+ 2\]$/);
    const out = (await answer(raw)).hookSpecificOutput?.updatedToolOutput;
    expect(out?.stdout).toBe("Exit code 2\nls: cannot access 'missing-dir': No such file or directory");
    expect(out).toMatchObject({ stderr: "", interrupted: false });
  });

  it("a successful output is left alone; a marker without this session's nonce is left in place", async () => {
    await start();
    expect(await answer(await bash("echo fine"))).toEqual({});
    const forged = await bash("echo '[cairn-exit 00000000000000000000000000000000 0]'");
    expect(await answer(forged)).toEqual({});
    expect(log()).toMatch(/ends like an exit marker without this session's nonce/);
  });

  it("a large failing output is compressed with its status stated", async () => {
    await start();
    const raw = await bash(`cat ${vitestFile}; exit 1`);
    const out = (await answer(raw)).hookSpecificOutput?.updatedToolOutput;
    const stdout = String(out?.stdout);
    expect(stdout).toMatch(/^Exit code 1\n\[cairn #1 · [^\]]*exit 1/);
    expect(stdout).toContain("Tests  3 failed | 176 passed");
    expect(stdout).not.toContain("cairn-exit");
    const shown = await runCairn(["show", "1"], { env: sb.env, cwd: sb.project });
    // (The fixture's final blank lines are Claude Code's to trim, not part of the output.)
    expect(shown.stdout.trimEnd()).toBe(readFileSync(vitestFile, "utf8").trimEnd());
  });

  it("an output over 30 KB is read from Claude Code's spill file, marker stripped", async () => {
    await start();
    const raw = await bash("seq 1 20000; echo 'FATAL: the needle at the end'; exit 3");
    expect(raw.length).toBeGreaterThan(30_000);
    const spill = join(transcript.slice(0, -".jsonl".length), "tool-results", "b45hc1jw6.txt");
    writeFileSync(spill, `${raw}\n`);
    const out = (
      await answer(raw.slice(0, 30_000), { persistedOutputPath: spill, persistedOutputSize: raw.length })
    ).hookSpecificOutput?.updatedToolOutput;
    expect(out).not.toHaveProperty("persistedOutputPath");
    expect(String(out?.stdout)).toMatch(/^Exit code 3\n\[cairn #1 · /);
    expect(String(out?.stdout)).toContain("FATAL: the needle at the end");
    expect(String(out?.stdout)).not.toContain("cairn-exit");
  });

  it("a crafted persistedOutputPath is not read, and the log says so", async () => {
    const secret = join(sb.home, "secret.txt");
    writeFileSync(secret, `SECRET-CONTENT-${"x".repeat(10_000)}\n`);
    const received = "line of received output\n".repeat(400);
    const out = (await answer(received, { persistedOutputPath: secret })).hookSpecificOutput
      ?.updatedToolOutput;
    expect(String(out?.stdout)).toContain("[cairn #1");
    const shown = await runCairn(["show", "1"], { env: sb.env, cwd: sb.project });
    expect(shown.stdout).toBe(received);
    expect(shown.stdout).not.toContain("SECRET-CONTENT");
    expect(log()).toMatch(/ignored persistedOutputPath: not inside the session's tool-results folder/);
  });

  it("a background command's output file read back shows the status instead of the marker", async () => {
    await start();
    const tasks = join(sb.home, "claude-tmp", "-tmp-project", SID, "tasks");
    mkdirSync(tasks, { recursive: true });
    const file = join(tasks, "bqqulm1ur.output");
    // As Claude Code leaves it: the output, then its own line once the command ended.
    const raw = `${await bash("echo building; ls missing-bg")}\n\n[exited with code 0]`;
    writeFileSync(file, `${raw}\n`);
    const read = fixture("PostToolUse-Read-small");
    const lines = `${raw}\n`.split("\n").length;
    const r = await hook("PostToolUse", {
      ...read,
      tool_input: { file_path: file },
      tool_response: {
        type: "text",
        file: { filePath: file, content: `${raw}\n`, numLines: lines, startLine: 1, totalLines: lines },
      },
    });
    const content = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.file.content;
    expect(content).toBe(
      "building\nls: cannot access 'missing-bg': No such file or directory\n[exited with code 2] (cairn: the completion notice's \"exit code 0\" comes from its exit trap)\n",
    );
    // The same text in any other file is the file's own business.
    const other = join(sb.project, "notes.output");
    writeFileSync(other, `${raw}\n`);
    const untouched = await hook("PostToolUse", {
      ...read,
      tool_input: { file_path: other },
      tool_response: {
        type: "text",
        file: { filePath: other, content: `${raw}\n`, numLines: lines, startLine: 1, totalLines: lines },
      },
    });
    expect(JSON.parse(untouched.stdout)).toEqual({});
  });

  // Finding 2 of the 2026-11-28 review: after enabled: false (a repository's, arriving
  // with a checkout; the user's), run.enabled: false or a kill switch, the trap went on
  // turning failures into exit 0 and nothing stated them. Now it stands aside unless
  // cairn's PreToolUse hook armed this very command, and a marker that got through is
  // still stated by PostToolUse whatever the config says.
  describe("the trap stands aside unless cairn is on for this command", () => {
    const offWays: [string, () => void][] = [
      [
        "a repository's enabled: false (a checkout brought it)",
        () => write(join(sb.project, ".claude", "cairn.yaml"), "enabled: false\n"),
      ],
      ["the user's enabled: false", () => write(join(sb.home, ".cairn", "config.yaml"), "enabled: false\n")],
      [
        "the user's run.enabled: false",
        () => write(join(sb.home, ".cairn", "config.yaml"), "run:\n  enabled: false\n"),
      ],
      ["cairn off", () => write(join(sb.home, ".cairn", "off"), "")],
    ];
    const write = (path: string, text: string) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    };

    it.each(offWays)(
      "after %s, a failing command fails as it would without cairn",
      async (_label, turnOff) => {
        await start();
        expect((await run("ls missing-dir")).code).toBe(0); // on: the trap acts
        turnOff();
        const r = await run("echo 'FAIL: 2 tests failed'; exit 1");
        expect(r).toEqual({ output: "FAIL: 2 tests failed", code: 1 });
      },
    );

    it.each(offWays.filter(([label]) => !label.includes("run.enabled")))(
      "when the trap acted and then came %s, PostToolUse still states the exit status",
      async (_label, turnOff) => {
        await start();
        const raw = await bash("echo 'FAIL: 2 tests failed'; exit 1");
        expect(raw).toMatch(/\n\[cairn-exit [0-9a-f]+ 1\]$/);
        turnOff();
        const out = (await answer(raw)).hookSpecificOutput?.updatedToolOutput;
        expect(out?.stdout).toBe("Exit code 1\nFAIL: 2 tests failed");
      },
    );

    it("a command whose PreToolUse hook did not run (hooks gone) fails as usual, with a session's trap still in its env file", async () => {
      await start();
      const quoted = "'echo out; exit 3'";
      const r = spawnSync("bash", ["-c", `source ${envFile} && eval ${quoted}`], { encoding: "utf8" });
      expect({ out: r.stdout, code: r.status }).toEqual({ out: "out\n", code: 3 });
    });
  });
});
