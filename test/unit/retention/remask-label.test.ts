import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { remaskStored } from "../../../src/retention/remask.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { insertOutput } from "../../../src/store/outputs.ts";
import { loadSecretsCorpus } from "../reliability/secrets-corpus.ts";

// Command labels stored before they were masked (an older cairn): `cairn gc --redact`
// masks them with the rows' other text, so search, report, the dashboard and MCP,
// which read the label from the row, stop showing the secret.

const gaps = loadSecretsCorpus().filter(
  (c) => c.id.startsWith("pos/gaps/") && /^(?:PGPASSWORD|curl|mysql)/.test(c.text),
);

describe("gc --redact on stored command labels", () => {
  let root: string;
  let store: Store;
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "cairn-remask-label-"));
    store = await openStore(join(root, "cairn.db"));
  });
  afterEach(() => {
    store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("masks every secret in old labels, and leaves a clean label as it was", () => {
    expect(gaps.length).toBeGreaterThanOrEqual(4);
    const ids = gaps.map((c, i) =>
      insertOutput(store, {
        sessionId: "s1",
        toolUseId: `toolu_${i}`,
        toolName: "Bash",
        label: c.text,
        original: Buffer.from("ok\n"),
        originalLines: 1,
        redactions: 0,
        at: 1,
      }),
    );
    const clean = insertOutput(store, {
      sessionId: "s1",
      toolName: "Bash",
      label: "npm test -- --grep token",
      original: Buffer.from("ok\n"),
      originalLines: 1,
      redactions: 0,
      at: 1,
    });
    const report = remaskStored(store, cairnPaths(root));
    expect(report.outputs).toBe(gaps.length);
    const label = (id: number) =>
      (store.db.prepare("SELECT label FROM outputs WHERE id = ?").get(id) as { label: string }).label;
    gaps.forEach((c, i) => {
      const l = label(ids[i]!);
      expect(l).toContain("[REDACTED:");
      for (const secret of c.expect) expect(l, c.id).not.toContain(secret);
    });
    expect(label(clean)).toBe("npm test -- --grep token");
  });
});
