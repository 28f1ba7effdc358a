import { existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { collectGarbage } from "../../../src/retention/gc.ts";
import { lastRun } from "../../../src/retention/last-run.ts";
import { storeSize } from "../../../src/retention/size.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { CAIRN } from "../../helpers/cairn.ts";
import { realOutputs, transcriptLines, transcriptRound } from "../../reliability/drivers/corpus.ts";
import { bashResponse, type Hook, inProcessHook } from "../../reliability/drivers/in-process-hook.ts";
import { type Sandbox, sandbox } from "../../reliability/lib.ts";

// Retention on a database filled by the real hooks: two sessions, one 40 days old.

const DAY = 24 * 3600_000;
const NOW = Date.parse("2026-11-22T12:00:00Z");
const OLD = "c0ffee00-0000-4000-8000-0000000000a1";
const NEW = "c0ffee00-0000-4000-8000-0000000000b2";
const large = realOutputs(6_000, 60_000);

/** Tables with a session column, and that column. */
const PER_SESSION: [string, string][] = [
  ["sessions", "id"],
  ["events", "session_id"],
  ["outputs", "session_id"],
  ["injections", "session_id"],
  ["ledger_files", "session_id"],
  ["ledger_responses", "session_id"],
  ["ledger_tools", "session_id"],
  ["mem_items", "session_id"],
  ["mem_sessions", "session_id"],
  ["mem_sources", "session_id"],
];

describe("retention", () => {
  let s: Sandbox;
  let hook: Hook;
  let store: Store;

  async function session(id: string, at: number, outputs: number) {
    const transcript = join(s.root, `${id}.jsonl`);
    writeFileSync(transcript, transcriptRound(transcriptLines(), id, at));
    const base = { session_id: id, transcript_path: transcript, cwd: s.project, permission_mode: "default" };
    // The anchor injects the notebook's goal: an injections row for the session.
    expect(
      (await hook("UserPromptSubmit", { ...base, hook_event_name: "UserPromptSubmit", prompt: "go on" }, at))
        .outcome,
    ).toBe("ok");
    for (let i = 0; i < outputs; i++) {
      const r = await hook(
        "PostToolUse",
        {
          ...base,
          hook_event_name: "PostToolUse",
          tool_name: "Bash",
          tool_input: { command: `./t ${i}` },
          tool_response: bashResponse(large[i % large.length]!),
          tool_use_id: `toolu_${id.slice(-2)}_${i}`,
        },
        at + i,
      );
      expect(r.outcome).toBe("ok");
    }
    expect((await hook("Stop", { ...base, hook_event_name: "Stop" }, at + outputs)).outcome).toBe("ok");
  }

  const rowsOf = (id: string) =>
    Object.fromEntries(
      PER_SESSION.map(([t, c]) => [
        t,
        (store.db.prepare(`SELECT count(*) AS n FROM ${t} WHERE ${c} = ?`).get(id) as { n: number }).n,
      ]),
    );
  const ftsIntact = () => {
    // FTS5's own checks: memory's index against every row; the originals' index on its
    // own structure (it holds only the rows indexed so far and not pruned, so it is
    // compared with those below, word by word).
    store.db.exec("INSERT INTO mem_fts (mem_fts, rank) VALUES ('integrity-check', 1)");
    store.db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('integrity-check')");
    // The index says which rows it holds (one docsize row per entry): never a pruned one.
    const inIndex = new Set(
      (store.db.prepare("SELECT id FROM mem_outputs_fts_docsize").all() as { id: number }[]).map((r) => r.id),
    );
    const rows = store.db.prepare("SELECT id, original, pruned_at FROM outputs").all() as {
      id: number;
      original: Uint8Array;
      pruned_at: number | null;
    }[];
    const unpruned = new Set(rows.filter((r) => r.pruned_at === null).map((r) => r.id));
    for (const id of inIndex) expect(unpruned.has(id), `indexed #${id} is a kept original`).toBe(true);
    const words = (b: Uint8Array) =>
      new Set(
        Buffer.from(b)
          .toString("utf8")
          .toLowerCase()
          .split(/[^a-z0-9]+/),
      );
    const indexed = rows
      .filter((r) => inIndex.has(r.id) && r.pruned_at === null)
      .map((r) => ({ id: r.id, words: words(r.original) }));
    // Probe words from the texts the hooks filed (a pruned row's original is empty, and the
    // size cap may leave one original: the probe must still name words of the pruned ones).
    const fromRows = [
      ...new Set(
        large.flatMap((t) => [...words(Buffer.from(t))].filter((w) => /^[a-z]{7,}$/.test(w)).slice(0, 3)),
      ),
    ];
    if (indexed.length > 0) expect(fromRows.length).toBeGreaterThan(5);
    // Words the corpus outputs hold, so an index that kept pruned rows is caught too.
    const probe = [...new Set([...fromRows, "failed", "expected", "function", "warning", "modules"])];
    for (const w of probe) {
      const hits = (
        store.db
          .prepare("SELECT rowid AS id FROM mem_outputs_fts WHERE mem_outputs_fts MATCH ?")
          .all(`"${w}"`) as { id: number }[]
      )
        .map((h) => h.id)
        .sort((a, b) => a - b);
      expect(hits, w).toEqual(indexed.filter((r) => r.words.has(w)).map((r) => r.id));
    }
  };

  beforeEach(async () => {
    s = sandbox();
    mkdirSync(s.cairnHome, { recursive: true });
    mkdirSync(join(s.project, ".cairn"), { recursive: true });
    writeFileSync(
      join(s.project, ".cairn", "STATE.md"),
      "# STATE\n\n## Goal\nShip the parser.\n\n## Now\nTests.\n",
    );
    // Automatic retention off while filling: this test drives it by hand.
    writeFileSync(join(s.cairnHome, "config.yaml"), "retention:\n  auto: false\n");
    hook = await inProcessHook(s.cairnHome, s.project, CAIRN);
    await session(OLD, NOW - 40 * DAY, 4);
    await session(NEW, NOW - 3600_000, 16);
    store = await openStore(join(s.cairnHome, "cairn.db"));
  });
  afterEach(() => {
    store?.close();
    s.cleanup();
  });

  it("removes a session past retention.days from every table and index, and nothing of the others", () => {
    const before = rowsOf(NEW);
    for (const n of Object.values(rowsOf(OLD))) expect(n).toBeGreaterThan(0);
    const r = collectGarbage(store, cairnPaths(s.cairnHome), { days: 30, maxBytes: 1e12 }, { now: NOW });
    expect(r.sessionsRemoved).toBe(1);
    expect(r.done).toBe(true);
    for (const n of Object.values(rowsOf(OLD))) expect(n).toBe(0);
    expect(rowsOf(NEW)).toEqual(before);
    ftsIntact();
    // Search no longer finds the old session's originals.
    const hits = store.db
      .prepare(
        "SELECT count(*) AS n FROM mem_outputs_fts JOIN outputs o ON o.id = mem_outputs_fts.rowid WHERE o.session_id = ?",
      )
      .get(OLD) as { n: number };
    expect(hits.n).toBe(0);
  });

  it("a dry run changes nothing and predicts the real run", () => {
    const paths = cairnPaths(s.cairnHome);
    const dry = collectGarbage(store, paths, { days: 30, maxBytes: 1e12 }, { now: NOW, dryRun: true });
    expect(rowsOf(OLD).outputs).toBe(4);
    const real = collectGarbage(store, paths, { days: 30, maxBytes: 1e12 }, { now: NOW });
    expect(dry.sessionsRemoved).toBe(real.sessionsRemoved);
  });

  it("over the cap, a dry run reports exactly what the real run then does, and changes nothing", () => {
    const paths = cairnPaths(s.cairnHome);
    collectGarbage(store, paths, { days: 30, maxBytes: 1e12 }, { now: NOW });
    const used = storeSize(store.db).usedBytes;
    const policy = { days: 30, maxBytes: used - 4096 };
    const dry = collectGarbage(store, paths, policy, { now: NOW, dryRun: true });
    expect(store.db.prepare("SELECT count(*) AS n FROM outputs WHERE pruned_at IS NOT NULL").get()).toEqual({
      n: 0,
    });
    expect(storeSize(store.db).usedBytes).toBe(used);
    const real = collectGarbage(store, paths, policy, { now: NOW });
    expect(dry.originalsPruned).toBeGreaterThan(0);
    expect(dry.after.usedBytes).toBeLessThan(dry.before.usedBytes);
    const figures = (r: typeof dry) => ({
      sessions: r.sessionsRemoved,
      pruned: r.originalsPruned,
      bytes: r.originalBytesPruned,
      details: r.detailsDropped,
      before: r.before.usedBytes,
      after: r.after.usedBytes,
    });
    expect(figures(dry)).toEqual(figures(real));
    ftsIntact();
  });

  it("over the size cap, prunes the oldest originals first, keeps their rows, and keeps the indexes consistent", () => {
    const paths = cairnPaths(s.cairnHome);
    collectGarbage(store, paths, { days: 30, maxBytes: 1e12 }, { now: NOW }); // the old session goes by age
    const used = storeSize(store.db).usedBytes;
    const shownCopies = () =>
      new Set(
        (
          store.db
            .prepare(
              "SELECT output_id AS id FROM call_figures WHERE shown IS NOT NULL AND output_id IS NOT NULL",
            )
            .all() as { id: number }[]
        ).map((f) => f.id),
      );
    const shownBefore = shownCopies();
    // The one session left is the most recent: pruned, never removed whole.
    // Just over the cap: getting to LOW_WATER (80%) takes some of the originals, not all.
    const r = collectGarbage(store, paths, { days: 30, maxBytes: used - 4096 }, { now: NOW });
    expect(r.originalsPruned).toBeGreaterThan(0);
    expect(r.after.usedBytes).toBeLessThan(r.before.usedBytes);
    const rows = store.db
      .prepare("SELECT id, length(original) AS len, pruned_at FROM outputs ORDER BY id")
      .all() as {
      id: number;
      len: number;
      pruned_at: number | null;
    }[];
    expect(rows).toHaveLength(16);
    expect(rows.some((x) => x.pruned_at === null)).toBe(true);
    const firstKept = rows.findIndex((x) => x.pruned_at === null);
    for (const [i, x] of rows.entries()) {
      expect(x.pruned_at !== null).toBe(firstKept === -1 || i < firstKept);
      if (x.pruned_at !== null) expect(x.len).toBe(0);
    }
    // What the model was shown of a pruned output goes with it; the figures stay.
    const prunedIds = rows.filter((x) => x.pruned_at !== null).map((x) => x.id);
    expect(prunedIds.filter((id) => shownBefore.has(id)).length).toBeGreaterThan(0);
    const after = shownCopies();
    for (const id of prunedIds) expect(after.has(id), `#${id}'s shown copy`).toBe(false);
    for (const id of shownBefore) if (!prunedIds.includes(id)) expect(after.has(id)).toBe(true);
    // So the cap is reached by pruning a share of the originals, not all but one.
    expect(rows.filter((x) => x.pruned_at === null).length).toBeGreaterThan(1);
    ftsIntact();
    // A fresh database hands the space back to the file system.
    expect(r.after.incremental).toBe(true);
    expect(r.after.fileBytes).toBeLessThan(r.before.fileBytes);
  });

  it("when the session in use alone is over the cap, removes its oldest details and keeps memory's index exact", () => {
    const paths = cairnPaths(s.cairnHome);
    collectGarbage(store, paths, { days: 30, maxBytes: 1e12 }, { now: NOW });
    const { usedBytes } = storeSize(store.db);
    const layers = new Map(
      (
        store.db.prepare("SELECT layer, count(*) AS n FROM mem_items GROUP BY layer").all() as {
          layer: number;
          n: number;
        }[]
      ).map((l) => [l.layer, l.n]),
    );
    // Far below what pruning every original frees: details have to go too.
    const r = collectGarbage(store, paths, { days: 30, maxBytes: Math.floor(usedBytes / 3) }, { now: NOW });
    expect(r.originalsPruned).toBe(16);
    expect(r.detailsDropped).toBeGreaterThan(0);
    expect(r.after.usedBytes).toBeLessThan(usedBytes / 2);
    expect(rowsOf(NEW).sessions).toBe(1); // never removed whole
    const after = store.db
      .prepare("SELECT layer, count(*) AS n FROM mem_items GROUP BY layer ORDER BY layer")
      .all() as { layer: number; n: number }[];
    for (const l of after) if (l.layer !== 3) expect(l.n, `layer ${l.layer}`).toBe(layers.get(l.layer));
    expect(after.find((l) => l.layer === 3)?.n ?? 0).toBeLessThan(layers.get(3)!);
    ftsIntact();
  });

  it("sweeps aged files and abandoned temp files, never through a symlink", () => {
    const paths = cairnPaths(s.cairnHome);
    const snap = join(paths.snapshots, "proj-1234", "old.md");
    const fresh = join(paths.snapshots, "proj-1234", "fresh.md");
    mkdirSync(join(paths.snapshots, "proj-1234"), { recursive: true });
    writeFileSync(snap, "old");
    writeFileSync(fresh, "fresh");
    const longAgo = new Date(NOW - 90 * DAY);
    utimesSync(snap, longAgo, longAgo);
    const outside = join(s.root, "outside.txt");
    writeFileSync(outside, "not cairn's");
    utimesSync(outside, longAgo, longAgo);
    mkdirSync(paths.sessions, { recursive: true });
    symlinkSync(s.root, join(paths.sessions, "escape"));
    const r = collectGarbage(store, paths, { days: 30, maxBytes: 1e12 }, { now: NOW });
    expect(r.files.files).toBeGreaterThanOrEqual(1);
    expect(existsSync(snap)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(readFileSync(outside, "utf8")).toBe("not cairn's");
  });

  it("runs by itself at a turn's end when due, and not again until retention.every_min passes", async () => {
    writeFileSync(join(s.cairnHome, "config.yaml"), "retention:\n  auto: true\n  every_min: 60\n");
    hook = await inProcessHook(s.cairnHome, s.project, CAIRN);
    const stop = (at: number) =>
      hook(
        "Stop",
        {
          session_id: NEW,
          transcript_path: join(s.root, `${NEW}.jsonl`),
          cwd: s.project,
          hook_event_name: "Stop",
        },
        at,
      );
    expect(lastRun(store)).toBe(0);
    await stop(NOW);
    expect(lastRun(store)).toBe(NOW);
    expect(rowsOf(OLD).outputs).toBe(0);
    await stop(NOW + 10 * 60_000);
    expect(lastRun(store)).toBe(NOW); // throttled
    await stop(NOW + 61 * 60_000);
    expect(lastRun(store)).toBe(NOW + 61 * 60_000);
  });
});
