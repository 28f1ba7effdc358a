import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheName, codeCacheDir } from "../../src/chunk-loader.ts";
import { TEMP_FILE } from "../../src/retention/sweep-files.ts";
import { CAIRN, REPO, runCairn, tempHome } from "../helpers/cairn.ts";

// The hot paths load the bundle's lazy files with a V8 code cache in ~/.cairn/cache/v8
// (src/chunk-loader.ts). Through the built hook: the caches are written, private, and
// change nothing the hook answers; a cache V8 rejects is made again; a cache directory
// others could write to is never used.

const captured = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
);
const vitest = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");

describe("code cache of the hot paths", () => {
  let sb: ReturnType<typeof tempHome>;
  let calls = 0;
  const cacheDir = () => join(sb.home, ".cairn", "cache", "v8");
  /** Each call the same real output in a session of its own (not a repeat), so each files it. */
  const nextEvent = () =>
    JSON.stringify({
      ...captured,
      session_id: `cache-session-${++calls}`,
      tool_use_id: `toolu_cache_${calls}`,
      tool_response: { ...captured.tool_response, stdout: vitest },
      cwd: sb.project,
    });
  /** The excerpt shown; the row id differs from call to call, the rest of the answer must not. */
  const shownIn = (stdout: string) =>
    (JSON.parse(stdout).hookSpecificOutput.updatedToolOutput.stdout as string)
      .replace(/#\d+/g, "#N")
      .replace(/ show \d+/g, " show N");
  const hook = async () => {
    const r = await runCairn(["hook", "PostToolUse"], { input: nextEvent(), env: sb.env, cwd: sb.home });
    expect(r.code, r.stderr).toBe(0);
    return shownIn(r.stdout);
  };
  const caches = () => readdirSync(cacheDir()).sort();

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
    calls = 0;
  });
  afterEach(() => sb.cleanup());

  it("writes private caches once cairn has a home, and answers the same with them", async () => {
    const first = await hook(); // creates ~/.cairn: no cache yet
    expect(first).toMatch(/^\[cairn #N · /);
    const second = await hook();
    expect(second).toBe(first);
    const names = caches();
    expect(names.some((n) => n.startsWith("transports-command@"))).toBe(true);
    // The detectors, and the one kind filing loaded for this output (a test run's).
    expect(names.some((n) => n.startsWith("compress-compress-lazy@"))).toBe(true);
    expect(names.some((n) => n.startsWith("compress-kinds-test-excerpt@"))).toBe(true);
    expect(statSync(cacheDir()).mode & 0o777).toBe(0o700);
    for (const n of names) expect(statSync(join(cacheDir(), n)).mode & 0o777).toBe(0o600);
    // With the caches in place: the same answer.
    expect(await hook()).toBe(first);
  });

  it("keeps apart the caches of runs with other node flags (the launcher's hooks and directly registered ones)", async () => {
    // V8 rejects a cache made under other flags: sharing one name, each kind of run
    // remade (and deleted) the other's caches on every call.
    const first = await hook();
    await hook();
    const plain = caches();
    expect(plain.length).toBeGreaterThan(0);
    const flagged = async () => {
      const r = spawnSync(process.execPath, ["--max-opt=2", CAIRN, "hook", "PostToolUse"], {
        input: nextEvent(),
        env: { ...sb.env, NO_COLOR: "1" },
        cwd: sb.home,
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      return shownIn(r.stdout);
    };
    expect(await flagged()).toBe(first);
    expect(await flagged()).toBe(first);
    const both = caches();
    // The plain runs' caches are still there, and the flagged runs have their own.
    for (const n of plain) expect(both).toContain(n);
    expect(both.filter((n) => !plain.includes(n)).length).toBe(plain.length);
    expect(await hook()).toBe(first);
    expect(caches()).toEqual(both);
  });

  it("makes a rejected cache again and still answers", async () => {
    const first = await hook();
    await hook();
    const name = caches().find((n) => n.startsWith("compress-kinds-test-excerpt@"))!;
    writeFileSync(join(cacheDir(), name), "not a V8 code cache");
    expect(await hook()).toBe(first);
    expect(readFileSync(join(cacheDir(), name), "utf8")).not.toBe("not a V8 code cache");
  });

  it("never uses a cache directory that others can write to", async () => {
    const first = await hook();
    mkdirSync(cacheDir(), { recursive: true });
    chmodSync(cacheDir(), 0o777);
    expect(await hook()).toBe(first);
    expect(caches()).toEqual([]);
    expect(codeCacheDir(join(sb.home, ".cairn"))).toBeUndefined();
  });

  it("writes no cache while cairn is off, globally or for the project", async () => {
    await hook(); // cairn's home exists from here on
    for (const args of [["off"], ["off", "--project"]]) {
      const r = await runCairn(args, { env: sb.env, cwd: sb.project });
      expect(r.code, r.stderr).toBe(0);
      rmSync(cacheDir(), { recursive: true, force: true });
      const answer = await runCairn(["hook", "PostToolUse"], {
        input: JSON.stringify({
          ...captured,
          tool_response: { ...captured.tool_response, stdout: vitest },
          cwd: sb.project,
        }),
        env: sb.env,
        cwd: sb.project,
      });
      expect(answer.stdout).toBe("{}");
      expect(existsSync(cacheDir()) ? caches() : []).toEqual([]);
      expect((await runCairn(["on", ...args.slice(1)], { env: sb.env, cwd: sb.project })).code).toBe(0);
    }
    // On again: the caches come back.
    await hook();
    expect(caches().length).toBeGreaterThan(0);
  });

  it("a run killed while writing a cache leaves only a temp file the sweep knows", async () => {
    await hook(); // cairn's home exists from here on
    rmSync(cacheDir(), { recursive: true, force: true });
    // The caches are written last, at exit: kill at later and later atomic writes until
    // one lands inside a cache's write.
    let temps: string[] = [];
    for (let nth = 1; nth <= 40 && temps.length === 0; nth++) {
      await runCairn(["hook", "PostToolUse"], {
        input: JSON.stringify({
          ...captured,
          session_id: `killed-${nth}`,
          tool_use_id: `toolu_killed_${nth}`,
          tool_response: { ...captured.tool_response, stdout: vitest },
          cwd: sb.project,
        }),
        env: { ...sb.env, CAIRN_FAILPOINT: `atomic:written@${nth}` },
        cwd: sb.home,
      });
      temps = existsSync(cacheDir()) ? caches().filter((n) => n.endsWith(".tmp")) : [];
    }
    expect(temps.length).toBeGreaterThan(0);
    for (const t of temps) expect(t).toMatch(TEMP_FILE);
  });

  it("creates no cairn home of its own", () => {
    expect(codeCacheDir(join(sb.home, "nowhere"))).toBeUndefined();
    expect(() => statSync(join(sb.home, "nowhere"))).toThrow();
  });

  it("keys each cache by its file's content, not by size or time (npm gives every file one time)", async () => {
    const entry = readFileSync(CAIRN, "utf8").split("\n")[1]!;
    const ids = JSON.parse(/^globalThis\.__cairnChunkIds=(\{.*\});$/.exec(entry)![1]!) as Record<
      string,
      string
    >;
    const dist = dirname(CAIRN);
    const chunks = readdirSync(dist).filter((n) => n.endsWith(".cjs") && n !== "cairn.cjs");
    expect(Object.keys(ids).sort()).toEqual(chunks.map((n) => n.replace(/\.cjs$/, "")).sort());
    for (const n of chunks) {
      const hash = createHash("sha256")
        .update(readFileSync(join(dist, n)))
        .digest("hex")
        .slice(0, 16);
      expect(ids[n.replace(/\.cjs$/, "")], n).toBe(hash);
    }
    await hook();
    await hook();
    for (const name of caches()) {
      const chunk = name.slice(0, name.indexOf("@"));
      expect(name).toBe(cacheName(chunk, ids[chunk]!, []));
    }
    expect(cacheName("compress-compress-text", "0123456789abcdef", [])).toBe(
      `compress-compress-text@0123456789abcdef-${process.version}-${process.arch}.v8cache`,
    );
    expect(cacheName("compress-compress-text", "0123456789abcdef", ["--max-opt=2"])).toMatch(
      new RegExp(
        `^compress-compress-text@0123456789abcdef-${process.version}-${process.arch}-f[0-9a-f]{8}\\.v8cache$`,
      ),
    );
  });
});
