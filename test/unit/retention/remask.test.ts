import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAIRN, REPO, runCairn } from "../../helpers/cairn.ts";
import { realOutputs, transcriptLines, transcriptRound } from "../../reliability/drivers/corpus.ts";
import { bashResponse, inProcessHook } from "../../reliability/drivers/in-process-hook.ts";
import { type Sandbox, sandbox, withDb } from "../../reliability/lib.ts";

// `cairn gc --redact` on text stored unmasked (compress.redact off, as an older cairn
// stored memory): afterwards no secret is left in the rows, the search indexes or the
// database file's bytes.

const SESSION = "c0ffee00-0000-4000-8000-0000000000c1";
const dotenv = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/secrets/corpus.jsonl"), "utf8").split("\n")[0]!,
) as {
  text: string;
  expect: string[];
};

describe("cairn gc --redact", () => {
  let s: Sandbox;
  beforeEach(async () => {
    s = sandbox();
    mkdirSync(s.cairnHome, { recursive: true });
    writeFileSync(
      join(s.cairnHome, "config.yaml"),
      "compress:\n  redact: false\nretention:\n  auto: false\n",
    );
    const hook = await inProcessHook(s.cairnHome, s.project, CAIRN);
    const transcript = join(s.root, "session.jsonl");
    // The secrets reach memory through a user message in the transcript, and the
    // originals through a large Bash output.
    const prompt = JSON.stringify({
      type: "user",
      uuid: "u-secret-1",
      parentUuid: null,
      sessionId: SESSION,
      timestamp: new Date().toISOString(),
      message: { role: "user", content: `deploy with these settings:\n${dotenv.text}` },
    });
    writeFileSync(transcript, `${transcriptRound(transcriptLines(), SESSION, 0)}${prompt}\n`);
    const base = {
      session_id: SESSION,
      transcript_path: transcript,
      cwd: s.project,
      permission_mode: "default",
    };
    const big = `${realOutputs(6_000, 60_000)[0]}\n${dotenv.text}`;
    const r = await hook("PostToolUse", {
      ...base,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "cat .env; npm test" },
      tool_response: bashResponse(big),
      tool_use_id: "toolu_secret_1",
    });
    expect(r.outcome).toBe("ok");
    expect((await hook("Stop", { ...base, hook_event_name: "Stop" })).outcome).toBe("ok");
  });
  afterEach(() => s.cleanup());

  const fileBytes = () =>
    ["cairn.db", "cairn.db-wal"]
      .map((f) => {
        try {
          return readFileSync(join(s.cairnHome, f)).toString("latin1");
        } catch {
          return "";
        }
      })
      .join("");

  it("masks every stored copy, in rows, indexes and the file's bytes", async () => {
    const secret = dotenv.expect.find((x) => x.length >= 16)!;
    expect(fileBytes()).toContain(secret); // stored unmasked, as the config asked
    // A compaction snapshot written from the same session text.
    const snapshot = join(s.cairnHome, "snapshots", "project-1234", "before-compact.md");
    mkdirSync(join(s.cairnHome, "snapshots", "project-1234"), { recursive: true });
    writeFileSync(snapshot, `# cairn snapshot\n\nLast words:\n${dotenv.text}`);
    const r = await runCairn(["gc", "--redact", "--json"], { env: s.env, cwd: s.project });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout).remasked;
    expect(report.outputs).toBe(1);
    expect(report.items).toBeGreaterThan(0);
    expect(report.secrets).toBeGreaterThanOrEqual(dotenv.expect.length * 2);
    const db = join(s.cairnHome, "cairn.db");
    withDb(db, (d) => {
      for (const x of dotenv.expect) {
        const like = `%${x}%`;
        expect(
          d
            .prepare(
              "SELECT count(*) AS n FROM outputs WHERE CAST(original AS TEXT) LIKE ? OR excerpt LIKE ?",
            )
            .get(like, like),
        ).toEqual({ n: 0 });
        expect(d.prepare("SELECT count(*) AS n FROM mem_items WHERE text LIKE ?").get(like)).toEqual({
          n: 0,
        });
      }
      // The indexes hold what the rows hold: the masked text is found, the secret not.
      const word = secret
        .replace(/[^A-Za-z0-9]/g, " ")
        .trim()
        .split(/\s+/)
        .sort((a, b) => b.length - a.length)[0]!;
      expect(d.prepare("SELECT count(*) AS n FROM mem_fts WHERE mem_fts MATCH ?").get(`"${word}"`)).toEqual({
        n: 0,
      });
      expect(
        d.prepare("SELECT count(*) AS n FROM mem_outputs_fts WHERE mem_outputs_fts MATCH ?").get(`"${word}"`),
      ).toEqual({ n: 0 });
      expect(
        d.prepare("SELECT count(*) AS n FROM mem_outputs_fts WHERE mem_outputs_fts MATCH 'REDACTED'").get(),
      ).toEqual({ n: 1 });
    });
    const rw = new DatabaseSync(db);
    rw.exec("INSERT INTO mem_fts (mem_fts, rank) VALUES ('integrity-check', 1)"); // throws when inconsistent
    rw.close();
    for (const x of dotenv.expect) expect(fileBytes().includes(x), x).toBe(false);
    expect(report.files).toBe(1);
    for (const x of dotenv.expect) expect(readFileSync(snapshot, "utf8").includes(x), x).toBe(false);
    const shown = await runCairn(["show", "1"], { env: s.env, cwd: s.project });
    expect(shown.stdout).toContain("[REDACTED:");
    // A second run finds nothing more.
    const again = JSON.parse(
      (await runCairn(["gc", "--redact", "--json"], { env: s.env, cwd: s.project })).stdout,
    );
    expect(again.remasked.secrets).toBe(0);
  });
});
