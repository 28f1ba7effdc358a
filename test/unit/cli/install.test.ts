import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAIRN, runCairn, tempHome } from "../../helpers/cairn.ts";

// Install/uninstall through the real CLI against settings files shaped like real ones.

const UNUSUAL = `{
\t"model": "claude-opus-5-5",
\t"permissions": {"allow": ["Bash(npm test:*)"], "deny": []},
\t"hooks": {
\t\t"PostToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "prettier --write \\"$FILE\\"", "timeout": 30}]}],
\t\t"Notification": [{"hooks": [{"type": "command", "command": "notify-send 'Claude'"}]}]
\t},
\t"statusLine": {"type": "command", "command": "echo \\"📍 $(basename $PWD)\\"", "padding": 1},
\t"env": {"FOO": "bär"}
}`; // tabs, no trailing newline, unicode, escaped quotes, compact nested objects

describe("cairn install / uninstall", () => {
  let sb: ReturnType<typeof tempHome>;
  let settings: string;
  const cli = (...args: string[]) => runCairn(args, { env: sb.env, cwd: sb.project });

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(join(sb.home, ".claude"), { recursive: true });
    mkdirSync(join(sb.project, ".git"), { recursive: true });
    settings = join(sb.home, ".claude", "settings.json");
  });
  afterEach(() => sb.cleanup());

  it("merges into unusual settings, is idempotent, and uninstall restores the bytes", async () => {
    writeFileSync(settings, UNUSUAL);
    const first = await cli("install");
    expect(first.code, first.stderr).toBe(0);
    const installed = readFileSync(settings, "utf8");
    const parsed = JSON.parse(installed);

    // Everything of the user's is still there.
    expect(parsed.model).toBe("claude-opus-5-5");
    expect(parsed.env).toEqual({ FOO: "bär" });
    expect(parsed.permissions.allow).toEqual(["Bash(npm test:*)"]);
    expect(parsed.hooks.Notification).toHaveLength(1);
    expect(parsed.hooks.PostToolUse[0].hooks[0].command).toContain("prettier");
    expect(installed).toContain('\t"model"'); // the file's indentation is kept

    // cairn's hooks: exec form, explicit timeouts, matchers where they save work.
    const cairnPost = parsed.hooks.PostToolUse[1].hooks[0];
    expect(cairnPost.command).toBe(process.execPath);
    expect(cairnPost.args).toEqual([CAIRN, "hook", "PostToolUse"]);
    expect(parsed.hooks.SessionEnd[0].hooks[0].timeout).toBeGreaterThanOrEqual(5);
    expect(parsed.hooks.PreToolUse[0].matcher).toBe("Bash|Read|Agent|Task");
    for (const e of [
      "SessionStart",
      "UserPromptSubmit",
      "Stop",
      "SubagentStop",
      "PreCompact",
      "PostToolUseFailure",
    ]) {
      expect(parsed.hooks[e], e).toHaveLength(1);
    }
    expect(parsed.hooks.PostCompact).toBeUndefined(); // no part acts on it
    // The statusline wraps the user's own and keeps its padding.
    expect(parsed.statusLine.command).toMatch(/cairn\.cjs statusline$/);
    expect(parsed.statusLine.padding).toBe(1);

    const again = await cli("install");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already installed");
    expect(readFileSync(settings, "utf8")).toBe(installed);

    const un = await cli("uninstall");
    expect(un.code, un.stderr).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(UNUSUAL);
  });

  it("removes only cairn's entries when the file changed after install", async () => {
    writeFileSync(settings, UNUSUAL);
    await cli("install");
    const edited = JSON.parse(readFileSync(settings, "utf8"));
    edited.theme = "dark";
    edited.hooks.Stop.push({ hooks: [{ type: "command", command: "say done" }] });
    writeFileSync(settings, JSON.stringify(edited, null, 2));

    const un = await cli("uninstall");
    expect(un.code, un.stderr).toBe(0);
    const after = JSON.parse(readFileSync(settings, "utf8"));
    expect(after.theme).toBe("dark");
    expect(after.hooks.Stop).toEqual([{ hooks: [{ type: "command", command: "say done" }] }]);
    expect(after.hooks.SessionStart).toBeUndefined();
    expect(after.hooks.PostToolUse).toHaveLength(1);
    expect(after.statusLine).toEqual(JSON.parse(UNUSUAL).statusLine);
    expect(JSON.stringify(after)).not.toContain("cairn");
  });

  it("creates settings.json when there is none, and uninstall removes it again", async () => {
    expect((await cli("install")).code).toBe(0);
    expect(JSON.parse(readFileSync(settings, "utf8")).statusLine.command).toContain("statusline");
    expect((await cli("uninstall")).code).toBe(0);
    expect(existsSync(settings)).toBe(false);
  });

  it("refuses a JSONC file untouched and prints the snippet to paste", async () => {
    const jsonc = '{\n  // my settings\n  "model": "x",\n}\n';
    writeFileSync(settings, jsonc);
    const run = await cli("install");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("refused");
    expect(run.stderr).toContain("JSONC");
    expect(JSON.parse(run.stdout).hooks.PostToolUse[0].hooks[0].args).toContain("PostToolUse");
    expect(readFileSync(settings, "utf8")).toBe(jsonc);
  });

  it("--dry-run writes nothing; --project targets the project's settings", async () => {
    writeFileSync(settings, UNUSUAL);
    const dry = await cli("install", "--dry-run");
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout.split("\n").slice(1).join("\n")).hooks.SessionStart).toHaveLength(1);
    expect(readFileSync(settings, "utf8")).toBe(UNUSUAL);

    expect((await cli("install", "--project")).code).toBe(0);
    const proj = join(sb.project, ".claude", "settings.json");
    expect(JSON.parse(readFileSync(proj, "utf8")).hooks.Stop).toHaveLength(1);
    expect(readFileSync(settings, "utf8")).toBe(UNUSUAL);
    expect((await cli("uninstall", "--project")).code).toBe(0);
    expect(existsSync(proj)).toBe(false);
  });

  it("rejects unknown flags in one line", async () => {
    const run = await cli("install", "--bogus");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("cairn install: unknown option --bogus (options: cairn install --help)\n");
  });
});
