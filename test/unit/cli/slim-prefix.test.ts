import { copyFileSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../../src/store/db.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";
import { seedSession } from "../window/seed.ts";

// `cairn slim` and `--undo` take the id prefix `cairn sessions` prints, and say exactly
// what they changed: nothing else moves (the session's record is not touched).

let h: ReturnType<typeof tempHome>;
let sessionId: string;
let transcript: string;
const cairn = (args: string[]) =>
  runCairn(args, { env: { ...h.env, CLAUDE_PROJECT_DIR: h.project }, cwd: h.project });
const db = () => join(h.home, ".cairn", "cairn.db");
const sessionRow = async () => {
  const store = await openStore(db());
  try {
    return store.db.prepare("SELECT * FROM sessions WHERE id = ?").get(sessionId);
  } finally {
    store.close();
  }
};

beforeAll(async () => {
  h = tempHome("cairn-slim-prefix-");
  ({ sessionId, transcript } = await seedSession(h.home, h.project, h.env));
  // Stopped a while ago: slim refuses a transcript written in the last minute.
  const old = new Date(Date.now() - 10 * 60_000);
  utimesSync(transcript, old, old);
});
afterAll(() => h.cleanup());

describe("cairn slim with the prefix cairn sessions prints", () => {
  it("slims, says what it changed, and undo puts it back and says what stays", async () => {
    const listed = await cairn(["sessions"]);
    expect(listed.code, listed.stderr).toBe(0);
    const prefix = listed.stdout.split("\n")[1]!.split(/\s+/)[0]!;
    expect(sessionId.startsWith(prefix) && prefix.length < sessionId.length).toBe(true);
    const before = readFileSync(transcript);
    const rowBefore = await sessionRow();

    const r = await cairn(["slim", prefix, "--min-chars", "2000", "--keep-recent", "0"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`slimmed session ${sessionId}`);
    expect(r.stdout).toMatch(new RegExp(`changed:\\n  transcript  ${transcript}: 2 tool results → excerpts`));
    expect(r.stdout).toMatch(/\n {2}backup {6}\S+\.jsonl \(the transcript as it was\)\n/);
    expect(r.stdout).toMatch(/\n {2}originals {3}2 stored in \S+cairn\.db: cairn show \d+ … \d+\n/);
    expect(r.stdout).toContain(`undo: cairn slim ${sessionId} --undo`);
    expect(readFileSync(transcript).equals(before)).toBe(false);
    // A session cairn knew keeps its record: slimming is not activity.
    expect(await sessionRow()).toEqual(rowBefore);

    const u = await cairn(["slim", prefix, "--undo"]);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stdout).toContain(`restored ${transcript} (session ${sessionId})`);
    expect(u.stdout).toMatch(/backup {6}\S+ removed/);
    expect(u.stdout).toMatch(/unchanged:\n {2}originals {3}the 2 output\(s\) slim stored stay in/);
    expect(readFileSync(transcript).equals(before)).toBe(true);
  });

  it("refuses a prefix that matches more than one session, naming them", async () => {
    const twin = `${sessionId.slice(0, 4)}ffff-0000-4000-8000-000000000000`;
    copyFileSync(transcript, join(transcript, "..", `${twin}.jsonl`));
    const r = await cairn(["slim", sessionId.slice(0, 4), "--dry-run"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("matches 2 sessions");
    expect(r.stderr).toContain(twin);
  });
});
