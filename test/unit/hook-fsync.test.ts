import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAIRN, runCairn, tempHome } from "../helpers/cairn.ts";
import { filingInput } from "../helpers/filing-input.ts";

/**
 * An fsync costs a hook a millisecond or two, tens on a busy disk. Filing an output
 * must not fsync cairn's own files: the database's durability is SQLite's (WAL with
 * synchronous=NORMAL), and the files a hook rewrites each time (the statusline's
 * session summary) are derived from the database.
 */
const strace = spawnSync("strace", ["-V"]).status === 0;

let t: ReturnType<typeof tempHome>;
beforeEach(() => {
  t = tempHome();
  mkdirSync(t.project, { recursive: true });
});
afterEach(() => t.cleanup());

describe.skipIf(!strace)("filing an output does not fsync cairn's own files", () => {
  it("the second filing of a session syncs nothing but SQLite's database files", async () => {
    const env = { ...process.env, ...t.env, CLAUDE_PROJECT_DIR: t.project, CAIRN_TEAM_URL: "" };
    // The first call of a session creates the database and the config cache.
    const first = await runCairn(["hook", "PostToolUse"], {
      input: filingInput(t.home, t.project, "toolu_fsync_1"),
      cwd: t.project,
      env,
    });
    expect(first.code).toBe(0);

    const log = join(t.home, "strace.txt");
    const r = spawnSync(
      "strace",
      [
        ...["-f", "-qq", "-y", "-e", "trace=fsync,fdatasync,sync_file_range", "-o", log],
        ...[process.execPath, CAIRN, "hook", "PostToolUse"],
      ],
      { input: filingInput(t.home, t.project, "toolu_fsync_2", 1), cwd: t.project, env, encoding: "utf8" },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("[cairn #2 ·");
    const syncs = readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => /\b(fsync|fdatasync|sync_file_range)\(/.test(l));
    // SQLite's own: the database, its WAL and shm, and the directory that holds them.
    const dbDir = join(t.home, ".cairn");
    const sqlite = (l: string) => /\/cairn\.db(-wal|-shm)?>/.test(l) || l.includes(`<${dbDir}>`);
    expect(syncs.filter((l) => !sqlite(l))).toEqual([]);
  });
});
