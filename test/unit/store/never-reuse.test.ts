// Migration 6 on a database an earlier cairn left after its ids were reused: the
// numbering goes on above every id ever announced, the originals' index is rebuilt
// from the rows, and retention runs on it without "database disk image is malformed".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { collectGarbage } from "../../../src/retention/gc.ts";
import { openStore } from "../../../src/store/db.ts";
import { MIGRATIONS } from "../../../src/store/migrations.ts";
import { highestId } from "../../../src/store/never-reuse.ts";
import { insertOutput } from "../../../src/store/outputs.ts";
import { indexOutputs } from "../../../src/store/outputs-index.ts";
import { runCairn } from "../../helpers/cairn.ts";
import { realOutputs } from "../../reliability/drivers/corpus.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cairn-ids-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const texts = realOutputs(500, 20_000).slice(0, 12);

/** A schema-5 database as the previous cairn left it after retention emptied `outputs`. */
function reusedV5(path: string): void {
  const db = new DatabaseSync(path);
  for (const m of MIGRATIONS.slice(0, 5)) typeof m === "string" ? db.exec(m) : m(db);
  db.exec("PRAGMA user_version = 5");
  const ins = db.prepare(
    "INSERT INTO outputs (session_id, tool_name, original, original_bytes, original_lines, created_at) VALUES ('s', 'Bash', ?, ?, 1, 1)",
  );
  // Ten originals, indexed, the watermark at 10 ...
  for (const t of texts.slice(0, 10)) ins.run(Buffer.from(t), t.length);
  const fts = db.prepare("INSERT INTO mem_outputs_fts (rowid, original) VALUES (?, ?)");
  for (let i = 0; i < 10; i++) fts.run(i + 1, texts[i]!);
  db.prepare(
    "INSERT INTO kv (scope, key, value, updated_at) VALUES ('memory', 'outputs_indexed', '10', 1)",
  ).run();
  // ... retention removes them all (out of the index first, as it did) ...
  const del = db.prepare(
    "INSERT INTO mem_outputs_fts (mem_outputs_fts, rowid, original) VALUES ('delete', ?, ?)",
  );
  for (let i = 0; i < 10; i++) del.run(i + 1, texts[i]!);
  db.exec("DELETE FROM outputs");
  // ... and the next two outputs get ids 1 and 2 again, never indexed (under the watermark).
  for (const t of texts.slice(10, 12)) ins.run(Buffer.from(t), t.length);
  expect(db.prepare("SELECT max(id) AS n FROM outputs").get()).toEqual({ n: 2 });
  db.close();
}

it("numbers new outputs above every id ever announced, and makes the index whole again", async () => {
  const path = join(dir, "cairn.db");
  reusedV5(path);
  const store = await openStore(path);
  try {
    expect(highestId(store.db, "outputs")).toBe(10);
    const id = store.tx(() =>
      insertOutput(store, {
        sessionId: "s",
        toolName: "Bash",
        label: "x",
        original: Buffer.from(texts[0]!),
        originalLines: 1,
        redactions: 0,
        at: 2,
      }),
    );
    expect(id).toBe(11);
    // Deleting the newest rows does not bring their ids back.
    store.db.exec("DELETE FROM outputs WHERE id = 11");
    const next = store.tx(() =>
      insertOutput(store, {
        sessionId: "s",
        toolName: "Bash",
        label: "x",
        original: Buffer.from(texts[1]!),
        originalLines: 1,
        redactions: 0,
        at: 2,
      }),
    );
    expect(next).toBe(12);
    // `cairn show` of an id whose record went says so, and never shows another output.
    const gone = await runCairn(["show", "11"], { env: { CAIRN_HOME: dir, HOME: dir } });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/#11 was removed by the retention policy/);
    const never = await runCairn(["show", "13"], { env: { CAIRN_HOME: dir, HOME: dir } });
    expect(never.stderr).toMatch(/no stored output #13/);
    // Rows 1, 2 and 12 were never indexed: the index takes them now.
    expect(indexOutputs(store, 3)).toBe(3);
    expect(indexOutputs(store, 3)).toBe(0);
    const word = texts[11]!.match(/\b[A-Za-z]{6,}\b/)![0];
    const hits = store.db
      .prepare("SELECT rowid AS id FROM mem_outputs_fts WHERE mem_outputs_fts MATCH ?")
      .all(`"${word}"`) as { id: number }[];
    expect(hits.map((h) => h.id)).toContain(2);
    // Retention on it: prunes everything without a malformed index.
    const r = collectGarbage(store, cairnPaths(dir), { days: 30, maxBytes: 1 }, { now: Date.now() });
    expect(r.originalsPruned).toBe(3);
    store.db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('integrity-check')");
    expect(store.db.prepare("SELECT count(*) AS n FROM mem_outputs_fts_docsize").get()).toEqual({ n: 0 });
  } finally {
    store.close();
  }
});

it("an index out of step with its rows does not keep retention failing: gc rebuilds it and runs", async () => {
  const path = join(dir, "cairn.db");
  const store = await openStore(path);
  try {
    for (const t of texts.slice(0, 4))
      store.tx(() =>
        insertOutput(store, {
          sessionId: "s",
          toolName: "Bash",
          label: "x",
          original: Buffer.from(t),
          originalLines: 1,
          redactions: 0,
          at: 1,
        }),
      );
    indexOutputs(store, 1);
    // Row 1's text changed behind the index's back (what id reuse did).
    store.db.prepare("UPDATE outputs SET original = ? WHERE id = 1").run(Buffer.from(texts[9]!));
    const r = collectGarbage(store, cairnPaths(dir), { days: 30, maxBytes: 1 }, { now: Date.now() });
    expect(r.originalsPruned).toBe(4);
    store.db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('integrity-check')");
    expect(store.db.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
  } finally {
    store.close();
  }
});
