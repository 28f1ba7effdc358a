/**
 * The plugin as a user installs it from a clone: `claude plugin marketplace add <clone>`
 * then `claude plugin install cairn@cairn`. Claude Code copies the folder the marketplace
 * names into ~/.claude/plugins/cache, links resolved; the clone holds node_modules, tests
 * and temporary files, so the marketplace names ./plugin, a folder of links to what runs.
 * Measured here: what is copied (well under 10 MB), how long it takes, and what stays
 * after `claude plugin uninstall`. Then doctor, run from a shell whose PATH has no Node
 * new enough, knows the node the plugin's hooks ran with, and knows a --plugin-dir
 * session, which leaves nothing in Claude Code's settings. HOME and the clone sit in
 * paths with a space and a quote.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN, REPO } from "../helpers/cairn.ts";
import { BIN_DIR, makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";
import { claudePlugin } from "./harness/package.ts";

const NO_NEW_NODE = "/usr/bin:/bin";
const OUTPUT = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");

/** A clone as git checks it out (tracked files, links kept), built, with what a developer's clone also holds. */
function makeClone(dir: string): string {
  const tracked = spawnSync("git", ["-C", REPO, "ls-files", "-z"], { encoding: "utf8" }).stdout.split("\0");
  for (const rel of tracked.filter(Boolean)) {
    if (rel.startsWith("dist/")) continue;
    const from = join(REPO, rel);
    const to = join(dir, rel);
    mkdirSync(dirname(to), { recursive: true });
    const st = lstatSync(from, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else copyFileSync(from, to);
  }
  cpSync(dirname(CAIRN), join(dir, "dist"), { recursive: true });
  // What `npm ci`, `npm test` and a tarball leave in a developer's clone.
  for (const [rel, mb] of [
    ["node_modules/.bin/big-tool", 24],
    [".tmp/test-dist/x/cairn.cjs", 6],
    ["cairn-0.1.0.tgz", 2],
  ] as const) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), Buffer.alloc(mb * 1024 * 1024, 7));
  }
  return dir;
}

/** Bytes of the regular files under a folder (links not followed), and the files. */
function contents(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (p: string) => {
    const st = lstatSync(p);
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
    else {
      bytes += st.size;
      files++;
    }
  };
  if (existsSync(dir)) walk(dir);
  return { bytes, files };
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** doctor of the plugin's own bundle, started with a new node, in a shell whose PATH has none. */
function doctorFromOldShell(sb: Sandbox, bundle: string): string {
  const r = spawnSync(join(BIN_DIR, "node"), [bundle, "doctor"], {
    cwd: sb.project,
    encoding: "utf8",
    env: { HOME: sb.home, PATH: NO_NEW_NODE, NO_COLOR: "1" },
    timeout: 120_000,
  });
  return r.stdout + r.stderr;
}

let api: MockApi;
let root: string;
let clone: string;

beforeAll(async () => {
  api = await startMockApi();
  root = join(tmpdir(), `cairn plugin it's ${process.pid}`);
  clone = makeClone(join(root, "src", "my cairn"));
});
afterAll(async () => {
  await api.close();
  spawnSync("rm", ["-rf", root]);
});

describe("the plugin installed from a clone", () => {
  let sb: Sandbox;
  let installed: string;

  beforeAll(() => {
    sb = makeSandbox({ root: join(root, "user a") });
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
  });
  afterAll(() => sb.cleanup());

  it("copies only what runs: well under 10 MB, five folders", () => {
    claudePlugin(sb.home, api.url, ["marketplace", "add", clone]);
    const started = process.hrtime.bigint();
    claudePlugin(sb.home, api.url, ["install", "cairn@cairn"]);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const cache = join(sb.home, ".claude", "plugins", "cache");
    const copied = contents(cache);
    console.log(
      `plugin install from a clone (${MB(contents(clone).bytes)}): copied ${copied.files} files, ${MB(copied.bytes)}, in ${Math.round(ms)} ms`,
    );
    expect(copied.bytes).toBeLessThan(10 * 1024 * 1024);
    installed = join(cache, "cairn", "cairn", readdirSync(join(cache, "cairn", "cairn"))[0] ?? "");
    expect(readdirSync(installed).sort()).toEqual([".claude-plugin", "bin", "commands", "dist", "hooks"]);
  });

  it("its hooks run, and the header's `cairn show` returns the original", async () => {
    api.script([
      bash("cat vitest-run.txt", { id: "toolu_big" }),
      (_req, a) => {
        const header = /^\[full output: (.+?)(?: · |\]$)/m.exec(a.toolResult("toolu_big") ?? "")?.[1];
        return bash(header ?? "false", { id: "toolu_show" });
      },
      text("done"),
    ]);
    const r = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "plugin from a clone",
      env: { PATH: `${BIN_DIR}:${NO_NEW_NODE}` },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(api.toolResult("toolu_big")).toMatch(/^\[cairn #\d+ · /);
    expect(api.toolResult("toolu_show")).toBe(OUTPUT.trimEnd());
  });

  it("doctor, from a shell with no new node on PATH, knows the node the hooks ran with", () => {
    const said = doctorFromOldShell(sb, join(installed, "dist", "cairn.cjs"));
    expect(said).toMatch(/✓ plugin node: /);
    expect(said).toMatch(/✓ node: /);
    expect(said).not.toMatch(/✗/);
  });

  it("what `claude plugin uninstall` leaves (Claude Code keeps its copy)", () => {
    claudePlugin(sb.home, api.url, ["uninstall", "cairn@cairn"]);
    claudePlugin(sb.home, api.url, ["marketplace", "remove", "cairn"]);
    const left = contents(join(sb.home, ".claude", "plugins", "cache"));
    console.log(`after claude plugin uninstall: ${left.files} files, ${MB(left.bytes)} left in the cache`);
    expect(left.bytes).toBeLessThan(10 * 1024 * 1024);
  });
});

describe("a --plugin-dir session", () => {
  it("doctor knows it, though nothing in Claude Code's settings names cairn", async () => {
    const sb = makeSandbox({ root: join(root, "user b") });
    try {
      api.script([bash("echo hi", { id: "toolu_hi" }), text("ok")]);
      const r = await runClaude({
        sandbox: sb,
        apiUrl: api.url,
        prompt: "plugin dir",
        args: ["--plugin-dir", join(clone, "plugin")],
        env: { PATH: `${BIN_DIR}:${NO_NEW_NODE}` },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      const said = doctorFromOldShell(sb, join(clone, "dist", "cairn.cjs"));
      expect(said).toContain(`✓ hooks (plugin-dir): a session `);
      expect(said).toContain(join(clone, "plugin"));
      expect(said).not.toMatch(/✗ hooks/);
    } finally {
      sb.cleanup();
    }
  });
});
