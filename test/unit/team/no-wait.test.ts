import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { isAlive } from "../../../src/core/process.ts";
import { runningSyncs } from "../../../src/team/background.ts";
import { CAIRN, REPO, tempHome } from "../../helpers/cairn.ts";

/**
 * Hooks with team memory on and a server that accepts connections and never answers
 * (what a blackholed or hung server looks like to the client, up to connect_timeout):
 * the hooks return while their background sync is still connecting, and turns that end
 * while a push is pending start no second one.
 */
describe("team hooks never wait on the network", () => {
  const t = tempHome("cairn-team-nowait-");
  const paths = cairnPaths(join(t.home, ".cairn"));
  const held: Socket[] = [];
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    server = createServer((s) => held.push(s)); // accepts, never answers
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as { port: number }).port;
    mkdirSync(t.project, { recursive: true });
    execFileSync("git", ["init", "-q", t.project]);
    execFileSync("git", ["-C", t.project, "remote", "add", "origin", "https://example.org/team/nowait.git"]);
    mkdirSync(join(t.home, ".cairn"), { recursive: true });
    // A long connect timeout: the syncs outlive every hook, whatever the machine's speed.
    writeFileSync(
      join(t.home, ".cairn", "config.yaml"),
      `team:\n  url: "postgres://u:pw@127.0.0.1:${port}/team?connect_timeout=120"\n  push_delay_s: 0\n`,
    );
  });
  afterAll(async () => {
    // The syncs this test started (through the hooks), by their pids.
    for (const pid of runningSyncs(paths)) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    for (const s of held) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
    t.cleanup();
  });

  function hook(event: string, input: object) {
    return spawnSync(process.execPath, [CAIRN, "hook", event], {
      input: JSON.stringify(input),
      cwd: t.project,
      env: { ...process.env, ...t.env, CAIRN_TEAM_URL: "", CLAUDE_PROJECT_DIR: t.project, USER: "erin" },
      encoding: "utf8",
    });
  }
  const logLines = (msg: string) =>
    readFileSync(paths.log, "utf8")
      .split("\n")
      .filter((l) => l.includes(`"msg":"${msg}"`))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it("SessionStart injects at once and leaves its pull running", () => {
    const input = JSON.parse(
      readFileSync(join(REPO, "test/fixtures/hook-inputs/SessionStart-startup.json"), "utf8"),
    );
    const r = hook("SessionStart", {
      ...input,
      cwd: t.project,
      session_id: "c0ffee00-0000-4000-8000-00000000000b",
    });
    expect(r.status, r.stderr).toBe(0);
    expect(logLines("team memory at session start").at(-1)?.pull).toBe("started");
    const pulls = runningSyncs(paths);
    expect(pulls).toHaveLength(1);
    expect(isAlive(pulls[0]!)).toBe(true);

    // While that pull runs, the next session starts none.
    const again = hook("SessionStart", {
      ...input,
      cwd: t.project,
      session_id: "c0ffee00-0000-4000-8000-00000000000c",
    });
    expect(again.status, again.stderr).toBe(0);
    expect(logLines("team memory at session start").at(-1)?.pull).toBe("skipped");
    expect(runningSyncs(paths)).toEqual(pulls);
  });

  it("Stop starts one push; the turns that end while it is pending start none", () => {
    const transcript = join(t.home, "session.jsonl");
    copyFileSync(join(REPO, "test/fixtures/transcripts/tools-session.jsonl"), transcript);
    const input = JSON.parse(readFileSync(join(REPO, "test/fixtures/hook-inputs/Stop-basic.json"), "utf8"));
    const before = new Set(runningSyncs(paths));
    for (let i = 0; i < 3; i++) {
      const r = hook("Stop", { ...input, cwd: t.project, transcript_path: transcript });
      expect(r.status, r.stderr).toBe(0);
    }
    expect(logLines("team outbox").map((l) => l.push)).toEqual([
      "started",
      "already pending",
      "already pending",
    ]);
    expect(runningSyncs(paths).filter((p) => !before.has(p))).toHaveLength(1);
  });
});
