/**
 * What a person controls about team memory, through the built CLI against a real
 * PostgreSQL: nothing leaves a machine before `cairn team enable` (and `cairn team
 * outbox` shows exactly what would go); a machine that synced before this was asked
 * once, by SessionStart, the statusline and doctor; team.share and team.exclude decide
 * what goes; `cairn team share off` stops a session or a project; `cairn team forget`
 * deletes from the server and from another machine's store at its next sync.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { saveMemo } from "../../../src/memory/memo.ts";
import { openStore } from "../../../src/store/db.ts";
import { setState } from "../../../src/store/kv.ts";
import { enqueue } from "../../../src/team/collect.ts";
import { machineIdentity } from "../../../src/team/identity.ts";
import { recordId } from "../../../src/team/records.ts";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { type PgServer, pgBinDir, startPostgres } from "../../helpers/postgres.ts";
import { repeatSession, TOOLS_SESSION } from "../memory/helpers.ts";

const hasPg = !!pgBinDir();

type Home = ReturnType<typeof tempHome> & {
  user: string;
  run(args: string[], input?: string, env?: NodeJS.ProcessEnv): ReturnType<typeof runCairn>;
  config(yaml: string): void;
  db(): DatabaseSync;
};

describe.skipIf(!hasPg)("what a person controls about team memory, against a real PostgreSQL", () => {
  let pg: PgServer;
  const homes: Home[] = [];

  /** A machine: its own HOME, a clone of `repo` (by its origin remote) and team.url set. */
  function machine(user: string, repo: string, extra = ""): Home {
    const t = tempHome(`cairn-team-${user}-`);
    mkdirSync(join(t.home, ".cairn"), { recursive: true });
    execFileSync("git", ["init", "-q", t.project]);
    execFileSync("git", ["-C", t.project, "remote", "add", "origin", `git@example.org:${repo}.git`]);
    const h: Home = {
      ...t,
      user,
      run: (args, input, env = {}) =>
        runCairn(args, {
          cwd: t.project,
          env: { ...t.env, USER: user, ...env },
          ...(input !== undefined ? { input } : {}),
        }),
      config: (yaml) =>
        writeFileSync(join(t.home, ".cairn", "config.yaml"), `team:\n  url: "${pg.url()}"\n${yaml}`, {
          mode: 0o600,
        }),
      db: () => new DatabaseSync(join(t.home, ".cairn", "cairn.db"), { timeout: 10_000 }),
    };
    h.config(extra);
    homes.push(h);
    return h;
  }

  /** A real session (the fixture transcript, `turns` turns) in the machine's memory, each turn's last words marked. */
  async function session(h: Home, sid: string, marker: string, memo?: string): Promise<void> {
    const store = await openStore(cairnPaths(join(h.home, ".cairn")).db);
    try {
      const transcript = join(h.home, `${sid}.jsonl`);
      // Entries of their own (memory keys rows by entry uuid and tool id), so sessions made of one fixture differ.
      const tag = sid.slice(-4);
      let text = repeatSession(TOOLS_SESSION, 2, sid)
        .replace(/"([0-9a-f]{8})-[0-9a-f]{4}-/g, `"$1-${tag}-`)
        .replace(/"sessionId":"[^"]+"/g, `"sessionId":"${sid}"`)
        .replace(/toolu_t/g, `toolu_${tag}t`);
      for (const t of [1, 2]) text = text.replace(`conclusion${t}y.`, `${marker} turn ${t}.`);
      writeFileSync(transcript, text);
      ingestSource(store, { path: transcript, sessionId: sid, projectDir: h.project }, { now: Date.now() });
      if (memo) saveMemo(store, { sessionId: sid, projectDir: h.project, memo, now: Date.now() });
    } finally {
      store.close();
    }
  }

  const onServer = (where: string): number =>
    Number(pg.psql(`SELECT count(*) FROM cairn_team_records WHERE ${where}`, "cairn_team").trim());
  const kindsOnServer = (project: string): string[] =>
    pg
      .psql(
        `SELECT DISTINCT kind FROM cairn_team_records WHERE project = '${project}' ORDER BY kind`,
        "cairn_team",
      )
      .trim()
      .split("\n")
      .filter(Boolean);
  const localCount = (h: Home, where: string): number => {
    const db = h.db();
    try {
      return (db.prepare(`SELECT count(*) AS n FROM team_records WHERE ${where}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    pg = await startPostgres();
  }, 120_000);
  afterAll(() => {
    pg?.destroy();
    for (const h of homes) h.cleanup();
  });

  it("nothing reaches the server before `cairn team enable`; `team outbox` shows exactly what would go", async () => {
    const a = machine("alice", "team/consent");
    expect((await a.run(["state", "add", "decisions", "Use CONSENT-D1 for the ledger"])).code).toBe(0);
    await session(a, "aaaaaaaa-0000-4000-8000-00000000c001", "CONSENT-TURN");
    const sync = await a.run(["team", "sync"]);
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stdout).toMatch(
      /^Synced example\.org\/team\/consent: nothing pushed: \d+ records wait until you agree \(`.* team outbox`, then `.* team enable`\), 0 pulled\./,
    );
    // The server was reached (the schema exists), and holds nothing of this machine.
    expect(onServer("true")).toBe(0);

    const status = JSON.parse((await a.run(["team", "status", "--json"])).stdout);
    expect(status.sharing).toBe("not agreed yet");
    const doctor = JSON.parse((await a.run(["doctor", "--json"])).stdout).checks as {
      name: string;
      status: string;
      fix?: string;
    }[];
    expect(doctor.find((c) => c.name === "team sharing")).toMatchObject({ status: "warn" });

    const listed = await a.run(["team", "outbox", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const going = JSON.parse(listed.stdout).going as { id: string; kind: string; text: string }[];
    expect(going.some((r) => r.kind === "decision" && r.text === "Use CONSENT-D1 for the ledger")).toBe(true);
    expect(going.some((r) => r.kind === "turn" && r.text.includes("CONSENT-TURN turn 2."))).toBe(true);
    const shown = await a.run(["team", "outbox"]);
    expect(shown.stdout).toMatch(
      new RegExp(
        `^${going.length} records \\(.*\\) would go to postgres://cairn_test:\\*\\*\\*@127\\.0\\.0\\.1:\\d+/cairn_team\\?sslmode=disable once you run`,
      ),
    );
    for (const r of going) {
      expect(shown.stdout).toContain(`id ${r.id}`);
      expect(shown.stdout).toContain(r.text);
    }

    // Not without asking: piped, enable wants --yes.
    const refused = await a.run(["team", "enable"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/team outbox`, then run `.* team enable --yes`/);
    expect(onServer("true")).toBe(0);

    const enabled = await a.run(["team", "enable", "--yes"]);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stdout).toContain("Sharing is on for this machine.");
    expect(enabled.stdout).toContain(`${going.length} pushed (${going.length} new on the server)`);
    expect(onServer("project = 'example.org/team/consent'")).toBe(going.length);
    // And exactly those records, each once.
    const ids = pg.psql("SELECT id FROM cairn_team_records ORDER BY id", "cairn_team").trim().split("\n");
    expect(ids).toEqual(going.map((r) => r.id).sort());
  });

  it("a machine that synced before this change is asked once, by SessionStart, the statusline and doctor; its outbox waits", async () => {
    const c = machine("carol", "team/upgrade");
    const paths = cairnPaths(join(c.home, ".cairn"));
    const store = await openStore(paths.db);
    const me = machineIdentity(paths, { USER: "carol" });
    try {
      // What an earlier cairn left: a push on record, and a record in the outbox.
      setState(store, "team", "lastPush", { at: Date.now() - 3600_000, sent: 3, added: 3 });
      enqueue(store, [
        {
          id: recordId("example.org/team/upgrade", "decision", "waiting"),
          project: "example.org/team/upgrade",
          kind: "decision",
          machine: me.name,
          machineId: me.id,
          user: "carol",
          session: null,
          at: Date.now(),
          text: "UPGRADE-WAITING decision",
          meta: null,
        },
      ]);
    } finally {
      store.close();
    }
    const start = JSON.parse(
      readFileSync(join(REPO, "test/fixtures/hook-inputs/SessionStart-startup.json"), "utf8"),
    );
    const hook = () =>
      c.run(["hook", "SessionStart"], JSON.stringify({ ...start, cwd: c.project }), {
        CLAUDE_PROJECT_DIR: c.project,
      });
    const first = await hook();
    expect(first.code, first.stderr).toBe(0);
    const said = (JSON.parse(first.stdout).systemMessage as string)
      .split(" · ")
      .find((m) => m.startsWith("cairn team memory"));
    expect(said).toMatch(
      /^cairn team memory asks before this machine shares anything: 1 record waits in its outbox and nothing is sent until you agree\. See exactly what would go with `.* team outbox`, then `.* team enable` to share \(or `.* team disable`\)\.$/,
    );
    const second = await hook();
    expect(JSON.parse(second.stdout || "{}").systemMessage ?? "").not.toContain("asks before");

    const statusInput = JSON.parse(
      readFileSync(join(REPO, "test/fixtures/claude-code-captures/statusline-stdin.jsonl"), "utf8").split(
        "\n",
      )[0]!,
    );
    const statusline = async () =>
      (
        await c.run(
          ["statusline"],
          JSON.stringify({
            ...statusInput,
            cwd: c.project,
            workspace: { current_dir: c.project, project_dir: c.project },
          }),
          { NO_COLOR: "1" },
        )
      ).stdout;
    expect(await statusline()).toContain("team: waiting for your OK to share");
    // A sync (the background ones too) pulls, keeps the outbox, and keeps asking.
    expect((await c.run(["team", "sync"])).code).toBe(0);
    expect(onServer("text LIKE 'UPGRADE-WAITING%'")).toBe(0);
    expect(await statusline()).toContain("team: waiting for your OK to share");
    const doctor = JSON.parse((await c.run(["doctor", "--json"])).stdout).checks as {
      name: string;
      status: string;
    }[];
    expect(doctor.find((x) => x.name === "team sharing")?.status).toBe("warn");
    expect(doctor.find((x) => x.name === "team")?.status).toBe("ok");

    // The answer ends the asking; "no" drops what waited and sends nothing.
    const no = await c.run(["team", "disable"]);
    expect(no.code, no.stderr).toBe(0);
    expect(no.stdout).toContain(
      "Sharing is off for this machine: nothing more is sent (1 waiting record dropped)",
    );
    expect(await statusline()).not.toContain("team:");
    expect((await c.run(["team", "sync"])).stdout).toContain(
      "nothing pushed (sharing is off on this machine)",
    );
    expect(onServer("text LIKE 'UPGRADE-WAITING%'")).toBe(0);
    const after = JSON.parse((await c.run(["doctor", "--json"])).stdout).checks as { name: string }[];
    expect(after.some((x) => x.name === "team sharing")).toBe(false);
  });

  it("team.share chooses the kinds; a record queued under an older choice is dropped, not sent", async () => {
    const d = machine("dave", "team/share", '  share: ["decisions", "handoffs"]\n');
    expect((await d.run(["state", "add", "decisions", "SHARE-D1 decided"])).code).toBe(0);
    await session(d, "dddddddd-0000-4000-8000-00000000d001", "SHARE-TURN", "## Next step\nSHARE-MEMO");
    expect((await d.run(["team", "enable", "--yes"])).code).toBe(0);
    expect(kindsOnServer("example.org/team/share")).toEqual(["decision", "handoff"]);
    expect(onServer("text LIKE '%SHARE-TURN%'")).toBe(0);
    // The handoff carries its turns (a handoff is one unit, whatever conversation sharing says).
    expect(onServer("kind = 'handoff' AND meta::text LIKE '%SHARE-TURN turn 2.%'")).toBe(1);

    // Queued while summaries were shared, then summaries turned off: the push drops them.
    d.config('  share: ["decisions", "handoffs", "summaries", "conversation"]\n');
    await session(d, "dddddddd-0000-4000-8000-00000000d002", "SHARE-LATER");
    expect((await d.run(["team", "outbox"])).code).toBe(0); // collects: queued under this choice
    d.config('  share: ["decisions", "handoffs", "conversation"]\n');
    const outbox = await d.run(["team", "outbox"]);
    expect(outbox.stdout).toMatch(/\d+ queued records? will be dropped instead \(\d+ by team\.share\)/);
    const sync = await d.run(["team", "sync"]);
    expect(sync.stdout).toMatch(/\d+ withheld by the share settings/);
    expect(kindsOnServer("example.org/team/share")).toEqual(["decision", "handoff", "turn"]);
    expect(onServer("project = 'example.org/team/share' AND kind = 'summary'")).toBe(0);
  });

  it("team.exclude keeps matching text out: whole records, and the matching parts of a handoff", async () => {
    const e = machine("erin", "team/exclude", '  exclude: ["PROJECT-NIGHTJAR\\\\w*"]\n');
    expect(
      (await e.run(["state", "add", "decisions", "Code name PROJECT-NIGHTJAR stays internal"])).code,
    ).toBe(0);
    expect((await e.run(["state", "add", "decisions", "EXCLUDE-KEPT decision"])).code).toBe(0);
    await session(
      e,
      "eeeeeeee-0000-4000-8000-00000000e001",
      "PROJECT-NIGHTJAR-TURN",
      "## Next step\nEXCLUDE-MEMO",
    );
    const enabled = await e.run(["team", "enable", "--yes"]);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(onServer("project = 'example.org/team/exclude' AND text LIKE '%EXCLUDE-KEPT%'")).toBe(1);
    expect(
      onServer("project = 'example.org/team/exclude' AND kind = 'handoff' AND text LIKE '%EXCLUDE-MEMO%'"),
    ).toBe(1);
    expect(onServer("text LIKE '%NIGHTJAR%' OR meta::text LIKE '%NIGHTJAR%'")).toBe(0);
    expect(
      onServer("kind = 'handoff' AND meta::text LIKE '%withheld on its machine: matches team.exclude%'"),
    ).toBe(1);
  });

  it("`share off` stops a session or a project; `share on` resumes it", async () => {
    const f = machine("frank", "team/off");
    expect((await f.run(["team", "enable", "--yes"])).code).toBe(0);
    const sid = "ffffffff-0000-4000-8000-00000000f001";
    await session(f, sid, "OFF-SESSION");
    const off = await f.run(["team", "share", "off", "--session", sid]);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain(`Not sharing session ${sid} from this machine`);
    await session(f, "ffffffff-0000-4000-8000-00000000f002", "ON-SESSION");
    expect((await f.run(["team", "sync"])).code).toBe(0);
    expect(onServer("text LIKE '%OFF-SESSION%'")).toBe(0);
    expect(onServer("text LIKE '%ON-SESSION%'")).toBeGreaterThan(0);

    expect((await f.run(["team", "share", "off", "--project"])).code).toBe(0);
    expect((await f.run(["state", "add", "decisions", "OFF-PROJECT decision"])).code).toBe(0);
    expect((await f.run(["team", "sync"])).code).toBe(0);
    expect(onServer("text LIKE '%OFF-PROJECT%'")).toBe(0);
    const shown = await f.run(["team", "share"]);
    expect(shown.stdout).toContain("off        project example.org/team/off, session ffffffff-");
    expect((await f.run(["team", "share", "on", "--project"])).code).toBe(0);
    expect((await f.run(["team", "sync"])).code).toBe(0);
    expect(onServer("text LIKE '%OFF-PROJECT%'")).toBe(1);
    // Without a session to name, `share off` asks which.
    const which = await f.run(["team", "share", "off"]);
    expect(which.code).toBe(2);
    expect(which.stderr).toContain("--session ID");
  });

  it("`forget` deletes from the server and, at its next sync, from another machine's store; never shared again", async () => {
    const g = machine("gina", "team/forget");
    const h = machine("hank", "team/forget");
    expect((await g.run(["state", "add", "decisions", "FORGET-ONE decision"])).code).toBe(0);
    expect((await g.run(["state", "add", "decisions", "FORGET-KEEP decision"])).code).toBe(0);
    const s1 = "99999999-0000-4000-8000-000000000001";
    const s2 = "99999999-0000-4000-8000-000000000002";
    await session(g, s1, "FORGET-S1");
    await session(g, s2, "FORGET-S2");
    expect((await g.run(["team", "enable", "--yes"])).code).toBe(0);
    expect((await h.run(["team", "sync"])).code).toBe(0);
    expect(localCount(h, "text = 'FORGET-ONE decision'")).toBe(1);
    expect(localCount(h, "text LIKE '%FORGET-S1%'")).toBeGreaterThan(0);

    // One record, by the first characters of its id (as outbox and search --team show it).
    const id = pg
      .psql("SELECT id FROM cairn_team_records WHERE text = 'FORGET-ONE decision'", "cairn_team")
      .trim();
    // Only the machine that shared a record can forget it.
    const notHis = await h.run(["team", "forget", id.slice(0, 10)]);
    expect(notHis.code).toBe(2);
    expect(notHis.stderr).toMatch(
      /was shared by gina@\S+: only the machine that shared a record can forget it/,
    );
    const one = await g.run(["team", "forget", id.slice(0, 10)]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain(`Forgot record ${id} from this machine`);
    expect(one.stdout).toContain(
      "The server deleted 1 record; every other machine drops its copies at its next sync.",
    );
    expect(onServer(`id = '${id}'`)).toBe(0);
    expect(localCount(h, `id = '${id}'`)).toBe(1);
    const hs = await h.run(["team", "sync"]);
    expect(hs.stdout).toContain("1 copy dropped (forgotten by their machine)");
    expect(localCount(h, `id = '${id}'`)).toBe(0);
    expect(localCount(h, "text = 'FORGET-KEEP decision'")).toBe(1);
    // Still in gina's STATE.md, but never shared again.
    expect((await g.run(["team", "sync"])).code).toBe(0);
    expect(onServer(`id = '${id}'`)).toBe(0);

    // A session.
    const session1 = await g.run(["team", "forget", "--session", s1]);
    expect(session1.code, session1.stderr).toBe(0);
    expect(onServer(`session_id = '${s1}'`)).toBe(0);
    expect(onServer(`session_id = '${s2}'`)).toBeGreaterThan(0);
    expect((await h.run(["team", "sync"])).code).toBe(0);
    expect(localCount(h, `session_id = '${s1}'`)).toBe(0);
    expect(localCount(h, `session_id = '${s2}'`)).toBeGreaterThan(0);

    // Everything since a point in time (the transcript's turns are of 2026-11-22).
    const since = await g.run(["team", "forget", "--since", "2026-11-01"]);
    expect(since.code, since.stderr).toBe(0);
    expect(onServer("project = 'example.org/team/forget'")).toBe(0);
    expect((await h.run(["team", "sync"])).code).toBe(0);
    expect(localCount(h, "project = 'example.org/team/forget'")).toBe(0);
    // What gina records afterwards is shared again.
    expect((await g.run(["state", "add", "decisions", "FORGET-AFTER decision"])).code).toBe(0);
    expect((await g.run(["team", "sync"])).code).toBe(0);
    expect(onServer("text = 'FORGET-AFTER decision'")).toBe(1);
  });

  it("`forget` with the server out of reach: done here at once, on the server and elsewhere at the next sync", async () => {
    const k = machine("kate", "team/forget-later");
    const l = machine("liam", "team/forget-later");
    expect((await k.run(["state", "add", "decisions", "LATER-ONE decision"])).code).toBe(0);
    expect((await k.run(["state", "add", "decisions", "LATER-KEEP decision"])).code).toBe(0);
    expect((await k.run(["team", "enable", "--yes"])).code).toBe(0);
    expect((await l.run(["team", "sync"])).code).toBe(0);
    expect(localCount(l, "text = 'LATER-ONE decision'")).toBe(1);
    const id = pg
      .psql("SELECT id FROM cairn_team_records WHERE text = 'LATER-ONE decision'", "cairn_team")
      .trim();

    // The server out of reach: team.url names a port nothing listens on.
    writeFileSync(
      join(k.home, ".cairn", "config.yaml"),
      `team:\n  url: "postgres://cairn_test@127.0.0.1:1/cairn_team?sslmode=disable&connect_timeout=2"\n`,
      { mode: 0o600 },
    );
    const f = await k.run(["team", "forget", id.slice(0, 12)]);
    expect(f.code, f.stderr).toBe(0);
    expect(f.stdout).toContain(`Forgot record ${id} from this machine`);
    expect(f.stdout).toContain("The server deletes them at the next sync (it cannot be reached now:");
    expect(onServer(`id = '${id}'`)).toBe(1);

    // Back in reach: kate's next sync deletes it there, liam's next sync drops his copy.
    k.config("");
    const ks = await k.run(["team", "sync"]);
    expect(ks.code, ks.stderr).toBe(0);
    expect(onServer(`id = '${id}'`)).toBe(0);
    expect(onServer("text = 'LATER-KEEP decision'")).toBe(1);
    expect((await l.run(["team", "sync"])).code).toBe(0);
    expect(localCount(l, `id = '${id}'`)).toBe(0);
    expect(localCount(l, "text = 'LATER-KEEP decision'")).toBe(1);
  });
});
