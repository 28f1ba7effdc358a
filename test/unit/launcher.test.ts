import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../../src/core/version.ts";
import { CAIRN, REPO } from "../helpers/cairn.ts";

// bin/cairn, the launcher the plugin's hooks, its MCP server, the model's `cairn` in
// plugin mode and npm's `cairn` command run through: it finds a Node.js new enough for
// cairn past an older one first on PATH, hands the hook's stdin to it untouched, and
// when there is none it answers every hook validly and says so once, at SessionStart,
// with the command that fixes it. The old node is the machine's own (/usr/bin/node, 20).

const OLD_NODE = "/usr/bin/node";
const oldVersion = spawnSync(OLD_NODE, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
const [oldMajor = 99, oldMinor = 99] = oldVersion.replace(/^v/, "").split(".").map(Number);
const haveOldNode = oldVersion !== "" && (oldMajor < 22 || (oldMajor === 22 && oldMinor < 13));

const captured = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
);
const vitestRun = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");

let tmp: string;
let plugin: string;
let home: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "cairn-launcher-"));
  // The plugin as Claude Code caches it: bin/ and dist/ side by side, no node_modules.
  plugin = join(tmp, "plugin");
  cpSync(join(REPO, "bin"), join(plugin, "bin"), { recursive: true });
  cpSync(dirname(CAIRN), join(plugin, "dist"), { recursive: true });
  home = join(tmp, "home");
  mkdirSync(join(home, "project"), { recursive: true });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the launcher the way hooks.json does: `sh <plugin>/bin/cairn ARGS` under /bin/sh. */
function launch(
  args: string[],
  opts: { path: string; input?: string; env?: NodeJS.ProcessEnv; argv0?: string },
) {
  return spawnSync("/bin/sh", [opts.argv0 ?? join(plugin, "bin", "cairn"), ...args], {
    input: opts.input ?? "",
    env: { PATH: opts.path, HOME: home, ...opts.env },
    cwd: join(home, "project"),
    encoding: "utf8",
  });
}

describe.skipIf(!haveOldNode)("the launcher with an old node first on PATH", () => {
  const path = `${dirname(OLD_NODE)}:/bin`;

  it("with no newer node anywhere: every hook answers a valid no-op, SessionStart says why and how to fix it", () => {
    const start = launch(["hook", "SessionStart"], { path, input: "{}" });
    expect(start.status).toBe(0);
    const message = JSON.parse(start.stdout).systemMessage as string;
    expect(message).toContain(`needs Node.js 22.13 or newer and found ${oldVersion} at ${OLD_NODE}`);
    expect(message).toContain(`Fix: npm install --prefix ${home}/.cairn/node node@24`);
    const stop = launch(["hook", "Stop"], { path, input: "{}" });
    expect([stop.status, JSON.parse(stop.stdout)]).toEqual([0, {}]);
    const compact = launch(["hook", "PreCompact"], { path, input: "{}" });
    expect([compact.status, compact.stdout]).toEqual([0, ""]);
  });

  it("a command the model or the user runs fails with one line and exit 1", () => {
    const r = launch(["show", "1"], { path });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("needs Node.js 22.13 or newer");
  });

  it("the fix's location is a candidate: a node there runs cairn, and the old node's refusal leaves stdin for it", () => {
    // What `npm install --prefix ~/.cairn/node node@24` leaves (verified by hand; no download here).
    const fixHome = join(tmp, "fixed-home");
    mkdirSync(join(fixHome, ".cairn", "node", "node_modules", ".bin"), { recursive: true });
    symlinkSync(process.execPath, join(fixHome, ".cairn", "node", "node_modules", ".bin", "node"));
    const event = {
      ...captured,
      cwd: join(home, "project"),
      tool_response: { ...captured.tool_response, stdout: vitestRun },
    };
    const r = launch(["hook", "PostToolUse"], {
      path,
      input: JSON.stringify(event),
      env: { HOME: fixHome },
    });
    expect(r.status, r.stderr).toBe(0);
    const shown = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout as string;
    expect(shown).toMatch(/^\[cairn #1 · /);
    expect(shown).toContain("Tests  3 failed | 176 passed");
  });

  it("the node `cairn install` recorded comes first", () => {
    const recHome = join(tmp, "recorded-home");
    mkdirSync(join(recHome, ".cairn"), { recursive: true });
    writeFileSync(join(recHome, ".cairn", "node-path"), `${process.execPath}\n`);
    const r = launch(["--version"], { path, env: { HOME: recHome } });
    expect([r.status, r.stdout.trim()]).toEqual([0, VERSION]);
  });

  it("npm's link to the launcher: the node beside the link (the one npm installed cairn with) runs it", () => {
    const prefixBin = join(tmp, "prefix", "bin");
    mkdirSync(prefixBin, { recursive: true });
    symlinkSync(join(plugin, "bin", "cairn"), join(prefixBin, "cairn"));
    symlinkSync(process.execPath, join(prefixBin, "node"));
    const r = launch(["--version"], { path, argv0: join(prefixBin, "cairn") });
    expect([r.status, r.stdout.trim()]).toEqual([0, VERSION]);
  });
});

describe("the launcher's flags for the hot paths", () => {
  /** A node that writes the arguments it was given to `log`, then runs them (or refuses `refuse`, as node does a flag it does not know). */
  function recordingNode(name: string, refuse?: string): { node: string; log: string } {
    const dir = join(tmp, name);
    mkdirSync(dir, { recursive: true });
    const log = join(dir, "argv.log");
    const node = join(dir, "node");
    writeFileSync(
      node,
      `#!/bin/sh\nprintf '%s\\n' "$*" >>'${log}'\n${refuse ? `[ "$1" = '${refuse}' ] && { echo "node: bad option: $1" >&2; exit 9; }\n` : ""}exec '${process.execPath}' "$@"\n`,
      { mode: 0o755 },
    );
    return { node, log };
  }
  const bundle = () => `${plugin}/bin/../dist/cairn.cjs`;
  const filing = () =>
    JSON.stringify({
      ...captured,
      cwd: join(home, "project"),
      tool_response: { ...captured.tool_response, stdout: vitestRun },
    });

  it("runs a hook with TurboFan off (Maglev the top tier), a command as it is", () => {
    const { node, log } = recordingNode("recording");
    const r = launch(["hook", "PostToolUse"], {
      path: "/usr/bin:/bin",
      input: filing(),
      env: { CAIRN_NODE: node },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout).toMatch(/^\[cairn #\d+ · /);
    expect(launch(["--version"], { path: "/usr/bin:/bin", env: { CAIRN_NODE: node } }).status).toBe(0);
    expect(readFileSync(log, "utf8").trim().split("\n")).toEqual([
      `--max-opt=2 ${bundle()} hook PostToolUse`,
      `${bundle()} --version`,
    ]);
  });

  it("a node that refuses the flag runs the hook without it, with the hook's stdin whole", () => {
    const { node, log } = recordingNode("refusing", "--max-opt=2");
    const r = launch(["hook", "PostToolUse"], {
      path: "/usr/bin:/bin",
      input: filing(),
      env: { CAIRN_NODE: node },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout).toContain(
      "Tests  3 failed | 176 passed",
    );
    expect(readFileSync(log, "utf8").trim().split("\n")).toEqual([
      `--max-opt=2 ${bundle()} hook PostToolUse`,
      `${bundle()} hook PostToolUse`,
    ]);
  });
});

describe("the launcher without its bundle (a broken install)", () => {
  it("answers every hook validly and says what is missing, never a hook error", () => {
    const broken = join(tmp, "broken");
    cpSync(join(REPO, "bin"), join(broken, "bin"), { recursive: true });
    const start = launch(["hook", "SessionStart"], {
      path: `${dirname(process.execPath)}:/usr/bin:/bin`,
      input: "{}",
      argv0: join(broken, "bin", "cairn"),
    });
    expect(start.status).toBe(0);
    expect(JSON.parse(start.stdout).systemMessage).toBe(
      `cairn is off: ${join(broken, "bin", "..", "dist", "cairn.cjs")} is missing. Fix: reinstall cairn (in a clone: npm run build), then start a new session.`,
    );
    const post = launch(["hook", "PostToolUse"], {
      path: "/usr/bin:/bin",
      input: "{}",
      argv0: join(broken, "bin", "cairn"),
    });
    expect([post.status, JSON.parse(post.stdout)]).toEqual([0, {}]);
  });
});

describe("the bundle on an old node, run directly (an older hooks.json, a hand-made hook)", () => {
  it.skipIf(!haveOldNode)("SessionStart says so; other hooks answer a valid no-op", () => {
    const run = (event: string) =>
      spawnSync(OLD_NODE, [join(plugin, "dist", "cairn.cjs"), "hook", event], {
        input: "{}",
        env: { PATH: "/usr/bin:/bin", HOME: home },
        encoding: "utf8",
      });
    const start = run("SessionStart");
    expect(start.status).toBe(0);
    expect(JSON.parse(start.stdout).systemMessage).toContain("cairn needs Node.js 22.13 or newer");
    expect(JSON.parse(run("PostToolUse").stdout)).toEqual({});
  });
});

// A decision pinned (README, "What a repository cannot change"): $CAIRN_NODE is the
// launcher's first choice, even when a repository's `.claude/settings.json` `env` sets it
// for the session. The same file can declare `hooks` that run any program, so refusing
// it here would close nothing; what cairn reads as settings stays guarded instead.
describe("CAIRN_NODE, as a session's env can set it", () => {
  it("is the node the launcher runs, ahead of every node it would find itself", () => {
    const chosen = join(tmp, "chosen-node");
    writeFileSync(chosen, `#!/bin/sh\necho "chosen: $*"\n`, { mode: 0o755 });
    const r = launch(["--version"], {
      path: `${dirname(process.execPath)}:/usr/bin:/bin`,
      env: { CAIRN_NODE: chosen },
    });
    expect(r.stdout).toBe(`chosen: ${plugin}/bin/../dist/cairn.cjs --version\n`);
  });
});
