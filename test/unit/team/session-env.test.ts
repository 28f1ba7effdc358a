/**
 * Security review 2026-11-28, finding 5 and the TLS part of 14: inside a Claude Code
 * session the environment may be a repository's (`.claude/settings.json` `env`), so it
 * chooses neither the team server, nor its TLS, nor cairn's home. The e2e test
 * (test/e2e/team-env.e2e.test.ts) shows it on the real CLI and a real PostgreSQL.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cairnHome } from "../../../src/core/paths.ts";
import { trustedCairnHome } from "../../../src/core/session-env.ts";
import { clientOptions } from "../../../src/team/libpq.ts";
import { teamUrl, teamUrlNotice } from "../../../src/team/url.ts";

const dir = mkdtempSync(join(tmpdir(), "cairn-session-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SESSION = { CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: "5e55a000-0000-4000-8000-000000000001" };
const NO_HOME_CA = { HOME: dir };

describe("the team server inside and outside a session", () => {
  const mine = "postgres://me@db.example.org/team";
  const theirs = "postgres://x@evil.example/loot";

  it("hooks and commands in a session use team.url from the user's config, whatever the environment says", () => {
    expect(teamUrl(mine, { ...SESSION, CAIRN_TEAM_URL: theirs })).toBe(mine);
    expect(teamUrl("", { ...SESSION, CAIRN_TEAM_URL: theirs })).toBe("");
    expect(teamUrlNotice({ ...SESSION, CAIRN_TEAM_URL: theirs })).toMatch(
      /^note: CAIRN_TEAM_URL ignored inside a Claude Code session/,
    );
  });

  it("a person's command in a terminal may name the server for itself, and is told so", () => {
    expect(teamUrl(mine, { CAIRN_TEAM_URL: theirs })).toBe(theirs);
    expect(teamUrlNotice({ CAIRN_TEAM_URL: theirs })).toMatch(
      /^note: team server from CAIRN_TEAM_URL for this command only/,
    );
    expect(teamUrlNotice({})).toBeUndefined();
    expect(teamUrl(mine, { CAIRN_TEAM_URL: "  " })).toBe(mine);
  });
});

describe("TLS: verify-full unless the user's URL says otherwise", () => {
  it("without an sslmode the server is verified against the system's CAs and its host name", () => {
    const o = clientOptions("postgres://me@db.example.org/team", NO_HOME_CA);
    expect(o.refused).toBeUndefined();
    const ssl = o.ssl as { ca?: string[]; checkServerIdentity?: unknown };
    expect(Array.isArray(ssl.ca) && ssl.ca.length).toBeGreaterThan(0);
    expect(typeof ssl.checkServerIdentity).toBe("function");
    expect(o.tls).toBe(
      "sslmode=verify-full (the default): the server's certificate is checked against the system's CAs and its host name",
    );
  });

  it("~/.postgresql/root.crt, when there, is the default's root", () => {
    const home = join(dir, "with-root");
    mkdirSync(join(home, ".postgresql"), { recursive: true });
    writeFileSync(
      join(home, ".postgresql", "root.crt"),
      "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
    );
    const o = clientOptions("postgres://me@db.example.org/team", { HOME: home });
    expect((o.ssl as { ca?: unknown }).ca).toContain("BEGIN CERTIFICATE");
    expect(o.tls).toContain(`checked against ${join(home, ".postgresql", "root.crt")} and its host name`);
  });

  it("the user's explicit sslmode wins, and doctor's line says where it came from", () => {
    expect(clientOptions("postgres://me@h/d?sslmode=require", NO_HOME_CA)).toMatchObject({
      ssl: "require",
      tls: expect.stringMatching(/^sslmode=require \(team\.url\): encrypted, but the server is not verified/),
    });
    expect(clientOptions("postgres://me@h/d?sslmode=disable", NO_HOME_CA)).toMatchObject({
      ssl: false,
      tls: "sslmode=disable (team.url): not encrypted",
    });
    // A person's shell may set libpq's variables for their own commands.
    expect(clientOptions("postgres://me@h/d", { ...NO_HOME_CA, PGSSLMODE: "prefer" }).tls).toMatch(
      /^sslmode=prefer \(PGSSLMODE\)/,
    );
  });

  it("inside a session the libpq environment is not read: no downgrade, no other host, no other CA", () => {
    const env = {
      ...NO_HOME_CA,
      ...SESSION,
      PGSSLMODE: "disable",
      PGSSLROOTCERT: join(dir, "attacker-ca.crt"),
      PGHOST: "evil.example",
      PGPORT: "6666",
      PGDATABASE: "loot",
      PGUSER: "x",
    };
    const o = clientOptions("postgres://me@db.example.org/team", env);
    expect(o.tls).toMatch(/^sslmode=verify-full \(the default\): .* the system's CAs/);
    // A URL that leaves the host, port or database to libpq's environment gets the
    // defaults written in, so the driver does not read PGHOST and the rest either.
    const bare = clientOptions("postgres:///team", env);
    expect(new URL(bare.url).hostname).toBe("localhost");
    expect(new URL(bare.url).port).toBe("5432");
    expect(new URL(bare.url).pathname).toBe("/team");
    expect(bare.url).not.toMatch(/evil|6666|loot/);
    // Outside a session the same variables act as libpq's.
    expect(
      clientOptions("postgres://me@db.example.org/team", {
        ...env,
        ...{ CLAUDECODE: "", CLAUDE_CODE_SESSION_ID: "" },
      }).ssl,
    ).toBe(false);
  });
});

describe("CAIRN_HOME inside a session", () => {
  const project = join(dir, "project");
  mkdirSync(project, { recursive: true });
  const mineDir = join(dir, "cairn-home");
  mkdirSync(mineDir, { mode: 0o700 });
  chmodSync(mineDir, 0o700);
  const inRepo = join(project, ".cairn-state");
  mkdirSync(inRepo, { mode: 0o700 });
  chmodSync(inRepo, 0o700);
  const open = join(dir, "open-home");
  mkdirSync(open, { mode: 0o755 });
  chmodSync(open, 0o755);
  const session = { ...SESSION, HOME: dir, CLAUDE_PROJECT_DIR: project };
  const fallback = join(dir, ".cairn");

  it("counts only for an existing private directory of ours outside the project and any git work tree", () => {
    expect(cairnHome({ ...session, CAIRN_HOME: mineDir })).toBe(mineDir);
    expect(trustedCairnHome(mineDir, session)).toBe(true);
    // In the repository (its config.yaml would count as the user's; git add -A takes the database).
    expect(cairnHome({ ...session, CAIRN_HOME: inRepo })).toBe(fallback);
    // Not there yet, readable by others, or not a directory.
    expect(cairnHome({ ...session, CAIRN_HOME: join(dir, "nowhere") })).toBe(fallback);
    expect(cairnHome({ ...session, CAIRN_HOME: open })).toBe(fallback);
    // Inside a git work tree, even with no project named (a command the agent runs).
    const repo = join(dir, "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(join(repo, "state"), { mode: 0o700 });
    chmodSync(join(repo, "state"), 0o700);
    expect(cairnHome({ ...SESSION, HOME: dir, CAIRN_HOME: join(repo, "state") })).toBe(fallback);
    // Another user's directory (uid lookup injected: one test process has one uid).
    expect(trustedCairnHome(mineDir, session, (process.getuid?.() ?? 0) + 1)).toBe(false);
  });

  it("a person's own command outside Claude Code may point it anywhere", () => {
    const outside = { HOME: dir, CAIRN_HOME: join(dir, "nowhere"), CLAUDE_PROJECT_DIR: project };
    expect(cairnHome(outside)).toBe(join(dir, "nowhere"));
    expect(cairnHome({ ...outside, CAIRN_HOME: inRepo })).toBe(inRepo);
  });
});
