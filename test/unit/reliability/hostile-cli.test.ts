import { lstatSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";

// The commands that take an id or a session from the person: hostile arguments get a
// clear error and a non-zero exit, never a stack trace, a new file outside ~/.cairn, or
// an escape sequence echoed to the terminal.

const MARK = `cairn-cli-escape-${process.pid}`;
const ESC = "\x1b";

const CASES: { args: string[]; code?: number }[] = [
  { args: ["show", "../../x"] },
  { args: ["show", "/etc/passwd"] },
  { args: ["show", "--", "-1"] },
  { args: ["show", "1e400"] },
  { args: ["show", "99999999999999999999"] },
  { args: ["show", `${ESC}]0;PWNED\x07`] },
  { args: ["show", "1", "2"] },
  { args: ["show", "--lines", "../1"] },
  { args: ["detail", "../../x"] },
  { args: ["detail", "--session", "../../etc", "turn", "1"] },
  { args: ["detail", "--session", `/tmp/${MARK}`, "14:00"] },
  { args: ["detail", "--session", "x".repeat(5000), "turn", "1"] },
  { args: ["status", "--session", "../../x"] },
  { args: ["status", "--session", `${ESC}[2J${ESC}]0;PWNED\x07`] },
  { args: ["status", "--session", "/etc/passwd"] },
  { args: ["report", "--session", "../../x"] },
  { args: ["sessions", "--limit", "../x"] },
  { args: ["sessions", "../../x"] },
  { args: ["state", "../../x"] },
  { args: ["state", "set", `../../${MARK}`, "y"] },
  { args: ["handoff", "--session", "../../x"] },
  { args: ["handoff", "--write", "--session", `../../../../../../tmp/${MARK}`] },
  { args: ["search", "--session", "../../x", "foo"] },
  { args: ["slim", "../../x"] },
  { args: ["slim", `../../../../../../../tmp/${MARK}`] },
  { args: ["slim", "--undo", "../../x"] },
  { args: ["save-inflight", "--session", `../../${MARK}`] },
];

function walk(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    out.push(p);
    if (lstatSync(p).isDirectory()) walk(p, out);
  }
  return out;
}

describe("CLI commands with hostile ids and paths", () => {
  let h: ReturnType<typeof tempHome>;
  let env: NodeJS.ProcessEnv;
  let before: Set<string>;

  beforeAll(async () => {
    h = tempHome("cairn-cli-hostile-");
    mkdirSync(join(h.project, ".git"), { recursive: true });
    env = { ...h.env, CLAUDE_PROJECT_DIR: h.project };
    // One real session, so the commands have a store and a project to work on.
    const start = JSON.parse(
      readFileSync(join(REPO, "test", "fixtures", "hook-inputs", "SessionStart-startup.json"), "utf8"),
    );
    const r = await runCairn(["hook", "SessionStart"], {
      input: JSON.stringify({ ...start, cwd: h.project }),
      env,
      cwd: h.project,
    });
    expect(r.code).toBe(0);
    before = new Set(walk(h.home));
  });
  afterAll(() => h.cleanup());

  for (const c of CASES) {
    const name = JSON.stringify(c.args.join(" ")).slice(0, 90);
    it(`cairn ${name}: a clear error, a non-zero exit`, async () => {
      const r = await runCairn(c.args, { env, cwd: h.project, input: "a memo\n" });
      expect(r.code, r.stdout + r.stderr).not.toBe(0);
      expect(r.code).not.toBeNull();
      expect(r.stderr, "names the command").toMatch(new RegExp(`^cairn ${c.args[0]}: \\S`));
      expect(r.stderr).not.toMatch(/\n\s+at \S+ \(/); // no stack trace
      expect(r.stderr + r.stdout).not.toContain(ESC); // echoed arguments are shown, not obeyed
      const made = walk(h.home).filter((p) => !before.has(p));
      const stray = made.filter((p) => !p.startsWith(join(h.home, ".cairn") + sep));
      expect(stray.map((p) => relative(h.home, p))).toEqual([]);
      expect(readdirSync(tmpdir()).filter((n) => n.includes(MARK))).toEqual([]);
    });
  }
});
