import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthMark, healthPath, readHealth, recordHealth } from "../../../src/core/feature-health.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { answerConsent } from "../../../src/team/consent.ts";
import { failureReason } from "../../../src/team/health.ts";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { freePort, type PgServer, pgBinDir, startPostgres } from "../../helpers/postgres.ts";

describe("team health for the statusline and doctor (pure parts)", () => {
  it("names the reason and keeps the last success across failures", () => {
    const t = tempHome("cairn-team-health-");
    try {
      const paths = cairnPaths(join(t.home, ".cairn"));
      expect(healthMark("team", readHealth(paths, "team"), 0)).toBeUndefined();
      recordHealth(paths, "team", { ok: true }, 1_000);
      expect(healthMark("team", readHealth(paths, "team"), 2_000)).toBeUndefined();
      recordHealth(paths, "team", { ok: false, reason: "auth failed", message: "x" }, 3 * 3600_000);
      recordHealth(paths, "team", { ok: false, reason: "server unreachable" }, 4 * 3600_000);
      expect(healthMark("team", readHealth(paths, "team"), 5 * 3600_000)).toBe(
        "team: server unreachable, last sync 4h ago",
      );
    } finally {
      t.cleanup();
    }
  });

  it("shows fixed words only, never what a damaged file or a server wrote", () => {
    expect(healthMark("team", { ok: false, at: 1, reason: "\x1b]0;owned\x07" }, 2)).toBe(
      "team: failing, never synced",
    );
    expect(failureReason("cannot reach db:5432/x: connection refused (is PostgreSQL running there?)")).toBe(
      "server unreachable",
    );
    expect(failureReason("authentication failed at db:5432/x (wrong user or password?): …")).toBe(
      "auth failed",
    );
  });
});

const hasPg = !!pgBinDir();

describe.skipIf(!hasPg)("the statusline's team mark follows real syncs", () => {
  let pg: PgServer;
  const t = tempHome("cairn-team-mark-");
  const paths = cairnPaths(join(t.home, ".cairn"));
  const statusInput = readFileSync(
    join(REPO, "test/fixtures/claude-code-captures/statusline-stdin.jsonl"),
    "utf8",
  ).split("\n")[0]!;
  const run = (args: string[], env: NodeJS.ProcessEnv = {}, input?: string) =>
    runCairn(args, {
      cwd: t.project,
      env: { ...t.env, USER: "dana", NO_COLOR: "1", ...env },
      ...(input !== undefined ? { input } : {}),
    });
  const statusline = async (env: NodeJS.ProcessEnv = {}) => {
    const input = JSON.parse(statusInput);
    input.cwd = t.project;
    input.workspace = { current_dir: t.project, project_dir: t.project };
    const r = await run(["statusline"], env, JSON.stringify(input));
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  const useUrl = (url: string) =>
    writeFileSync(join(t.home, ".cairn", "config.yaml"), `team:\n  url: "${url}"\n`, { mode: 0o600 });

  beforeAll(async () => {
    pg = await startPostgres();
    mkdirSync(join(t.home, ".cairn"), { recursive: true });
    // The user has answered (consent's own mark is in control.test.ts).
    answerConsent(paths, "enabled", Date.now());
    execFileSync("git", ["init", "-q", t.project]);
    execFileSync("git", ["-C", t.project, "remote", "add", "origin", "https://example.org/team/mark.git"]);
  });
  afterAll(() => {
    pg?.destroy();
    t.cleanup();
  });

  it("none while sync works; the reason and last success while it fails; gone when team memory is off", async () => {
    useUrl(`postgres://u:pw@127.0.0.1:${await freePort()}/team`);
    expect((await run(["team", "sync"])).code).toBe(1);
    expect(await statusline()).toContain("team: server unreachable, never synced");
    const doctor = JSON.parse((await run(["doctor", "--json"])).stdout).checks.find(
      (c: { name: string }) => c.name === "team",
    );
    expect(doctor.status).toBe("warn");
    expect(doctor.detail).toMatch(
      /connection refused .*; last successful sync never; the last sync \(\d+s ago\) failed: cannot reach/,
    );

    useUrl(pg.url());
    expect((await run(["team", "sync"])).code).toBe(0);
    expect(await statusline()).not.toContain("team:");

    useUrl(pg.url({ password: "not-the-password" }));
    expect((await run(["team", "sync"])).code).toBe(1);
    const line = await statusline();
    expect(line).toMatch(/team: auth failed, last sync \d+s ago/);
    expect(line).not.toContain("not-the-password");
    const doctor2 = JSON.parse((await run(["doctor", "--json"])).stdout).checks.find(
      (c: { name: string }) => c.name === "team",
    );
    expect(doctor2.status).toBe("fail");
    expect(doctor2.detail).toMatch(/^authentication failed .*; last successful sync \d+s ago; the last sync/);

    // Off: the next session start clears the mark.
    writeFileSync(join(t.home, ".cairn", "config.yaml"), "");
    const start = JSON.parse(
      readFileSync(join(REPO, "test/fixtures/hook-inputs/SessionStart-startup.json"), "utf8"),
    );
    const hook = await run(
      ["hook", "SessionStart"],
      { CLAUDE_PROJECT_DIR: t.project },
      JSON.stringify({ ...start, cwd: t.project }),
    );
    expect(hook.code, hook.stderr).toBe(0);
    expect(existsSync(healthPath(paths, "team"))).toBe(false);
    expect(await statusline()).not.toContain("team:");
  });
});
