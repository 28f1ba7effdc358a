// Retention never breaks the store: a seeded random walk of fills, index feeds,
// retention runs in process, `cairn gc` runs of the built CLI, and `cairn gc` runs
// killed with SIGKILL at a random commit (CAIRN_FAILPOINT), with the invariants checked
// after every step:
//   - an id once announced means the same original, or says it was pruned / removed;
//     no id is ever announced twice;
//   - the originals' search index holds exactly kept originals, every one of them up
//     to its highest entry, and both indexes pass FTS5's own checks;
//   - after a `cairn gc` that finished, the data is under the cap, and gc exits 0;
//   - `cairn gc --dry-run` reports what `cairn gc` then does.
// A few hundred steps in `npm test`; thousands under CAIRN_SOAK=1 (`npm run soak`).
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { collectGarbage } from "../../../src/retention/gc.ts";
import { storeSize } from "../../../src/retention/size.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { indexItem } from "../../../src/store/items-index.ts";
import { highestId } from "../../../src/store/never-reuse.ts";
import { insertOutput } from "../../../src/store/outputs.ts";
import { indexOutputs } from "../../../src/store/outputs-index.ts";
import { touchSession } from "../../../src/store/sessions.ts";
import { CAIRN } from "../../helpers/cairn.ts";
import { realOutputs } from "../../reliability/drivers/corpus.ts";
import { runNode, type Sandbox, SOAK, sandbox } from "../../reliability/lib.ts";

const STEPS = Number(process.env.CAIRN_RETENTION_STEPS) || (SOAK ? 3000 : 300);
// A fixed seed in `npm test`; a new one per soak (printed, and replayed with CAIRN_RETENTION_SEED).
const SEED =
  Number(process.env.CAIRN_RETENTION_SEED) || (SOAK ? Math.floor(Math.random() * 2 ** 31) : 20261125);
const CAP_MB = 1;
const CAP = CAP_MB * 1024 * 1024;
const DAY = 24 * 3600_000;

/** mulberry32: small, seeded, good enough to pick steps. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

let s: Sandbox;
let store: Store;
afterAll(() => {
  store?.close();
  s?.cleanup();
});
beforeAll(async () => {
  s = sandbox();
  mkdirSync(s.cairnHome, { recursive: true });
  writeFileSync(join(s.cairnHome, "config.yaml"), "retention:\n  auto: false\n");
  store = await openStore(join(s.cairnHome, "cairn.db"));
});

it(
  `${STEPS} random steps of fill, index, prune and killed gc runs keep every invariant (seed ${SEED})`,
  async () => {
    const random = prng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const corpus = realOutputs(200, 200_000).map((t) => Buffer.from(t));
    const announced = new Map<number, string>();
    let highestAnnounced = 0;
    let sessionNo = 0;
    let session = "";
    let item = 0;
    const tally: Record<string, number> = {};
    const now = Date.now();

    const newSession = (age: number) => {
      sessionNo += 1;
      session = `5e55a000-0000-4000-8000-${String(sessionNo).padStart(12, "0")}`;
      touchSession(store, {
        id: session,
        projectDir: s.project,
        cwd: s.project,
        transcriptPath: "",
        at: now - age,
      });
    };

    const fill = () => {
      if (!session || random() < 0.2) newSession(random() < 0.15 ? 40 * DAY : 0);
      const n = 1 + Math.floor(random() * 8);
      for (let i = 0; i < n; i++) {
        const original = pick(corpus);
        const id = store.tx(() => {
          const id = insertOutput(store, {
            sessionId: session,
            toolUseId: `toolu_${sessionNo}_${i}`,
            toolName: "Bash",
            label: "cmd",
            original,
            originalLines: 1,
            redactions: 0,
            at: now,
          });
          // A tool result in memory too (layer 3: retention's "details").
          item += 1;
          const text = original.subarray(0, 2000).toString("utf8");
          const r = store.db
            .prepare(
              "INSERT INTO mem_items (key, session_id, origin_session, turn, layer, kind, text, at) VALUES (?, ?, ?, 1, 3, 'tool_result', ?, ?)",
            )
            .run(`k${item}`, session, session, text, now);
          indexItem(store, r.lastInsertRowid, text);
          return id;
        });
        expect(announced.has(id), `id ${id} announced twice`).toBe(false);
        expect(id).toBeGreaterThan(highestAnnounced);
        highestAnnounced = id;
        announced.set(id, sha(original));
      }
    };

    const gcCli = (...args: string[]) =>
      runNode([CAIRN, "gc", "--max-mb", String(CAP_MB), ...args], {
        env: { ...s.env, CAIRN_FAILPOINT: "" },
        cwd: s.project,
      });

    const checkInvariants = (where: string) => {
      const db = store.db;
      // FTS5's own checks first: they reload the index structure another process (a
      // \`cairn gc\`) changed, which PRAGMA integrity_check's FTS5 pass does not do by itself.
      db.exec("INSERT INTO mem_fts (mem_fts, rank) VALUES ('integrity-check', 1)");
      db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('integrity-check')");
      expect(
        (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map(
          (r) => r.integrity_check,
        ),
        where,
      ).toEqual(["ok"]);
      const rows = new Map(
        (
          db.prepare("SELECT id, original, pruned_at FROM outputs").all() as {
            id: number;
            original: Uint8Array;
            pruned_at: number | null;
          }[]
        ).map((r) => [r.id, r]),
      );
      for (const [id, digest] of announced) {
        const r = rows.get(id);
        if (!r) continue; // removed with its record: `cairn show` says so (id below the highest given)
        if (r.pruned_at === null)
          expect(sha(r.original), `${where}: #${id} is still its original`).toBe(digest);
        else expect(r.original.byteLength, `${where}: pruned #${id} keeps no bytes`).toBe(0);
      }
      for (const id of rows.keys())
        expect(announced.has(id), `${where}: #${id} was never announced`).toBe(true);
      expect(highestId(db, "outputs")).toBeGreaterThanOrEqual(highestAnnounced);
      const inIndex = (
        db.prepare("SELECT id FROM mem_outputs_fts_docsize ORDER BY id").all() as { id: number }[]
      ).map((r) => r.id);
      const top = inIndex.at(-1) ?? 0;
      const inSet = new Set(inIndex);
      for (const id of inIndex)
        expect(rows.get(id)?.pruned_at, `${where}: indexed #${id} is a kept original`).toBeNull();
      for (const r of rows.values())
        if (r.id <= top && r.pruned_at === null)
          expect(inSet.has(r.id), `${where}: kept #${r.id} is indexed`).toBe(true);
    };

    for (let step = 0; step < STEPS; step++) {
      const roll = random();
      let what: string;
      if (roll < 0.55) {
        what = "fill";
        fill();
      } else if (roll < 0.7) {
        what = "index";
        indexOutputs(store, now, 1 + Math.floor(random() * 20));
      } else if (roll < 0.85) {
        what = "gc in process";
        collectGarbage(
          store,
          cairnPaths(s.cairnHome),
          { days: 30, maxBytes: CAP },
          { now, currentSession: session },
        );
      } else if (roll < 0.93) {
        what = "gc killed";
        const r = await runNode([CAIRN, "gc", "--max-mb", String(CAP_MB)], {
          env: { ...s.env, CAIRN_FAILPOINT: `tx:commit@${1 + Math.floor(random() * 6)}` },
          cwd: s.project,
        });
        expect(r.signal === "SIGKILL" || r.code === 0, `${what}: ${r.stderr}`).toBe(true);
      } else {
        what = "gc";
        const dry = await gcCli("--dry-run", "--json");
        expect(dry.code, dry.stderr).toBe(0);
        const real = await gcCli("--json");
        expect(real.code, real.stderr).toBe(0);
        const d = JSON.parse(dry.stdout);
        const r = JSON.parse(real.stdout);
        const figures = (x: typeof d) => [
          x.sessionsRemoved,
          x.originalsPruned,
          x.originalBytesPruned,
          x.detailsDropped,
        ];
        expect(figures(d), "dry run = real run").toEqual(figures(r));
        expect(storeSize(store.db).usedBytes, "under the cap after gc").toBeLessThanOrEqual(CAP);
      }
      tally[what] = (tally[what] ?? 0) + 1;
      checkInvariants(`step ${step} (${what})`);
    }
    // The walk did what it is for: ids past many prunes and removals, all kinds of step.
    expect(Object.keys(tally).length).toBe(5);
    const kept = Number((store.db.prepare("SELECT count(*) AS n FROM outputs").get() as { n: number }).n);
    expect(announced.size).toBeGreaterThan(kept);
    console.log(
      `[retention walk] ${STEPS} steps (seed ${SEED}): ${JSON.stringify(tally)}; ${announced.size} ids announced, ${kept} rows kept`,
    );
    // A guard against a hang, not a speed requirement: the walk spawns a few dozen CLI runs.
  },
  60 * 60_000,
);
