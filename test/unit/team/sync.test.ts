import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config/schema.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { saveMemo } from "../../../src/memory/memo.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { insertOutput } from "../../../src/store/outputs.ts";
import { touchSession } from "../../../src/store/sessions.ts";
import { connect } from "../../../src/team/client.ts";
import { enqueue } from "../../../src/team/collect.ts";
import { answerConsent } from "../../../src/team/consent.ts";
import { teammateSessions } from "../../../src/team/dashboard.ts";
import { collectProject } from "../../../src/team/gather.ts";
import { machineIdentity } from "../../../src/team/identity.ts";
import { outboxPending } from "../../../src/team/pending.ts";
import { migrateServer, PG_SCHEMA_VERSION } from "../../../src/team/pg-schema.ts";
import { pruneTeam } from "../../../src/team/prune.ts";
import { syncOnce } from "../../../src/team/sync.ts";
import { TOKEN_HEADER } from "../../../src/web/auth.ts";
import { startUiServer } from "../../../src/web/server.ts";
import { type PgServer, pgBinDir, startPostgres } from "../../helpers/postgres.ts";

const hasPg = !!pgBinDir();

const OUTPUTS = join(import.meta.dirname, "..", "..", "fixtures", "outputs");
const TRANSCRIPT = join(import.meta.dirname, "..", "..", "fixtures", "transcripts", "tools-session.jsonl");
const PROJECT = "example.org/team/app";

/** One machine: its own cairn home and a clone of the project. */
function machine(root: string, name: string) {
  const home = join(root, name);
  const projectDir = join(home, "src", "app");
  mkdirSync(join(projectDir, ".cairn"), { recursive: true });
  const paths = cairnPaths(join(home, ".cairn"));
  mkdirSync(paths.root, { recursive: true });
  // These machines' users agreed to share (consent has its own tests: control.test.ts).
  answerConsent(paths, "enabled", Date.now());
  const m = { home, projectDir, paths, machine: machineIdentity(paths, { USER: name }) };
  return {
    ...m,
    round: (url: string, project: string) => ({
      url,
      project,
      home: paths,
      config: defaults(),
      machine: m.machine,
    }),
  };
}

describe.skipIf(!hasPg)("team sync against a real PostgreSQL", () => {
  let pg: PgServer;
  let root: string;
  const stores: Store[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
    root = mkdtempSync(join(tmpdir(), "cairn-team-"));
  });
  afterAll(() => {
    for (const s of stores) s.close();
    pg?.destroy();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function open(m: ReturnType<typeof machine>): Promise<Store> {
    const s = await openStore(m.paths.db);
    stores.push(s);
    return s;
  }

  it("pushes A's notebook, summaries, conversation and memo once; B pulls them once", async () => {
    const a = machine(root, "alice");
    const b = machine(root, "bob");
    const config = defaults();
    writeFileSync(
      join(a.projectDir, ".cairn", "STATE.md"),
      "# STATE\n\n## Decisions\n\n- Use pgbouncer in transaction mode (session mode ran out of slots)\n\n## Dead-ends\n\n- Retrying with a bigger pool: still timed out\n",
    );
    const sa = await open(a);
    ingestSource(
      sa,
      { path: TRANSCRIPT, sessionId: "sess-a", projectDir: a.projectDir },
      { now: Date.now() },
    );
    saveMemo(sa, {
      sessionId: "sess-a",
      projectDir: a.projectDir,
      memo: "## Next step\nrun the migration on staging",
      now: Date.now(),
    });

    const { added: collected } = await collectProject(sa, {
      projectDir: a.projectDir,
      project: PROJECT,
      machine: a.machine,
      config,
      now: Date.now(),
    });
    expect(collected).toBeGreaterThan(3);
    // Collecting again finds nothing new.
    expect(
      await collectProject(sa, {
        projectDir: a.projectDir,
        project: PROJECT,
        machine: a.machine,
        config,
        now: Date.now(),
      }),
    ).toMatchObject({ added: 0 });
    expect(outboxPending(sa)).toBe(collected);

    const first = await syncOnce(sa, a.round(pg.url(), PROJECT));
    expect(first).toMatchObject({ ok: true, sent: collected, added: collected });
    expect(outboxPending(sa)).toBe(0);

    const sb = await open(b);
    const got = await syncOnce(sb, b.round(pg.url(), PROJECT));
    expect(got).toMatchObject({ ok: true, pulled: collected });
    const kinds = sb.db
      .prepare("SELECT kind, count(*) AS n FROM team_records GROUP BY kind ORDER BY kind")
      .all();
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["decision", "dead-end", "handoff", "summary", "turn"]),
    );
    const memo = sb.db.prepare("SELECT * FROM team_records WHERE kind = 'handoff'").get() as Record<
      string,
      unknown
    >;
    expect(memo).toMatchObject({ user_name: "alice", session_id: "sess-a", machine_id: a.machine.id });
    expect(memo.text).toContain("run the migration on staging");

    // B's dashboard shows alice's session beside B's own (none yet), through the real route.
    const ui = await startUiServer({
      paths: b.paths,
      config,
      port: 0,
      token: "test-token",
      cli: "cairn",
      assets: { js: "", css: "" },
    });
    try {
      const res = await fetch(`http://127.0.0.1:${ui.port}/api/team/sessions`, {
        headers: { [TOKEN_HEADER]: "test-token" },
      });
      const body = (await res.json()) as { sessions: Record<string, unknown>[] };
      expect(body.sessions).toEqual([
        expect.objectContaining({ project: PROJECT, session: "sess-a", user: "alice", handoff: true }),
      ]);
    } finally {
      await ui.close();
    }
    // A's own sessions are not "teammates'" on A.
    expect(teammateSessions(sa, a.paths)).toEqual([]);

    // Twice more on both sides: nothing new anywhere.
    expect(await syncOnce(sa, a.round(pg.url(), PROJECT))).toMatchObject({
      ok: true,
      sent: 0,
      added: 0,
    });
    expect(await syncOnce(sb, b.round(pg.url(), PROJECT))).toMatchObject({ ok: true, pulled: 0 });
    expect(pg.psql("SELECT count(*) FROM cairn_team_records", "cairn_team").trim()).toBe(String(collected));

    // A retried push (the outbox lost its "pushed" marks, as after a crash) adds nothing.
    sa.db.exec("UPDATE team_outbox SET pushed_at = NULL");
    expect(await syncOnce(sa, a.round(pg.url(), PROJECT))).toMatchObject({
      ok: true,
      sent: collected,
      added: 0,
    });
    expect(pg.psql("SELECT count(*) FROM cairn_team_records", "cairn_team").trim()).toBe(String(collected));
  });

  it("a wrong password or an unreachable server is one masked line, and the outbox keeps its records", async () => {
    const c = machine(root, "carol");
    const sc = await open(c);
    writeFileSync(join(c.projectDir, ".cairn", "STATE.md"), "## Decisions\n\n- carol decided something\n");
    await collectProject(sc, {
      projectDir: c.projectDir,
      project: PROJECT,
      machine: c.machine,
      config: defaults(),
      now: Date.now(),
    });
    const wrong = await syncOnce(sc, c.round(pg.url({ password: "not-the-Password" }), PROJECT));
    expect(wrong.ok).toBe(false);
    expect(wrong.error).toMatch(/authentication failed at 127\.0\.0\.1:\d+\/cairn_team/);
    expect(wrong.error).not.toContain("not-the-Password");
    expect(wrong.error!.split("\n")).toHaveLength(1);
    const { freePort } = await import("../../helpers/postgres.ts");
    const closed = await freePort();
    const down = await syncOnce(sc, c.round(`postgres://u:pw-xyz@127.0.0.1:${closed}/db`, PROJECT));
    expect(down.error).toBe(
      `cannot reach 127.0.0.1:${closed}/db: connection refused (is PostgreSQL running there?)`,
    );
    expect(outboxPending(sc)).toBe(1);
    expect(await syncOnce(sc, c.round(pg.url(), PROJECT))).toMatchObject({
      ok: true,
      sent: 1,
      added: 1,
    });
  });

  it("retention removes old pushed and pulled rows, never unpushed ones", async () => {
    const f = machine(root, "frank");
    const sf = await open(f);
    const now = Date.now();
    const old = now - 40 * 86_400_000;
    const rec = (id: string) => ({
      id,
      project: "prune/demo",
      kind: "decision" as const,
      machine: "m",
      machineId: "mid",
      user: "u",
      session: null,
      at: old,
      text: id,
      meta: null,
    });
    enqueue(sf, [rec("old-pushed"), rec("old-unpushed"), rec("new-pushed")]);
    sf.db.prepare("UPDATE team_outbox SET pushed_at = ? WHERE id = 'old-pushed'").run(old);
    sf.db.prepare("UPDATE team_outbox SET pushed_at = ? WHERE id = 'new-pushed'").run(now);
    const ins = sf.db.prepare(
      "INSERT INTO team_records (id, project, kind, machine, machine_id, user_name, at, text, pulled_at) VALUES (?, 'prune/demo', 'decision', 'm', 'mid', 'u', ?, 't', ?)",
    );
    ins.run("old-record", old, old);
    ins.run("new-record", now, now);
    expect(pruneTeam(sf, 30, now)).toEqual({ outbox: 1, records: 1 });
    expect(
      sf.db
        .prepare("SELECT id FROM team_outbox ORDER BY id")
        .all()
        .map((r) => r.id),
    ).toEqual(["new-pushed", "old-unpushed"]);
    expect(sf.db.prepare("SELECT id FROM team_records WHERE project = 'prune/demo'").all()).toEqual([
      { id: "new-record" },
    ]);
  });

  it("stored tool originals stay local unless team.share has outputs", async () => {
    const e = machine(root, "erin");
    const se = await open(e);
    const original = readFileSync(join(OUTPUTS, "compile-gcc-errors.txt"));
    touchSession(se, {
      id: "sess-e",
      projectDir: e.projectDir,
      cwd: e.projectDir,
      transcriptPath: "/x",
      at: Date.now(),
    });
    insertOutput(se, {
      sessionId: "sess-e",
      toolName: "Bash",
      label: "make",
      original,
      originalLines: 10,
      redactions: 0,
      at: Date.now(),
    });
    const base = { projectDir: e.projectDir, project: "outputs/demo", machine: e.machine, now: Date.now() };
    await collectProject(se, { ...base, config: defaults() });
    const kinds = () => se.db.prepare("SELECT kind FROM team_outbox WHERE project = 'outputs/demo'").all();
    expect(kinds()).toEqual([]);
    await collectProject(se, {
      ...base,
      config: { ...defaults(), "team.share": [...defaults()["team.share"], "outputs"] },
    });
    expect(kinds()).toEqual([{ kind: "output" }]);
    const rec = JSON.parse(
      (se.db.prepare("SELECT record FROM team_outbox WHERE kind = 'output'").get() as { record: string })
        .record,
    );
    expect(rec.text).toBe(original.toString("utf8"));
    expect(rec.meta).toEqual({ tool: "Bash", label: "make" });
  });

  it("a push that commits after a later one is not skipped by the puller", async () => {
    const d = machine(root, "dave");
    const sd = await open(d);
    await syncOnce(sd, d.round(pg.url(), "slow/push")); // catch up, empty project
    const row = (id: string) => ({
      id,
      project: "slow/push",
      kind: "decision",
      machine: "m",
      machine_id: "mid",
      user_name: "u",
      at: Date.now(),
      text: id,
    });
    const slow = await connect(pg.url());
    const fast = await connect(pg.url());
    let commit!: () => void;
    const held = new Promise<void>((r) => {
      commit = r;
    });
    try {
      let inserted!: () => void;
      const started = new Promise<void>((r) => {
        inserted = r;
      });
      // The slow push takes its transaction id first and commits last.
      const slowTx = slow.begin(async (tx) => {
        await tx`SELECT pg_current_xact_id()`;
        await tx`INSERT INTO cairn_team_records ${tx(row("slow-first"))}`;
        inserted();
        await held;
      });
      await started;
      await fast`INSERT INTO cairn_team_records ${fast(row("fast-second"))}`;
      const during = await syncOnce(sd, d.round(pg.url(), "slow/push"));
      expect(during).toMatchObject({ ok: true, pulled: 0 }); // the fast row waits behind the open one
      commit();
      await slowTx;
      const after = await syncOnce(sd, d.round(pg.url(), "slow/push"));
      expect(after).toMatchObject({ ok: true, pulled: 2 });
      const ids = sd.db.prepare("SELECT id FROM team_records WHERE project = 'slow/push' ORDER BY id").all();
      expect(ids.map((r) => r.id)).toEqual(["fast-second", "slow-first"]);
    } finally {
      commit(); // also when an assertion failed, so the open transaction ends
      await slow.end();
      await fast.end();
    }
  });

  it("a pull in batches takes rows in number order: none twice, none skipped, past 9 → 10", async () => {
    const p = machine(root, "pat");
    const sp = await open(p);
    await syncOnce(sp, p.round(pg.url(), "batch/order")); // creates the schema if need be
    const sql = await connect(pg.url());
    try {
      // One transaction, 25 rows: their seq run across a power of ten (in text, "10" < "9").
      await sql.begin(async (tx) => {
        for (let i = 0; i < 25; i++)
          await tx`INSERT INTO cairn_team_records (id, project, kind, machine, machine_id, user_name, at, text)
                   VALUES (${`order-${i}`}, 'batch/order', 'decision', 'm', 'mid', 'u', ${String(Date.now())}::bigint, ${`row ${i}`})`;
      });
    } finally {
      await sql.end();
    }
    const { pull } = await import("../../../src/team/pull.ts");
    const pulled = await connect(pg.url());
    try {
      const r = await pull(sp, pulled, "batch/order", { batch: 10 });
      expect(r).toEqual({ pulled: 25, received: 25 });
    } finally {
      await pulled.end();
    }
    expect(
      sp.db.prepare("SELECT count(*) AS n FROM team_records WHERE project = 'batch/order'").get(),
    ).toEqual({
      n: 25,
    });
  });

  it("refuses a server schema newer than this cairn", async () => {
    pg.psql(
      `UPDATE cairn_team_meta SET value = '${PG_SCHEMA_VERSION + 1}' WHERE key = 'schema_version'`,
      "cairn_team",
    );
    try {
      const sql = await connect(pg.url());
      await expect(migrateServer(sql)).rejects.toThrow(/newer than this cairn knows.*upgrade cairn/);
      await sql.end();
    } finally {
      pg.psql(
        `UPDATE cairn_team_meta SET value = '${PG_SCHEMA_VERSION}' WHERE key = 'schema_version'`,
        "cairn_team",
      );
    }
  });
});
