/**
 * Every way of installing cairn, end to end on the real CLI with the scripted model:
 * the plugin (its marketplace, and --plugin-dir), the npm package installed globally
 * from its tarball, and a clone. In each, a large output reaches the model as an
 * excerpt, the model runs the header's retrieval command exactly as printed and gets
 * the original back, runs `cairn doctor` the same way and is told cairn is healthy, and
 * uninstalling leaves Claude Code's files as they were. The machine's own node
 * (/usr/bin/node, 20) is first on PATH for the plugin: it either works or says so.
 * One session per path; several checks per session.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellQuote } from "../../src/core/self.ts";
import { REPO } from "../helpers/cairn.ts";
import { BIN_DIR, makeSandbox, runClaude, type Sandbox, type TranscriptEntry } from "./harness/claude.ts";
import { followHandoff } from "./harness/handoff.ts";
import {
  bash,
  type CapturedRequest,
  findToolResult,
  type MockApi,
  startMockApi,
  text,
} from "./harness/mock-api.ts";
import { claudePlugin, nodeFirst, type Packed, pack, run, stageClone } from "./harness/package.ts";

const OUTPUT = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");
const OLD_NODE_PATH = "/usr/bin:/bin";
const oldNode = spawnSync("/usr/bin/node", ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
const oldNodeIsOld = /^v(1\d|20|21|22\.(\d|1[0-2]))\./.test(oldNode);

/**
 * Claude Code's environment as a user's shell starts it: this PATH, and none of the npm_*
 * variables `npx vitest` put here (under npm, cairn prints its absolute form: core/self.ts).
 */
function shell(path: string): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { PATH: path };
  for (const key of Object.keys(process.env)) if (key.startsWith("npm_")) env[key] = undefined;
  return env;
}

/** The first command of an excerpt header: `[full output: <this> · …]`. */
function headerCommand(shown: string): string {
  const m = /^\[full output: (.+?)(?: · |\]$)/m.exec(shown);
  if (!m?.[1]) throw new Error(`no header command in: ${shown.slice(0, 300)}`);
  return m[1];
}

function resultOf(req: CapturedRequest, id: string): string {
  const block = findToolResult(req, id);
  const c = block?.content;
  return typeof c === "string" ? c : (c ?? []).map((b) => b.text ?? "").join("\n");
}

/**
 * The session every path runs: a large output; then exactly the command its header
 * printed; then `<the same cairn> doctor`.
 */
function script(api: MockApi): void {
  api.script([
    bash("cat vitest-run.txt", { id: "toolu_big" }),
    (req) => bash(headerCommand(resultOf(req, "toolu_big")), { id: "toolu_show" }),
    (req) => {
      const show = headerCommand(resultOf(req, "toolu_big"));
      return bash(`${show.replace(/ show \d+$/, "")} doctor`, { id: "toolu_doctor" });
    },
    text("done"),
  ]);
}

function expectRetrieval(api: MockApi): string {
  const shown = api.toolResult("toolu_big") ?? "";
  expect(shown).toMatch(/^\[cairn #\d+ · /);
  expect(shown.length).toBeLessThan(OUTPUT.length);
  const command = headerCommand(shown);
  expect(api.toolUses().find((u) => u.id === "toolu_show")?.input.command).toBe(command);
  expect(api.toolResult("toolu_show")).toBe(OUTPUT.trimEnd());
  const doctor = api.toolResult("toolu_doctor") ?? "";
  expect(doctor, doctor).toContain("cairn is healthy");
  expect(doctor).toMatch(/printed command: `.* show ID` runs in \/bin\/sh/);
  return command;
}

/** Claude Code's files that an install touches, as they are now. */
function claudeFiles(sb: Sandbox): Record<string, string | null> {
  const files = [
    join(sb.home, ".claude.json"),
    join(sb.home, ".claude", "settings.json"),
    join(sb.home, ".claude", "commands", "handoff.md"),
  ];
  return Object.fromEntries(files.map((f) => [f, existsSync(f) ? readFileSync(f, "utf8") : null]));
}

/**
 * Nothing of cairn's is left in Claude Code's files: no hook, statusline, MCP server,
 * plugin or marketplace entry, no /handoff. (A session changes these files itself, so
 * after one they are compared by content, not byte for byte.)
 */
function expectNothingOfCairn(sb: Sandbox): void {
  const files = claudeFiles(sb);
  const settings = JSON.parse(files[join(sb.home, ".claude", "settings.json")] ?? "{}");
  expect(settings.hooks).toBeUndefined();
  expect(settings.statusLine).toBeUndefined();
  expect(Object.keys(settings.enabledPlugins ?? {}).filter((k) => k.startsWith("cairn"))).toEqual([]);
  expect(settings.extraKnownMarketplaces?.cairn).toBeUndefined();
  const claudeJson = JSON.parse(files[join(sb.home, ".claude.json")] ?? "{}");
  expect(claudeJson.mcpServers).toBeUndefined();
  expect(files[join(sb.home, ".claude", "commands", "handoff.md")]).toBeNull();
}

/** Install then uninstall, before any session: Claude Code's files come back byte for byte. */
function expectRoundTrip(sb: Sandbox, cairn: (verb: string) => ReturnType<typeof run>): void {
  const before = claudeFiles(sb);
  const installed = cairn("install");
  expect(installed.status, installed.stdout + installed.stderr).toBe(0);
  expect(claudeFiles(sb)).not.toEqual(before);
  const removed = cairn("uninstall");
  expect(removed.status, removed.stderr).toBe(0);
  expect(claudeFiles(sb)).toEqual(before);
}

function hookRuns(transcript: TranscriptEntry[], event: string): number {
  return transcript.filter((e) => {
    const a = e.attachment as { type?: string; hookEvent?: string; command?: string } | undefined;
    return a?.hookEvent === event && /cairn/.test(a.command ?? "") && a.type === "hook_success";
  }).length;
}

let root: string;
let packed: Packed;

beforeAll(() => {
  // A space and a quote in every path of the npm and clone installs (HOME, prefix, clone).
  root = makeSandbox({ prefix: "cairn-pack" }).root;
  packed = pack(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!oldNodeIsOld)("plugin, with Node 20 first on PATH", () => {
  let api: MockApi;
  let sb: Sandbox;
  let market: string;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
    market = join(sb.root, "marketplace");
    cpSync(packed.folder, market, { recursive: true });
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("the packed plugin and its marketplace pass claude plugin validate", () => {
    expect(claudePlugin(sb.home, api.url, ["validate", market])).toContain("Validation passed");
  });

  it("--plugin-dir with no newer node: every hook is a no-op and the user is told why and how to fix it", async () => {
    api.script([bash("cat vitest-run.txt", { id: "toolu_whole" }), text("ok")]);
    const r = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "plugin on node 20",
      args: ["--plugin-dir", packed.folder],
      env: shell(OLD_NODE_PATH),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(api.toolResult("toolu_whole")).toBe(OUTPUT.trimEnd());
    const told = r.transcript
      .map((e) => e.attachment as { type?: string; content?: string } | undefined)
      .filter((a) => a?.type === "hook_system_message")
      .map((a) => a?.content);
    expect(told).toEqual([
      `cairn is off: it needs Node.js 22.13 or newer and found ${oldNode} at /usr/bin/node. Fix: npm install --prefix ${sb.home}/.cairn/node node@24, then start a new session.`,
    ]);
    expect(existsSync(join(sb.home, ".cairn", "cairn.db"))).toBe(false);
  });

  it("installed from its marketplace and updated, after the fix: compresses, the header's `cairn show` returns the original, doctor is healthy, each hook runs once", async () => {
    // What the printed fix leaves (`npm install --prefix ~/.cairn/node node@24`; run by hand, no download here).
    mkdirSync(join(sb.home, ".cairn", "node", "node_modules", ".bin"), { recursive: true });
    symlinkSync(join(BIN_DIR, "node"), join(sb.home, ".cairn", "node", "node_modules", ".bin", "node"));
    claudePlugin(sb.home, api.url, ["marketplace", "add", market]);
    claudePlugin(sb.home, api.url, ["install", "cairn@cairn"]);
    // A new release in the marketplace; the update replaces the old plugin.
    for (const rel of [".claude-plugin/plugin.json", ".claude-plugin/marketplace.json"]) {
      const file = join(market, rel);
      writeFileSync(
        file,
        readFileSync(file, "utf8").replaceAll('"version": "0.1.0"', '"version": "0.1.1-e2e"'),
      );
    }
    claudePlugin(sb.home, api.url, ["marketplace", "update", "cairn"]);
    claudePlugin(sb.home, api.url, ["update", "cairn@cairn"]);
    const installed = JSON.parse(
      readFileSync(join(sb.home, ".claude", "plugins", "installed_plugins.json"), "utf8"),
    );
    expect(installed.plugins["cairn@cairn"].map((i: { version: string }) => i.version)).toEqual([
      "0.1.1-e2e",
    ]);

    script(api);
    const r = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "plugin",
      env: shell(OLD_NODE_PATH),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(expectRetrieval(api)).toMatch(/^cairn show \d+$/);
    for (const event of ["SessionStart", "PostToolUse"])
      expect(hookRuns(r.transcript, event), event).toBeGreaterThan(0);
    expect(hookRuns(r.transcript, "SessionStart")).toBe(1);

    // The plugin's /handoff, with no --allowedTools: its `!` line and the memo run as `cairn`
    // (the plugin's bin/ on the shell's PATH) on the command's own allowed-tools; any other
    // node script is refused.
    const memo = await followHandoff({
      sandbox: sb,
      api,
      sessionId: r.sessionId,
      prompt: "/cairn:handoff",
      env: shell(OLD_NODE_PATH),
      marker: "MEMO-PLUGIN",
      refused: () => "node -e 'console.log(1)'",
    });
    expect(memo).toBe("cairn");

    claudePlugin(sb.home, api.url, ["uninstall", "cairn@cairn"]);
    claudePlugin(sb.home, api.url, ["marketplace", "remove", "cairn"]);
    expectNothingOfCairn(sb);
  });
});

describe("npm package, installed globally from its tarball", () => {
  let api: MockApi;
  let sb: Sandbox;
  let prefix: string;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ root: join(root, "npm global it's") });
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
    prefix = join(sb.root, "prefix");
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it.skipIf(!oldNodeIsOld)(
    "on Node 20 the install stops at once with one line naming the version needed",
    () => {
      const r = run("npm", ["install", "-g", "--prefix", join(sb.root, "old-prefix"), packed.tarball], {
        env: { ...process.env, PATH: OLD_NODE_PATH, HOME: sb.home },
      });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain(`cairn needs Node.js 22.13 or newer; this is Node ${oldNode}.`);
      expect(r.stderr).not.toContain("EBADENGINE");
      expect(existsSync(join(sb.root, "old-prefix", "bin", "cairn"))).toBe(false);
    },
  );

  it("`cairn install`, a session, the header's `cairn show` and doctor, then `cairn uninstall` restores Claude Code's files", async () => {
    const env = nodeFirst({ HOME: sb.home });
    const i = run("npm", ["install", "-g", "--prefix", prefix, packed.tarball], { env });
    expect(i.status, i.stderr).toBe(0);
    expect(i.stderr).not.toContain("EBADENGINE");
    const path = `${join(prefix, "bin")}:${BIN_DIR}:/usr/bin:/bin`;
    const cairn = (verb: string) =>
      run("cairn", [verb], { cwd: sb.project, env: { ...env, PATH: path, CAIRN_HOME: "" } });
    expectRoundTrip(sb, cairn);
    expect(cairn("install").status).toBe(0);

    script(api);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "npm global", env: shell(path) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(expectRetrieval(api)).toMatch(/^cairn show \d+$/);

    // /handoff in default permission mode: the memo goes through the one command it names.
    await followHandoff({
      sandbox: sb,
      api,
      sessionId: r.sessionId,
      prompt: "/handoff",
      env: shell(path),
      marker: "MEMO-NPM",
    });

    expect(cairn("uninstall").status).toBe(0);
    expectNothingOfCairn(sb);
  });
});

describe("from a clone (`npm ci`, then `npx cairn install`)", () => {
  let api: MockApi;
  let sb: Sandbox;
  let clone: string;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ root: join(root, "from a clone it's") });
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
    // A clone after `npm ci` and `npm run build`: the repository's files, the bundle under
    // test, and node_modules (the devDependencies, Node 24 among them).
    clone = stageClone(join(sb.root, "clone"));
    symlinkSync(join(REPO, "node_modules"), join(clone, "node_modules"));
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("`npx cairn install` from the clone; the header prints a command that runs without cairn on PATH; uninstall restores", async () => {
    const env = { ...process.env, PATH: OLD_NODE_PATH, HOME: sb.home, CAIRN_HOME: "" };
    const cairn = (verb: string) => run("npx", ["cairn", verb], { cwd: clone, env });
    expectRoundTrip(sb, cairn);
    const installed = cairn("install");
    expect(installed.status).toBe(0);
    // What install tells the user to run next runs as printed in the user's shell.
    const next = /Check it with `(.+) doctor`/.exec(installed.stdout)?.[1] ?? "";
    expect(next).not.toBe("cairn");
    const checked = run("/bin/sh", ["-c", `${next} doctor`], { cwd: sb.project, env });
    expect(checked.stdout, checked.stderr).toContain("cairn is healthy");

    script(api);
    const r = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "clone",
      env: shell(OLD_NODE_PATH),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const command = expectRetrieval(api);
    // cairn is not on PATH here: the header names the clone's launcher, which runs the node
    // `cairn install` recorded (an older node is first on PATH in this session).
    expect(command).toMatch(/ show \d+$/);
    expect(command.replace(/ show \d+$/, "")).toBe(shellQuote(join(clone, "bin", "cairn")));
    expect(run("/bin/sh", ["-c", "command -v cairn"], { env }).status).not.toBe(0);

    // /handoff with no --allowedTools: its `!` line and the memo run on the command's own
    // allowed-tools, which allow cairn's two commands and not any script of the same node.
    // The model writes the memo with the one command the expanded /handoff names.
    const memo = await followHandoff({
      sandbox: sb,
      api,
      sessionId: r.sessionId,
      prompt: "/handoff",
      env: shell(OLD_NODE_PATH),
      marker: "MEMO-CLONE",
      refused: (memoCommand) => `${memoCommand.split(" ")[0]} -e 'console.log(1)'`,
    });
    expect(memo).toMatch(/^\S+\/node /);
    expect(memo.endsWith(` ${shellQuote(join(clone, "dist", "cairn.cjs"))}`)).toBe(true);

    expect(cairn("uninstall").status).toBe(0);
    expectNothingOfCairn(sb);
  });
});
