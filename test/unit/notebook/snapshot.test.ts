import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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

  it("masks secrets before writing: failing commands, the assistant's last words, STATE.md (security review, finding 9)", () => {
    // The review's reproduction: a token in a failing command and its error, an AWS
    // key in the assistant's last text, a password in the notebook.
    const token = `ghp_${"AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"}`;
    const aws = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY";
    const password = "Tr0ub4dor-and-3";
    const transcript = join(root, "secrets-session.jsonl");
    const at = (s: number) => `2026-11-28T10:00:0${s}Z`;
    const lines = [
      {
        type: "user",
        message: { role: "user", content: "deploy" },
        uuid: "u1",
        timestamp: at(0),
        sessionId: "s",
      },
      {
        type: "assistant",
        message: {
          role: "assistant",
          content: [
            {
              type: "tool_use",
              id: "t1",
              name: "Bash",
              input: { command: `curl -sf -H 'Authorization: Bearer ${token}' https://api.example/deploy` },
            },
          ],
        },
        uuid: "a1",
        timestamp: at(1),
        sessionId: "s",
      },
      {
        type: "user",
        message: {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "t1",
              is_error: true,
              content: `Exit code 22\nerror: token ${token} rejected`,
            },
          ],
        },
        uuid: "u2",
        timestamp: at(2),
        sessionId: "s",
      },
      {
        type: "assistant",
        message: {
          role: "assistant",
          content: [{ type: "text", text: `Use AWS_SECRET_ACCESS_KEY=${aws} for the retry.` }],
        },
        uuid: "a2",
        timestamp: at(3),
        sessionId: "s",
      },
    ];
    writeFileSync(transcript, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    const facts = transcriptFacts(transcript, undefined);
    // The facts hold them, so the snapshot would.
    expect(JSON.stringify(facts)).toContain(token);
    expect(facts.lastAssistantText).toContain(aws);
    const path = writeSnapshot(
      paths,
      {
        projectDir: "/work/secrets",
        sessionId: "c0ffee00-0000-4000-8000-000000000009",
        trigger: "manual",
        at: Date.parse("2026-11-28T10:00:05.000Z"),
        notebookPath: "/work/secrets/.cairn/STATE.md",
        notebookText: `## Goal\nDeploy\n\n## Now\nDB_PASSWORD=${password} for staging\n`,
        facts,
        blocked: false,
      },
      5,
    );
    const written = readFileSync(path, "utf8");
    for (const secret of [token, aws, password]) expect(written).not.toContain(secret);
    expect(written).toContain("Authorization: Bearer [REDACTED:");
    expect(written).toContain("AWS_SECRET_ACCESS_KEY=[REDACTED:");
    expect(written).toContain("DB_PASSWORD=[REDACTED:");
    // What is not a secret is kept as it was.
    expect(written).toContain("## Goal\nDeploy");
    expect(written).toContain("for the retry.");
  });
});
