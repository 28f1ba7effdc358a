// Upgrades: every database that an earlier cairn wrote, kept as a fixture in
// test/fixtures/databases (see its README for how each was made from its commit), is
// opened by the current code. It must reach the current schema version with exactly the
// schema a fresh database gets, keep every row, and still answer the user-visible reads
// on the old data. A database from a newer cairn is refused and left as it was.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, schemaVersion } from "../../../src/store/db.ts";
import { SCHEMA_VERSION } from "../../../src/store/migrations.ts";
import { CAIRN, REPO, runCairn } from "../../helpers/cairn.ts";

const FIXTURES = join(REPO, "test", "fixtures", "databases");
const DATABASES = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".db"))
  .sort();

type Row = Record<string, unknown>;

function all(db: DatabaseSync, sql: string): Row[] {
  return db.prepare(sql).all() as Row[];
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The ordinary tables (not virtual tables, nor FTS5's shadow tables, nor SQLite's own). */
function ordinaryTables(db: DatabaseSync): string[] {
  return all(db, "PRAGMA main.table_list")
    .filter((t) => t.type === "table" && !String(t.name).startsWith("sqlite_"))
    .map((t) => String(t.name))
    .sort();
}

interface Snapshot {
  readonly userVersion: number;
  readonly counts: Record<string, number>;
  readonly sessions: { id: string; project_dir: string | null }[];
  readonly outputs: { id: number; original: Buffer }[];
  /** A word of the old conversation that full-text search must find, when there is one. */
  readonly memoryWord: string | undefined;
}

function snapshot(path: string): Snapshot {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const tables = ordinaryTables(db);
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = Number(all(db, `SELECT count(*) AS n FROM ${quote(t)}`)[0]!.n);
    const sessions = all(db, "SELECT id, project_dir FROM sessions ORDER BY id") as Snapshot["sessions"];
    const outputs = tables.includes("outputs")
      ? all(db, "SELECT id, original FROM outputs ORDER BY id").map((r) => ({
          id: Number(r.id),
          original: Buffer.from(r.original as Uint8Array),
        }))
      : [];
    let memoryWord: string | undefined;
    if (tables.includes("mem_items")) {
      const texts = all(db, "SELECT text FROM mem_items WHERE layer = 2 ORDER BY id").map((r) =>
        String(r.text),
      );
      memoryWord = texts.join(" ").match(/\b[A-Za-z][A-Za-z0-9]{3,}\b/)?.[0];
    }
    return { userVersion: schemaVersion(db), counts, sessions, outputs, memoryWord };
  } finally {
    db.close();
  }
}

/**
 * The schema as a comparable list: every table's columns (by name, so a column a later
 * migration appends compares equal to one a fresh CREATE TABLE declares), every index
 * with its columns, every virtual table, view and trigger by its definition.
 */
function schemaShape(path: string): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const shape: string[] = [];
    for (const t of ordinaryTables(db)) {
      for (const c of all(db, `PRAGMA main.table_xinfo(${quote(t)})`)) {
        shape.push(
          `column ${t}.${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk} hidden=${c.hidden}`,
        );
      }
      for (const i of all(db, `PRAGMA main.index_list(${quote(t)})`)) {
        const cols = all(db, `PRAGMA main.index_info(${quote(String(i.name))})`)
          .map((c) => c.name)
          .join(",");
        const name = String(i.name).startsWith("sqlite_autoindex_") ? "(auto)" : i.name;
        shape.push(`index ${t}.${name} (${cols}) unique=${i.unique} origin=${i.origin} partial=${i.partial}`);
      }
    }
    for (const r of all(
      db,
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND (type IN ('view', 'trigger') OR sql LIKE 'CREATE VIRTUAL TABLE%')",
    )) {
      shape.push(`${r.type} ${r.name}: ${String(r.sql).replace(/\s+/g, " ").trim()}`);
    }
    return shape.sort();
  } finally {
    db.close();
  }
}

function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

let root: string;
let freshShape: string[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "cairn-upgrade-"));
  const fresh = join(root, "fresh", "cairn.db");
  (await openStore(fresh)).close();
  freshShape = schemaShape(fresh);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("keeps fixtures from every schema that shipped, each documented in the folder's README", () => {
  // v1 (9ca207f), the first v3 whose migrations 2 and 3 were still empty (d981fe7), and
  // the v3 that shipped with the ledger and memory tables (704a844).
  expect(DATABASES.length).toBeGreaterThanOrEqual(3);
  const readme = readFileSync(join(FIXTURES, "README.md"), "utf8");
  for (const f of DATABASES) expect(readme, `${f} is described in README.md`).toContain(f);
});

describe.each(DATABASES)("%s", (fixture) => {
  let dir: string;
  let project: string;
  let before: Snapshot;
  let env: NodeJS.ProcessEnv;

  /** A pristine copy of the fixture as cairn.db in a folder of its own; returns the folder. */
  function copy(name: string): string {
    const to = join(dir, name);
    mkdirSync(to, { recursive: true });
    copyFileSync(join(FIXTURES, fixture), join(to, "cairn.db"));
    return to;
  }

  function cliEnv(cairnHome: string): NodeJS.ProcessEnv {
    return { ...env, CAIRN_HOME: cairnHome };
  }

  /** Every ordinary table the old database had still has all its rows, and it is sound. */
  function expectIntact(path: string): void {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      expect(all(db, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
      expect(all(db, "PRAGMA foreign_key_check")).toEqual([]);
      const tables = ordinaryTables(db);
      for (const [t, n] of Object.entries(before.counts)) {
        expect(tables, `table ${t} survives`).toContain(t);
        expect(Number(all(db, `SELECT count(*) AS n FROM ${quote(t)}`)[0]!.n), `rows of ${t}`).toBe(n);
      }
      for (const o of before.outputs) {
        const row = db.prepare("SELECT original FROM outputs WHERE id = ?").get(o.id) as Row | undefined;
        expect(Buffer.from(row!.original as Uint8Array).equals(o.original), `original #${o.id}`).toBe(true);
      }
    } finally {
      db.close();
    }
  }

  beforeAll(() => {
    dir = mkdtempSync(join(root, `${fixture}-`));
    project = join(dir, "project");
    mkdirSync(project, { recursive: true });
    env = {
      HOME: join(dir, "home"),
      CAIRN_HOME: "",
      CLAUDE_PROJECT_DIR: project,
      CLAUDE_CODE_SESSION_ID: "",
    };
    before = snapshot(join(copy("before"), "cairn.db"));
  });

  it("is an earlier version's database, with a session in it", () => {
    expect(before.userVersion).toBeGreaterThan(0);
    expect(before.userVersion).toBeLessThanOrEqual(SCHEMA_VERSION);
    expect(before.sessions.length).toBeGreaterThan(0);
  });

  it("opens with the current code at the current schema version, every row kept", async () => {
    const path = join(copy("open"), "cairn.db");
    const store = await openStore(path);
    try {
      expect(schemaVersion(store.db)).toBe(SCHEMA_VERSION);
    } finally {
      store.close();
    }
    expectIntact(path);
  });

  it("ends with exactly the schema a fresh database gets", async () => {
    const path = join(copy("shape"), "cairn.db");
    (await openStore(path)).close();
    expect(schemaShape(path)).toEqual(freshShape);
  });

  it("answers sessions, report, status, show, search and detail on the old data (built CLI)", async () => {
    const home = copy("cli");
    const run = (...args: string[]) => runCairn(args, { env: cliEnv(home), cwd: project });

    const sessions = await run("sessions", "--json", "--limit", "1000");
    expect(sessions.stderr).toBe("");
    expect(sessions.code).toBe(0);
    const listed = (JSON.parse(sessions.stdout) as { id: string }[]).map((s) => s.id);
    for (const s of before.sessions) {
      expect(listed).toContain(s.id);
      for (const command of ["report", "status"]) {
        const r = await run(command, "--session", s.id);
        expect(r.stderr, `cairn ${command}`).toBe("");
        expect(r.code, `cairn ${command}`).toBe(0);
        expect(r.stdout, `cairn ${command}`).toContain(s.id);
      }
      const report = await run("report", "--session", s.id, "--json");
      expect(report.code).toBe(0);
      expect(JSON.stringify(JSON.parse(report.stdout))).toContain(s.id);
    }

    // The fixtures' sessions ran in other projects than this one.
    const list = await run("show", "--json", "--limit", "1000", "--all-projects");
    expect(list.stderr).toBe("");
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as unknown[]).length).toBe(before.outputs.length);
    for (const o of before.outputs) {
      // Byte for byte: the raw stdout, not a decoded string.
      const shown = spawnSync(process.execPath, [CAIRN, "show", String(o.id), "--all-projects"], {
        env: { ...process.env, NO_COLOR: "1", ...cliEnv(home) },
        cwd: project,
      });
      expect(shown.stderr.toString()).toBe("");
      expect(shown.status).toBe(0);
      expect(shown.stdout.equals(o.original), `cairn show ${o.id} is the original`).toBe(true);
      const info = await run("show", String(o.id), "--info", "--all-projects");
      expect(info.code).toBe(0);

      // Full-text search finds the old original (by a word of its own).
      const word = o.original.toString("utf8").match(/\b[A-Za-z0-9]{4,}\b/)?.[0];
      if (word) {
        const found = await run("search", "--all", "--json", "--limit", "100", word);
        expect(found.stderr).toBe("");
        expect(found.code, `cairn search ${word}`).toBe(0);
        const hits = (JSON.parse(found.stdout) as { hits: { source: string; id: number }[] }).hits;
        expect(
          hits.some((h) => h.source === "output" && h.id === o.id),
          `search ${word} finds #${o.id}`,
        ).toBe(true);
      }
    }

    // The old conversation is searchable and its turns can be read back.
    if (before.memoryWord) {
      const found = await run("search", "--all", "--json", before.memoryWord);
      expect(found.stderr).toBe("");
      expect(found.code).toBe(0);
      const owner = before.sessions[0]!.id;
      const detail = await run("detail", "turn", "1", "--session", owner);
      expect(detail.stderr).toBe("");
      expect(detail.code).toBe(0);
      expect(detail.stdout).toContain(before.memoryWord);
    } else {
      // Nothing to find, but searching must work: no hit is not an error.
      const r = await run("search", "--all", "--json", "cairn");
      expect(r.stderr).toBe("");
      expect([0, 1]).toContain(r.code);
      expect(JSON.parse(r.stdout)).toHaveProperty("hits");
    }
    expectIntact(join(home, "cairn.db"));
  });

  it("migrates once when four processes open it at the same moment", async () => {
    const home = copy("race");
    // Hold the write lock while the four start, so that they all read the old version
    // and queue for the lock together; released well within their 1 s busy timeout.
    const lock = new DatabaseSync(join(home, "cairn.db"));
    lock.exec("BEGIN IMMEDIATE");
    const pending = Promise.all(
      // Unbounded: the point is four at once, not one per core.
      [0, 1, 2, 3].map(() =>
        runCairn(["show", "--json"], { env: cliEnv(home), cwd: project, unbounded: true }),
      ),
    );
    await new Promise((r) => setTimeout(r, 400));
    lock.exec("COMMIT");
    lock.close();
    const runs = await pending;
    for (const r of runs) {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
    }
    const db = new DatabaseSync(join(home, "cairn.db"), { readOnly: true });
    try {
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    } finally {
      db.close();
    }
    expectIntact(join(home, "cairn.db"));
    expect(schemaShape(join(home, "cairn.db"))).toEqual(freshShape);
  });

  it("is refused, and left as it was, when it comes from a newer cairn", async () => {
    const home = copy("newer");
    const path = join(home, "cairn.db");
    const newer = SCHEMA_VERSION + 1;
    const w = new DatabaseSync(path);
    w.exec(`PRAGMA user_version = ${newer}`);
    w.close();
    const hash = sha256(path);

    await expect(openStore(path)).rejects.toThrow(
      `database schema ${newer} is newer than this cairn (${SCHEMA_VERSION}); upgrade cairn`,
    );

    const shown = await runCairn(["show"], { env: cliEnv(home), cwd: project });
    expect(shown.code).not.toBe(0);
    expect(shown.stderr).toContain(`database schema ${newer} is newer than this cairn`);
    expect(shown.stderr).toContain("upgrade cairn");

    // A hook fails open: a valid (empty) answer, exit 0, and Claude Code goes on.
    const [start] = readFileSync(
      join(REPO, "test", "fixtures", "claude-code-captures", "hook-inputs-basic-session.jsonl"),
      "utf8",
    ).split("\n");
    const event = { ...JSON.parse(start!), cwd: project, transcript_path: join(dir, "newer.jsonl") };
    const hook = await runCairn(["hook", "SessionStart"], {
      env: cliEnv(home),
      cwd: project,
      input: JSON.stringify(event),
    });
    expect(hook.code).toBe(0);
    expect(() => JSON.parse(hook.stdout)).not.toThrow();

    const db = new DatabaseSync(path, { readOnly: true });
    try {
      expect(schemaVersion(db)).toBe(newer);
    } finally {
      db.close();
    }
    expectIntact(path);
    expect(sha256(path)).toBe(hash);
  });
});
