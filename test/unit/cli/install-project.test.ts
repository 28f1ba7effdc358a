/**
 * `cairn install --project` writes files a team commits: they must hold no path of the
 * machine that wrote them and run cairn only through the user's own home launcher
 * (~/.cairn/bin/cairn), never a program inside the repository. The undo it prints
 * works, and `cairn uninstall` finds what either scope installed. `--purge` deletes what
 * cairn stored, after listing it. The built CLI in a throwaway HOME.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAIRN, REPO, runCairn, tempHome } from "../../helpers/cairn.ts";

let sb: ReturnType<typeof tempHome>;
const cli = (...args: string[]) => runCairn(args, { env: sb.env, cwd: sb.project });
const projectFile = (rel: string) => join(sb.project, rel);
const COMMITTED = [".claude/settings.json", ".mcp.json", ".claude/commands/handoff.md"];

beforeEach(() => {
  sb = tempHome();
  mkdirSync(join(sb.project, ".git"), { recursive: true });
  mkdirSync(join(sb.home, ".claude"), { recursive: true });
});
afterEach(() => sb.cleanup());

/** Runs a hook's command line from the committed settings as Claude Code does: /bin/sh -c, in the project. */
function runHookLine(line: string, input: string, env: NodeJS.ProcessEnv) {
  return spawnSync("/bin/sh", ["-c", line], {
    cwd: sb.project,
    input,
    encoding: "utf8",
    env: { ...process.env, ...env, CLAUDE_PROJECT_DIR: sb.project },
    timeout: 30_000,
  });
}

function hookLine(event: string): string {
  const settings = JSON.parse(readFileSync(projectFile(".claude/settings.json"), "utf8"));
  return settings.hooks[event][0].hooks[0].command as string;
}

const sessionStart = () =>
  JSON.stringify({
    session_id: "s-project-1",
    transcript_path: join(sb.home, "nope.jsonl"),
    cwd: sb.project,
    hook_event_name: "SessionStart",
    source: "startup",
  });

describe("cairn install --project", () => {
  it("writes no path of this machine into the files a team commits", async () => {
    const r = await cli("install", "--project");
    expect(r.code, r.stderr).toBe(0);
    for (const rel of COMMITTED) {
      const text = readFileSync(projectFile(rel), "utf8");
      for (const local of [sb.home, dirname(CAIRN), REPO, process.execPath, dirname(process.execPath)])
        expect(text, `${rel} names ${local}`).not.toContain(local);
    }
    expect(readFileSync(projectFile(".claude/commands/handoff.md"), "utf8")).toContain(
      "allowed-tools: Bash(~/.cairn/bin/cairn handoff:*), Bash(~/.cairn/bin/cairn save-inflight:*)",
    );
  });

  it("its hooks run the user's own cairn through ~/.cairn/bin/cairn, never one inside the repository", async () => {
    expect((await cli("install", "--project")).code).toBe(0);
    // A repository that ships a `cairn` of its own, on a PATH that reaches it.
    const planted = projectFile("node_modules/.bin/cairn");
    mkdirSync(dirname(planted), { recursive: true });
    writeFileSync(planted, `#!/bin/sh\ntouch "${projectFile("PLANTED-RAN")}"\necho '{}'\n`);
    chmodSync(planted, 0o755);
    const env = {
      ...sb.env,
      PATH: `./node_modules/.bin:${dirname(planted)}:${dirname(process.execPath)}:/usr/bin:/bin`,
    };
    const r = runHookLine(hookLine("SessionStart"), sessionStart(), env);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(projectFile("PLANTED-RAN"))).toBe(false);
    expect(existsSync(join(sb.home, ".cairn", "cairn.db"))).toBe(true);
    expect(existsSync(projectFile(".cairn/STATE.md"))).toBe(true);
  });

  it("for a teammate without cairn, every hook is a quiet no-op and SessionStart says why once", async () => {
    expect((await cli("install", "--project")).code).toBe(0);
    const teammate = tempHome("cairn-teammate-");
    try {
      const start = runHookLine(hookLine("SessionStart"), sessionStart(), teammate.env);
      expect(start.status).toBe(0);
      expect(JSON.parse(start.stdout).systemMessage).toMatch(/cairn is off in this project for you/);
      for (const event of ["PostToolUse", "PreCompact", "Stop"]) {
        const r = runHookLine(hookLine(event), "{}", teammate.env);
        expect([event, r.status, r.stdout]).toEqual([event, 0, ""]);
      }
      expect(existsSync(join(teammate.home, ".cairn"))).toBe(false);
    } finally {
      teammate.cleanup();
    }
  });

  it("prints an undo that works, and plain `cairn uninstall` finds the project install too", async () => {
    const installed = await cli("install", "--project");
    const undo = /undo with `(.+?)`/.exec(installed.stdout)?.[1] ?? "";
    expect(undo).toMatch(/ uninstall --project$/);
    const ran = spawnSync("/bin/sh", ["-c", undo], {
      cwd: sb.project,
      encoding: "utf8",
      env: { ...process.env, ...sb.env },
    });
    expect(ran.status, ran.stderr).toBe(0);
    for (const rel of COMMITTED) expect(existsSync(projectFile(rel)), rel).toBe(false);
    expect(existsSync(join(sb.home, ".cairn", "bin", "cairn"))).toBe(false);

    expect((await cli("install", "--project")).code).toBe(0);
    const un = await cli("uninstall");
    expect(un.code, un.stderr).toBe(0);
    expect(un.stdout).toContain(`uninstalled: ${projectFile(".claude/settings.json")}`);
    for (const rel of COMMITTED) expect(existsSync(projectFile(rel)), rel).toBe(false);
    expect(existsSync(join(sb.home, ".cairn", "bin", "cairn"))).toBe(false);
  });

  it("a teammate's committed install is left alone by plain uninstall, and named", async () => {
    expect((await cli("install", "--project")).code).toBe(0);
    const teammate = tempHome("cairn-teammate-");
    try {
      const env = { ...teammate.env };
      const mine = (...args: string[]) => runCairn(args, { env, cwd: sb.project });
      const joined = await mine("install", "--project");
      expect(joined.stdout).toContain("already installed");
      expect(existsSync(join(teammate.home, ".cairn", "bin", "cairn"))).toBe(true);
      const settings = readFileSync(projectFile(".claude/settings.json"), "utf8");
      const un = await mine("uninstall");
      expect(un.code).toBe(0);
      expect(un.stdout).toContain("committed to the project, not installed by this machine");
      expect(readFileSync(projectFile(".claude/settings.json"), "utf8")).toBe(settings);
      expect(existsSync(join(teammate.home, ".cairn", "bin", "cairn"))).toBe(false);
    } finally {
      teammate.cleanup();
    }
  });

  it("doctor checks the launcher the project's hooks run", async () => {
    expect((await cli("install", "--project")).code).toBe(0);
    const doctor = async () => {
      const r = await runCairn(["doctor", "--json"], {
        env: { ...sb.env, PATH: `${dirname(process.execPath)}:/usr/bin:/bin` },
        cwd: sb.project,
      });
      return (JSON.parse(r.stdout) as { checks: { name: string; status: string; detail: string }[] }).checks;
    };
    expect((await doctor()).find((c) => c.name === "hook command")).toMatchObject({
      status: "ok",
      detail: `${join(sb.home, ".cairn", "bin", "cairn")} runs this cairn`,
    });
    rmSync(join(sb.home, ".cairn", "bin", "cairn"));
    expect((await doctor()).find((c) => c.name === "hook command")).toMatchObject({
      status: "fail",
      detail: "the project's hooks run ~/.cairn/bin/cairn, which is missing: they do nothing",
    });
  });

  it("refuses a cairn that lives inside the project, and the http transport", async () => {
    const inside = projectFile("node_modules/cairn/dist");
    cpSync(dirname(CAIRN), inside, { recursive: true });
    const r = spawnSync(process.execPath, [join(inside, "cairn.cjs"), "install", "--project"], {
      cwd: sb.project,
      encoding: "utf8",
      env: { ...process.env, ...sb.env },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("is inside the project");
    expect(existsSync(projectFile(".claude/settings.json"))).toBe(false);
    const http = await cli("install", "--project", "--transport", "http");
    expect(http.code).toBe(2);
  });
});

describe("cairn uninstall --purge", () => {
  it("lists what it deletes (cairn's home, every known project's .cairn/), deletes it, and --dry-run deletes nothing", async () => {
    expect((await cli("install")).code).toBe(0);
    expect((await cli("install", "--project")).code).toBe(0);
    // A session in another project, known only from the database.
    const other = join(sb.home, "other");
    mkdirSync(join(other, ".git"), { recursive: true });
    const hook = await runCairn(["hook", "SessionStart"], {
      env: { ...sb.env, CLAUDE_PROJECT_DIR: other },
      cwd: other,
      input: JSON.stringify({ ...JSON.parse(sessionStart()), cwd: other, session_id: "s-other" }),
    });
    expect(hook.code, hook.stderr).toBe(0);
    expect(existsSync(join(other, ".cairn", "STATE.md"))).toBe(true);
    mkdirSync(projectFile(".cairn"), { recursive: true });
    writeFileSync(projectFile(".cairn/STATE.md"), "# notes\n");

    const dry = await cli("uninstall", "--purge", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    for (const dir of [join(sb.home, ".cairn"), join(other, ".cairn"), projectFile(".cairn")])
      expect(dry.stdout).toContain(`  ${dir}  (`);
    expect(existsSync(join(sb.home, ".cairn", "cairn.db"))).toBe(true);
    expect(existsSync(projectFile(".claude/settings.json"))).toBe(true);

    const purge = await cli("uninstall", "--purge");
    expect(purge.code, purge.stdout + purge.stderr).toBe(0);
    expect(purge.stdout).toContain("cairn uninstall --purge deletes:");
    for (const gone of [
      join(sb.home, ".cairn"),
      join(other, ".cairn"),
      projectFile(".cairn"),
      projectFile(".claude/settings.json"),
      join(sb.home, ".claude", "settings.json"),
    ])
      expect(existsSync(gone), gone).toBe(false);
  });

  it("a project's .cairn that is a link is named and left, with what it points to", async () => {
    const elsewhere = join(sb.home, "precious");
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, "keep.txt"), "keep\n");
    symlinkDir(elsewhere, projectFile(".cairn"));
    mkdirSync(join(sb.home, ".cairn"), { recursive: true });
    const purge = await cli("uninstall", "--purge");
    expect(purge.code).toBe(0);
    expect(purge.stdout).toContain(`left: ${projectFile(".cairn")} is a link`);
    expect(readFileSync(join(elsewhere, "keep.txt"), "utf8")).toBe("keep\n");
    rmSync(projectFile(".cairn"));
  });
});

function symlinkDir(target: string, at: string): void {
  spawnSync("ln", ["-s", target, at]);
}
