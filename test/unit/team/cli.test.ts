import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PG_SCHEMA_VERSION } from "../../../src/team/pg-schema.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";
import { freePort, PG_PASSWORD, type PgServer, pgBinDir, startPostgres } from "../../helpers/postgres.ts";

const hasPg = !!pgBinDir();

describe.skipIf(!hasPg)("cairn team, search --team, doctor and config against a real PostgreSQL", () => {
  let pg: PgServer;
  const t = tempHome("cairn-team-cli-");
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runCairn(args, { cwd: t.project, env: { ...t.env, USER: "dana", ...env } });

  beforeAll(async () => {
    pg = await startPostgres();
    mkdirSync(join(t.project, ".claude"), { recursive: true });
    execFileSync("git", ["init", "-q", t.project]);
    execFileSync("git", ["-C", t.project, "remote", "add", "origin", "git@Example.org:team/app.git"]);
  });
  afterAll(() => {
    pg?.destroy();
    t.cleanup();
  });

  it("is off without team.url, and a repository's team.url is reported and ignored", async () => {
    writeFileSync(
      join(t.project, ".claude", "cairn.yaml"),
      "team:\n  url: postgres://evil:stolen-pw@198.51.100.7:5432/loot\n",
    );
    const r = await run(["team", "status"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("ignored:");
    expect(r.stdout).toContain("sets team.url (refused from the project's config: where data is sent");
    expect(r.stdout).toContain("Team memory is off");
    expect(r.stdout).not.toContain("198.51.100.7");
    const doctor = await run(["doctor", "--json"]);
    const checks = JSON.parse(doctor.stdout).checks as { name: string; status: string; detail: string }[];
    expect(checks.find((c) => c.name === "team")).toMatchObject({
      status: "ok",
      detail: "off (team.url not set)",
    });
    expect(checks.some((c) => c.name === "config" && c.detail.includes("team.url"))).toBe(true);
  });

  it("syncs with the user's team.url, shows status and finds the decision with --team", async () => {
    mkdirSync(join(t.home, ".cairn"), { recursive: true });
    writeFileSync(join(t.home, ".cairn", "config.yaml"), `team:\n  url: "${pg.url()}"\n`);
    expect(
      (
        await run([
          "state",
          "add",
          "decisions",
          "Ship the ledger export as CSV (TEAMCLI-7) because finance reads it",
        ])
      ).code,
    ).toBe(0);
    const sync = await run(["team", "enable", "--yes"]);
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stdout).toMatch(
      /\nSynced example\.org\/team\/app: 1 pushed \(1 new on the server\), 1 pulled\./,
    );
    const again = await run(["team", "sync"]);
    expect(again.stdout).toContain("0 pushed (0 new on the server), 0 pulled.");

    const status = await run(["team", "status", "--json"]);
    expect(status.code, status.stderr).toBe(0);
    const s = JSON.parse(status.stdout);
    expect(s.server).toMatchObject({ ok: true, schema: PG_SCHEMA_VERSION });
    expect(s.project).toEqual({ id: "example.org/team/app", source: "origin" });
    expect(s.url).toBe(pg.url().replace(`:${PG_PASSWORD}@`, ":***@"));
    expect(s.outbox).toBe(0);
    // Which TLS is in effect, and from where (this server has none: the URL says disable).
    expect(s.tls).toBe("sslmode=disable (team.url): not encrypted");
    expect(status.stdout).not.toContain(PG_PASSWORD);
    const doctor = await run(["doctor", "--json"]);
    const team = (JSON.parse(doctor.stdout).checks as { name: string; detail: string }[]).find(
      (c) => c.name === "team",
    );
    expect(team?.detail).toContain("sslmode=disable (team.url): not encrypted");

    const found = await run(["search", "--team", "ledger export"]);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toMatch(
      /1\. \[decision · dana@\S+ · \d{4}-\d\d-\d\d \d\d:\d\d · id [0-9a-f]{12}\] .*«ledger» «export».*TEAMCLI-7/,
    );

    const config = await run(["config"]);
    expect(config.stdout).toContain(":***@127.0.0.1");
    expect(config.stdout).not.toContain(PG_PASSWORD);
  });

  it("a wrong password or an unreachable host: one clear line in status and doctor, never the password", async () => {
    const wrong = pg.url({ password: "Wr0ng-Secret" });
    const r = await run(["team", "status"], { CAIRN_TEAM_URL: wrong });
    expect(r.code).toBe(1);
    const line = r.stdout.split("\n").find((l) => l.includes("authentication failed"));
    expect(line).toMatch(
      /^\s+authentication failed at 127\.0\.0\.1:\d+\/cairn_team \(wrong user or password\?\): /,
    );
    const doctor = await run(["doctor", "--json"], { CAIRN_TEAM_URL: wrong });
    const team = (
      JSON.parse(doctor.stdout).checks as { name: string; status: string; detail: string }[]
    ).find((c) => c.name === "team");
    expect(team?.status).toBe("fail");
    expect(team?.detail).toMatch(/^authentication failed at 127\.0\.0\.1/);
    for (const text of [r.stdout, r.stderr, doctor.stdout, doctor.stderr])
      expect(text).not.toContain("Wr0ng-Secret");

    const port = await freePort();
    const down = await run(["team", "status"], {
      CAIRN_TEAM_URL: `postgres://u:Secret-9@127.0.0.1:${port}/x`,
    });
    expect(down.code).toBe(1);
    expect(down.stdout).toContain(
      `cannot reach 127.0.0.1:${port}/x: connection refused (is PostgreSQL running there?)`,
    );
    expect(down.stdout).toContain(`postgres://u:***@127.0.0.1:${port}/x`);
    expect(down.stdout).not.toContain("Secret-9");
    const sync = await run(["team", "sync"], { CAIRN_TEAM_URL: `postgres://u:Secret-9@127.0.0.1:${port}/x` });
    expect(sync.code).toBe(1);
    // The repository's refused team.url (first test) is still reported, and where the
    // server came from; then the one error line.
    expect(sync.stderr).toContain("note: team server from CAIRN_TEAM_URL for this command only");
    expect(
      sync.stderr
        .trim()
        .split("\n")
        .filter((l) => !l.startsWith("ignored: ") && !l.startsWith("note: ")),
    ).toEqual([
      `cairn team sync: cannot reach 127.0.0.1:${port}/x: connection refused (is PostgreSQL running there?)`,
    ]);
  });
});
