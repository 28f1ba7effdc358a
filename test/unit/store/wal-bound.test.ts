import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, WAL_AUTOCHECKPOINT_PAGES } from "../../../src/store/db.ts";
import { countLines, insertOutput } from "../../../src/store/outputs.ts";
import { REPO } from "../../helpers/cairn.ts";

/**
 * Each hook is a new process whose first query rereads the whole WAL (the previous
 * hook exited without closing, so no connection kept the WAL's index). The WAL must
 * therefore stay short between checkpoints, whatever a session files.
 */
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the store keeps its WAL short, so a hook's first open rereads little", () => {
  it("checkpoints every WAL_AUTOCHECKPOINT_PAGES pages while real outputs are filed", async () => {
    dir = mkdtempSync(join(tmpdir(), "cairn-wal-"));
    const store = await openStore(join(dir, "cairn.db"));
    const outputsDir = join(REPO, "test/fixtures/outputs");
    const texts = readdirSync(outputsDir)
      .filter((f) => f.endsWith(".txt"))
      .map((f) => readFileSync(join(outputsDir, f), "utf8").slice(0, 64 * 1024));
    let filed = 0;
    let largestWal = 0;
    // About 3 MB filed, one transaction per output as the PostToolUse hook does.
    for (let i = 0; filed < 3 * 1024 * 1024; i++) {
      const text = `${i}\n${texts[i % texts.length]}`;
      store.tx(() =>
        insertOutput(store, {
          sessionId: "s-wal",
          toolUseId: `toolu_${i}`,
          toolName: "Bash",
          label: `output ${i}`,
          original: Buffer.from(text),
          originalLines: countLines(text),
          redactions: 0,
          at: i,
        }),
      );
      filed += text.length;
      largestWal = Math.max(largestWal, statSync(join(dir, "cairn.db-wal")).size);
    }
    const pageSize = (store.db.prepare("PRAGMA page_size").get() as { page_size: number }).page_size;
    store.close();
    // One checkpoint's worth of pages plus the transaction that crossed it (an output
    // of at most 64 KB and its index pages), with SQLite's 24-byte frame headers.
    const bound = (WAL_AUTOCHECKPOINT_PAGES + 64) * (pageSize + 24);
    expect(largestWal).toBeGreaterThan(0);
    expect(largestWal).toBeLessThan(bound);
  });
});
