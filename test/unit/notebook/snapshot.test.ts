import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { snapshotDir, writeSnapshot } from "../../../src/notebook/snapshot.ts";
import { transcriptFacts } from "../../../src/notebook/transcript-facts.ts";

const TOOLS = join(import.meta.dirname, "..", "..", "fixtures", "transcripts", "tools-session.jsonl");

describe("snapshots before compaction", () => {
  const root = mkdtempSync(join(tmpdir(), "cairn-snap-"));
  const paths = cairnPaths(join(root, ".cairn"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("keeps the notebook and the session's key facts from the real transcript, 0600, pruned to the limit", () => {
    const facts = transcriptFacts(TOOLS, undefined);
    const base = Date.parse("2026-11-22T10:00:00.000Z");
    for (let i = 0; i < 5; i++) {
      writeSnapshot(
        paths,
        {
          projectDir: "/work/p",
          sessionId: "c0ffee00-0000-4000-8000-000000000001",
          trigger: i % 2 ? "manual" : "auto",
          at: base + i * 60_000,
          notebookPath: "/work/p/.cairn/STATE.md",
          notebookText: `## Goal\nGOAL-SNAP-${i}\n`,
          facts,
          usedPct: 71.6,
          blocked: i === 0,
        },
        3,
      );
    }
    const dir = snapshotDir(paths, "/work/p");
    const names = readdirSync(dir).sort();
    expect(names).toEqual([
      "2026-11-22T10-02-00-000Z-c0ffee00-000-auto.md",
      "2026-11-22T10-03-00-000Z-c0ffee00-000-manual.md",
      "2026-11-22T10-04-00-000Z-c0ffee00-000-auto.md",
    ]);
    for (const n of names) expect(statSync(join(dir, n)).mode & 0o777).toBe(0o600);
    const last = readFileSync(join(dir, names.at(-1)!), "utf8");
    expect(last).toContain("# cairn snapshot before auto compaction");
    expect(last).toContain("- context used: 72%");
    expect(last).toContain("- output since STATE.md last changed: 603 tokens");
    expect(last).toContain("- /tmp/cairn-hook-capture/project/src/b.ts");
    expect(last).toContain("- `echo oops >&2; exit 3`: oops");
    expect(last).toContain("> All done.");
    expect(last).toContain("## STATE.md (/work/p/.cairn/STATE.md)\n\n## Goal\nGOAL-SNAP-4");
  });
});
