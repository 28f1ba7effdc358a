import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { runningSyncs } from "../../../src/team/background.ts";
import { CAIRN, REPO, tempHome } from "../../helpers/cairn.ts";
import { freePort } from "../../helpers/postgres.ts";

/** Records every file the process loads (required or a lazy file of the bundle), written out when it exits. */
const PRELOAD = `
const Module = require("node:module"), fs = require("node:fs");
const seen = new Set(), load = Module._load;
Module._load = function (request, parent) {
  try { seen.add(Module._resolveFilename(request, parent)); } catch {}
  return load.apply(this, arguments);
};
// The bundle's lazy files load through its code-cache loader (src/chunk-loader.ts), not require.
let chunkLoader;
Object.defineProperty(globalThis, "__cairnChunk", {
  configurable: true,
  get: () => chunkLoader && ((rel) => { seen.add(rel); return chunkLoader(rel); }),
  set: (v) => { chunkLoader = v; },
});
process.on("exit", () => fs.writeFileSync(process.env.LOADED_OUT, [...seen].join("\\n")));
`;

describe("team memory on the hook path", () => {
  const t = tempHome("cairn-team-hook-");
  const paths = cairnPaths(join(t.home, ".cairn"));
  afterAll(async () => {
    const until = Date.now() + 60_000;
    while (runningSyncs(paths).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    t.cleanup();
  });

  function hook(event: string, input: object) {
    const preload = join(t.home, "preload.cjs");
    writeFileSync(preload, PRELOAD);
    const loadedOut = join(t.home, `loaded-${event}.txt`);
    const r = spawnSync(process.execPath, ["-r", preload, CAIRN, "hook", event], {
      input: JSON.stringify(input),
      cwd: t.project,
      env: {
        ...process.env,
        ...t.env,
        CAIRN_TEAM_URL: "",
        CLAUDE_PROJECT_DIR: t.project,
        LOADED_OUT: loadedOut,
        USER: "erin",
      },
      encoding: "utf8",
    });
    return { ...r, loaded: readFileSync(loadedOut, "utf8").split("\n") };
  }

  it("Stop only starts the background push (which fills the outbox), loading neither the client nor the collector", async () => {
    mkdirSync(t.project, { recursive: true });
    execFileSync("git", ["init", "-q", t.project]);
    execFileSync("git", ["-C", t.project, "remote", "add", "origin", "https://example.org/team/hooks.git"]);
    mkdirSync(join(t.home, ".cairn"), { recursive: true });
    const port = await freePort(); // nothing listens there: the push fails, the hook must not care
    writeFileSync(
      join(t.home, ".cairn", "config.yaml"),
      `team:\n  url: "postgres://u:Hook-Pw-1@127.0.0.1:${port}/team"\n  push_delay_s: 0\n`,
    );
    const transcript = join(t.home, "session.jsonl");
    copyFileSync(join(REPO, "test", "fixtures", "transcripts", "tools-session.jsonl"), transcript);
    const input = JSON.parse(readFileSync(join(REPO, "test/fixtures/hook-inputs/Stop-basic.json"), "utf8"));
    const stop = hook("Stop", { ...input, cwd: t.project, transcript_path: transcript });
    expect(stop.status, stop.stderr).toBe(0);
    expect(stop.stdout.trim()).toBe("{}");
    const names = stop.loaded.map((f) => f.split("/").at(-1));
    expect(names).toContain("team-on-stop.cjs");
    // Neither the client, nor the module that drives it, nor the outbox's collector: the
    // push process does all of that beside the session.
    expect(
      names.filter(
        (n) =>
          n?.includes("postgres") ||
          n === "team-sync.cjs" ||
          n === "team-client.cjs" ||
          n === "team-gather.cjs" ||
          n === "team-collect.cjs",
      ),
    ).toEqual([]);
    expect(readFileSync(paths.log, "utf8")).toMatch(/"msg":"team outbox".*"push":"started"/);

    // The detached push ran beside the hook: it filled the outbox, failed to connect,
    // and said so in the status.
    const until = Date.now() + 60_000;
    while (runningSyncs(paths).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const db = new DatabaseSync(paths.db, { readOnly: true, timeout: 10_000 });
    try {
      const n = db
        .prepare("SELECT count(*) AS n FROM team_outbox WHERE project = 'example.org/team/hooks'")
        .get() as {
        n: number;
      };
      expect(n.n).toBeGreaterThan(0);
    } finally {
      db.close();
    }

    const status = spawnSync(process.execPath, [CAIRN, "team", "status", "--json"], {
      cwd: t.project,
      env: { ...process.env, ...t.env, CAIRN_TEAM_URL: "", NO_COLOR: "1" },
      encoding: "utf8",
    });
    const s = JSON.parse(status.stdout);
    expect(s.lastError.message).toBe(
      `cannot reach 127.0.0.1:${port}/team: connection refused (is PostgreSQL running there?)`,
    );
    expect(s.outbox).toBeGreaterThan(0);
    expect(status.stdout).not.toContain("Hook-Pw-1");
    const log = readFileSync(paths.log, "utf8");
    expect(log).toContain('"msg":"team sync failed; records wait in the outbox"');
    expect(log).not.toContain("Hook-Pw-1");

    // The next turn, under a minute after the failure: its push process fills the outbox
    // and leaves the network alone.
    const again = hook("Stop", { ...input, cwd: t.project, transcript_path: transcript });
    expect(again.status, again.stderr).toBe(0);
    const until2 = Date.now() + 60_000;
    while (runningSyncs(paths).length > 0 && Date.now() < until2)
      await new Promise((r) => setTimeout(r, 100));
    const after = readFileSync(paths.log, "utf8");
    expect(after).toContain('"msg":"team outbox filled; server failing, push later"');
    expect(after.split('"msg":"team sync failed').length).toBe(log.split('"msg":"team sync failed').length);
  });

  it("SessionStart reads what was pulled without loading the client either", () => {
    const input = JSON.parse(
      readFileSync(join(REPO, "test/fixtures/hook-inputs/SessionStart-startup.json"), "utf8"),
    );
    const start = hook("SessionStart", {
      ...input,
      cwd: t.project,
      session_id: "c0ffee00-0000-4000-8000-0000000000aa",
    });
    expect(start.status, start.stderr).toBe(0);
    const names = start.loaded.map((f) => f.split("/").at(-1));
    expect(names).toContain("team-on-session-start.cjs");
    expect(names.filter((n) => n?.includes("postgres"))).toEqual([]);
    // Without a teammate's handoff pulled, nothing of its composition loads, nor the collector.
    expect(
      names.filter((n) => n === "team-handoff.cjs" || n === "memory-compose.cjs" || n === "team-collect.cjs"),
    ).toEqual([]);
  });
});
