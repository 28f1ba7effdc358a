import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO, runCairn } from "../../helpers/cairn.ts";
import { type Sandbox, sandbox, withDb } from "../../reliability/lib.ts";

// `cairn gc` on a database an earlier cairn wrote (no incremental auto_vacuum yet).

const FIXTURES = join(REPO, "test/fixtures/databases");
/** The last schema before retention (v3 as 0.1.0 shipped it), with outputs and memory. */
const newest = "v3-704a844.db";

describe("cairn gc", () => {
  let s: Sandbox;
  const gc = (...args: string[]) => runCairn(["gc", ...args], { env: s.env, cwd: s.project });
  beforeEach(() => {
    s = sandbox();
    mkdirSync(s.cairnHome, { recursive: true });
    copyFileSync(join(FIXTURES, newest), join(s.cairnHome, "cairn.db"));
    // The fixture was recorded recently: age its sessions by ten days.
    const db = new DatabaseSync(join(s.cairnHome, "cairn.db"));
    const tenDays = 10 * 24 * 3600_000;
    db.prepare("UPDATE sessions SET last_seen_at = last_seen_at - ?").run(tenDays);
    db.prepare("UPDATE mem_sessions SET updated_at = updated_at - ?").run(tenDays);
    db.close();
  });
  afterEach(() => s.cleanup());

  it("--dry-run --json reports and changes nothing", async () => {
    const count = () =>
      withDb(join(s.cairnHome, "cairn.db"), (db) => db.prepare("SELECT count(*) AS n FROM outputs").get());
    await gc("--max-mb", "16"); // migrate first, so the counts compare like with like
    const before = count();
    const r = await gc("--dry-run", "--json", "--days", "5");
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.dryRun).toBe(true);
    expect(report.sessionsRemoved).toBeGreaterThan(0); // aged past the five days
    expect(count()).toEqual(before);
  });

  it("removes what is past the policy, and --vacuum switches an old file to handing space back", async () => {
    const r = await gc("--days", "5", "--vacuum", "--json");
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.sessionsRemoved).toBeGreaterThan(0);
    expect(report.before.incremental).toBe(false);
    expect(report.vacuumedFileBytes).toBeLessThan(report.before.fileBytes);
    withDb(join(s.cairnHome, "cairn.db"), (db) => {
      expect(db.prepare("PRAGMA auto_vacuum").get()).toEqual({ auto_vacuum: 2 });
      expect(db.prepare("SELECT count(*) AS n FROM outputs").get()).toEqual({ n: 0 });
    });
    const doctor = await runCairn(["doctor", "--json"], { env: s.env, cwd: s.project });
    const retention = JSON.parse(doctor.stdout).checks?.find?.(
      (c: { name: string }) => c.name === "retention",
    );
    if (retention) expect(retention.status).toBe("ok");
  });

  it("zeroes what it removes: the removed originals' text is gone from the file's bytes", async () => {
    const path = join(s.cairnHome, "cairn.db");
    const slices = withDb(path, (db) =>
      (db.prepare("SELECT original FROM outputs").all() as { original: Uint8Array }[]).map((r) => {
        const text = Buffer.from(r.original).toString("latin1");
        return text.slice(Math.floor(text.length / 2), Math.floor(text.length / 2) + 64);
      }),
    );
    expect(slices.length).toBeGreaterThan(0);
    const bytes = () => readFileSync(path).toString("latin1");
    for (const x of slices) expect(bytes().includes(x)).toBe(true);
    const r = await gc("--days", "5");
    expect(r.code, r.stderr).toBe(0);
    for (const x of slices) expect(bytes().includes(x)).toBe(false);
  });

  it("rejects bad values with the usage", async () => {
    const r = await gc("--max-mb", "lots");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-mb expects a whole number/);
  });
});
