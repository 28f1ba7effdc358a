import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CairnPaths, cairnPaths, sessionDir } from "../../../src/core/paths.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import {
  figureRows,
  SESSION_FIGURES_SQL,
  sessionFigures,
  sumFigures,
} from "../../../src/window/figures-read.ts";
import { readSessionSummary, refreshSessionSummary } from "../../../src/window/session-summary.ts";

// The statusline's figures are the session's net figures (window/figures-read.ts),
// refreshed after every tool call and rewritten only when one changed.

const SID = "sess-summary";
const T = { warnPct: 35, criticalPct: 25 };

describe("session summary: the session's net figures", () => {
  let root: string;
  let paths: CairnPaths;
  let store: Store;
  let n = 0;
  const count = (kind: "output" | "retrieval", alone: number, shown: number, sessionId = SID) => {
    n += 1;
    store.db
      .prepare(
        `INSERT INTO call_figures (session_id, tool_use_id, tool_name, kind, counterfactual_bytes, shown_bytes, changed, call_key, at)
         VALUES (?, ?, 'Bash', ?, ?, ?, ?, 'k', ?)`,
      )
      .run(sessionId, `toolu_${n}`, kind, alone, shown, kind === "output" && alone !== shown ? 1 : 0, n);
  };

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "cairn-summary-"));
    paths = cairnPaths(join(root, ".cairn"));
    store = await openStore(paths.db);
  });
  afterEach(() => {
    store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("holds alone, shown, read back and net as the session's figures, other sessions apart", () => {
    count("output", 2_250, 1_084);
    count("output", 11, 11);
    count("retrieval", 0, 25_000);
    count("output", 9_000, 900, "another-session");
    const s = refreshSessionSummary(store, paths, SID, T, 100);
    const f = sessionFigures(store, SID);
    expect(s).toMatchObject({
      outputs: 1,
      counterfactual_bytes: 2_261,
      shown_bytes: 1_095,
      retrieved_bytes: 25_000,
      net_bytes: 2_261 - 1_095 - 25_000,
      more_than_alone: 0,
    });
    expect(s.net_bytes).toBe(f.netBytes);
    expect(readSessionSummary(paths, SID)).toEqual(s);
  });

  it("sums in SQL exactly what the per-call rows add up to, measured sizes in place, from the covering index alone", () => {
    count("output", 2_250, 1_084);
    count("output", 40, 40);
    count("retrieval", 0, 700);
    count("output", 900, 1_200);
    // The transcript measured two of them: the model was sent 1,090 and 44 bytes.
    const ledger = store.db.prepare(
      "INSERT INTO ledger_tools (file_id, session_id, agent_id, tool_use_id, result_bytes) VALUES (1, ?, '', ?, ?)",
    );
    ledger.run(SID, `toolu_${n - 3}`, 1_090);
    ledger.run(SID, `toolu_${n - 2}`, 44);
    const f = sessionFigures(store, SID);
    expect(f).toEqual(sumFigures(figureRows(store, { sessionId: SID })));
    expect(f).toMatchObject({
      counterfactualBytes: 2_250 + 44 + 900,
      shownBytes: 1_090 + 44 + 1_200,
      measured: 2,
    });
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${SESSION_FIGURES_SQL}`).all(SID) as {
      detail: string;
    }[];
    expect(plan.map((p) => p.detail).join(" ")).toContain("COVERING INDEX call_figures_sums");
  });

  it("counts outputs where cairn showed more than Claude Code alone would have", () => {
    count("output", 2_250, 4_000);
    expect(refreshSessionSummary(store, paths, SID, T, 1).more_than_alone).toBe(1);
  });

  it("rewrites the file only when a figure changed", () => {
    count("output", 5_000, 500);
    refreshSessionSummary(store, paths, SID, T, 1);
    const file = join(sessionDir(paths, SID), "summary.json");
    const before = statSync(file).mtimeMs;
    expect(refreshSessionSummary(store, paths, SID, T, 2).at).toBe(1);
    expect(statSync(file).mtimeMs).toBe(before);
    count("retrieval", 0, 300);
    expect(refreshSessionSummary(store, paths, SID, T, 3)).toMatchObject({ at: 3, retrieved_bytes: 300 });
  });

  it("rewrites the file in place, so a hook neither allocates nor frees its blocks", () => {
    // A rename over the file cost a hook 1.7 ms on ext4 on every tool call (core/fs.ts writeInPlace).
    count("output", 5_000, 500);
    refreshSessionSummary(store, paths, SID, T, 1);
    const file = join(sessionDir(paths, SID), "summary.json");
    const inode = statSync(file).ino;
    count("output", 5_000_000, 500);
    expect(refreshSessionSummary(store, paths, SID, T, 2).outputs).toBe(2);
    expect(statSync(file).ino).toBe(inode);
    // A shorter summary over a longer one: the reader takes the new line, not the old tail.
    writeFileSync(file, `${readFileSync(file, "utf8").trimEnd()}${" ".repeat(50)}tail\n`);
    count("retrieval", 0, 3);
    refreshSessionSummary(store, paths, SID, T, 3);
    expect(statSync(file).ino).toBe(inode);
    expect(readSessionSummary(paths, SID)).toMatchObject({ at: 3, outputs: 2, retrieved_bytes: 3 });
  });

  it("a summary caught half written reads as none, not as other figures", () => {
    count("output", 5_000, 500);
    refreshSessionSummary(store, paths, SID, T, 1);
    const file = join(sessionDir(paths, SID), "summary.json");
    const whole = readFileSync(file, "utf8");
    // Part of a new write over the old line: the digits of one figure changed, the hash not.
    writeFileSync(file, whole.replace('"shown_bytes":500', '"shown_bytes":900'));
    expect(readSessionSummary(paths, SID)).toBeUndefined();
    writeFileSync(file, whole.slice(0, 40));
    expect(readSessionSummary(paths, SID)).toBeUndefined();
    writeFileSync(file, whole);
    expect(readSessionSummary(paths, SID)).toMatchObject({ at: 1, shown_bytes: 500 });
  });
});
