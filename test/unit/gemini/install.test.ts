import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseSettings } from "../../../src/claude/settings.ts";
import {
  GEMINI_INSTALLED_EVENTS,
  geminiPlan,
  hasCairnGemini,
  withCairnGemini,
  withoutCairnGemini,
} from "../../../src/gemini/settings.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

const self = { command: "/usr/bin/node", args: ["/opt/cairn/dist/cairn.cjs"] };

describe("cairn in Gemini CLI's settings.json", () => {
  const user = {
    security: { auth: { selectedType: "gemini-api-key" } },
    hooks: { AfterTool: [{ matcher: "write_file", hooks: [{ type: "command", command: "my-linter" }] }] },
    mcpServers: { mine: { command: "my-server" } },
  };

  it("adds one hook per event and the MCP server, keeping the user's entries", () => {
    const s = withCairnGemini(user, geminiPlan(self));
    expect(Object.keys(s.hooks ?? {}).sort()).toEqual([...GEMINI_INSTALLED_EVENTS].sort());
    expect(s.hooks?.AfterTool?.[0]).toEqual(user.hooks.AfterTool[0]);
    expect(s.hooks?.SessionStart?.[0]?.hooks[0]).toEqual({
      type: "command",
      name: "cairn",
      command: "/usr/bin/node /opt/cairn/dist/cairn.cjs gemini-hook SessionStart",
      timeout: 15_000,
    });
    expect(s.mcpServers).toEqual({
      mine: { command: "my-server" },
      cairn: { command: "/usr/bin/node", args: ["/opt/cairn/dist/cairn.cjs", "mcp"] },
    });
    expect(hasCairnGemini(s)).toBe(true);
    // Twice is once; taking it out gives the user's settings back.
    expect(withCairnGemini(s, geminiPlan(self))).toEqual(s);
    expect(withoutCairnGemini(s)).toEqual(user);
  });

  it("never replaces an MCP server of the user's named cairn", () => {
    const theirs = { mcpServers: { cairn: { command: "their-cairn" } } };
    const s = withCairnGemini(theirs, geminiPlan(self));
    expect(s.mcpServers).toEqual(theirs.mcpServers);
    expect(withoutCairnGemini(s)).toEqual(theirs);
  });
});

describe("cairn install/uninstall --agent gemini", () => {
  let home: ReturnType<typeof tempHome> | undefined;
  afterEach(() => home?.cleanup());

  const run = (h: ReturnType<typeof tempHome>, args: string[]) =>
    runCairn(args, { cwd: h.project, env: h.env, timeoutMs: 60_000 });

  for (const scope of ["user", "project"] as const) {
    it(`restores ${scope} settings byte for byte`, async () => {
      home = tempHome("cairn-gemini-install-");
      mkdirSync(join(home.project, ".git"), { recursive: true });
      const dir = scope === "user" ? join(home.home, ".gemini") : join(home.project, ".gemini");
      const file = join(dir, "settings.json");
      mkdirSync(dir, { recursive: true });
      const before = '{\n    "ui": {"theme": "GitHub"},\n    "mcpServers": {}\n}';
      writeFileSync(file, before);
      const flags = ["--agent", "gemini", ...(scope === "project" ? ["--project"] : [])];
      const i = await run(home, ["install", ...flags]);
      expect(i.code, i.stderr).toBe(0);
      const parsed = parseSettings(readFileSync(file, "utf8"));
      expect(parsed.ok && hasCairnGemini(parsed.settings)).toBe(true);
      expect(readFileSync(file, "utf8")).toContain("gemini-hook AfterTool");
      const u = await run(home, ["uninstall", ...flags]);
      expect(u.code, u.stderr).toBe(0);
      expect(readFileSync(file, "utf8")).toBe(before);
    }, 120_000);
  }

  it("removes a settings file it created, and only cairn's entries from one edited since", async () => {
    home = tempHome("cairn-gemini-install-");
    mkdirSync(home.project, { recursive: true });
    const file = join(home.home, ".gemini", "settings.json");
    expect((await run(home, ["install", "--agent", "gemini"])).code).toBe(0);
    expect((await run(home, ["uninstall", "--agent", "gemini"])).code).toBe(0);
    expect(existsSync(file)).toBe(false);

    expect((await run(home, ["install", "--agent", "gemini"])).code).toBe(0);
    const edited = JSON.parse(readFileSync(file, "utf8"));
    edited.ui = { theme: "Dracula" };
    writeFileSync(file, JSON.stringify(edited, null, 2));
    expect((await run(home, ["uninstall", "--agent", "gemini"])).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ ui: { theme: "Dracula" } });
  }, 180_000);

  it("refuses an unknown agent with one line", async () => {
    home = tempHome("cairn-gemini-install-");
    mkdirSync(home.project, { recursive: true });
    const r = await run(home, ["install", "--agent", "codex"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--agent is claude or gemini, not "codex"');
  }, 60_000);
});
