import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  readSessionSummary,
  refreshSessionSummary,
  sessionSavings,
} from "../../../src/context/session-summary.ts";
import { type CairnPaths, cairnPaths, sessionDir } from "../../../src/core/paths.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { insertOutput, recordExcerpt } from "../../../src/store/outputs.ts";

// The statusline's figures (outputs filed, bytes saved) are refreshed on every tool call.
// Summing a session's rows reads every stored original (the sizes sit after the blob), so
// a refresh adds the rows after the last one it counted; whenever that does not add up
// (rows removed), and every 32 outputs, it sums in full. Its figures must always be the
// full sum's.

const SID = "sess-summary";
const T = { warnPct: 35, criticalPct: 25 };
const log = readFileSync(join(__dirname, "../../fixtures/outputs/log-nginx-access.txt"), "utf8");

describe("session summary: the full figures, without rereading every original", () => {
  let root: string;
  let paths: CairnPaths;
  let store: Store;
  let at = 1;
  const file = (sessionId = SID, bytes = 20_000, excerpt = 1_500): number => {
    const original = Buffer.from(log.slice(0, bytes));
    const id = insertOutput(store, {
      sessionId,
      toolName: "Bash",
      label: "cat access.log",
      original,
      originalLines: 100,
      redactions: 0,
      at: at++,
    });
    recordExcerpt(store, id, { excerpt: "x".repeat(excerpt), compressor: "log", latencyMs: 1 });
    return id;
  };
  const refresh = () => refreshSessionSummary(store, paths, SID, T, at++);
  const full = () => sessionSavings(store, SID);

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "cairn-summary-"));
    paths = cairnPaths(join(root, ".cairn"));
    store = await openStore(paths.db);
  });
  afterEach(() => {
    store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("adds each new output to the figures, equal to the full sum all along", () => {
    for (let i = 0; i < 40; i++) {
      file(SID, 5_000 + i * 100, 300 + i);
      if (i % 3 === 0) file("another-session");
      const s = refresh();
      expect({ outputs: s.outputs, saved: s.saved_bytes }).toEqual({
        outputs: full().outputs,
        saved: full().savedBytes,
      });
    }
    expect(readSessionSummary(paths, SID)?.outputs).toBe(40);
  });

  it("counts only the rows after the last refresh, and sums in full every 32 outputs", () => {
    const first = file();
    for (let i = 0; i < 4; i++) file();
    refresh();
    // A change to an older row that leaves the count alone (retention masking an
    // original again) is not reread on every tool call...
    store.db.prepare("UPDATE outputs SET excerpt_bytes = original_bytes WHERE id = ?").run(first);
    file();
    expect(refresh().saved_bytes).not.toBe(full().savedBytes);
    // ...but within 32 outputs.
    while (full().outputs % 32 !== 0) file();
    expect(refresh().saved_bytes).toBe(full().savedBytes);
  });

  it("sums in full when rows went away, or the file's figures are not numbers", () => {
    const ids = [file(), file(), file()];
    refresh();
    store.db.prepare("DELETE FROM outputs WHERE id = ?").run(ids[0]!);
    file();
    expect(refresh().outputs).toBe(3);
    expect(refresh().saved_bytes).toBe(full().savedBytes);
    const path = join(sessionDir(paths, SID), "summary.json");
    writeFileSync(path, JSON.stringify({ at: 1, outputs: "3", saved_bytes: 1, last_id: "x" }));
    file();
    const s = refresh();
    expect({ outputs: s.outputs, saved: s.saved_bytes }).toEqual({
      outputs: full().outputs,
      saved: full().savedBytes,
    });
  });
});
