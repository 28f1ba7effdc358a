import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { findSecrets, redact } from "../../../src/core/secrets/redact.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { insertItem } from "../../../src/memory/store.ts";
import { openStore } from "../../../src/store/db.ts";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { ftsCount, type TempStore, tempStore } from "../memory/helpers.ts";
import {
  leakedSecrets,
  loadSecretsCorpus,
  type SecretCase,
  scoreCase,
  scoreCorpus,
  summaryLine,
} from "./secrets-corpus.ts";

// Secret masking, judged on a corpus of realistic positives and negatives
// (test/fixtures/secrets/corpus.jsonl, made by generate.ts beside it), on the repo's
// real captured outputs (which hold no secrets), on adversarial inputs, and where
// cairn stores text: outputs filed by the built PostToolUse hook, and memory rows.

const corpus = loadSecretsCorpus();
const positives = corpus.filter((c) => c.expect.length > 0);
const negatives = corpus.filter((c) => c.expect.length === 0);

describe("the secrets corpus", () => {
  it("is big enough and well formed", () => {
    expect(positives.length).toBeGreaterThanOrEqual(150);
    expect(negatives.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.map((c) => c.id)).size).toBe(corpus.length);
    for (const c of corpus) for (const e of c.expect) expect(c.text, c.id).toContain(e);
  });

  it("is masked with no false negatives and no false positives", () => {
    const score = scoreCorpus(corpus, (t) => redact(t).text);
    console.log(summaryLine(score));
    const wrong = score.cases.filter((c) => c.fn.length > 0 || c.fp.length > 0);
    expect(wrong).toEqual([]);
    expect(score.fn).toBe(0);
    expect(score.fp).toBe(0);
    expect(score.tp).toBe(score.secrets);
  });

  it("is idempotent: masked text masks nothing more", () => {
    for (const c of corpus) {
      const once = redact(c.text);
      const twice = redact(once.text);
      expect(twice.text, c.id).toBe(once.text);
      expect(twice.count, c.id).toBe(0);
    }
  });

  it("reports spans that match what redact replaced", () => {
    for (const c of positives) {
      const spans = findSecrets(c.text);
      expect(redact(c.text).count, c.id).toBe(spans.length);
      for (let i = 1; i < spans.length; i++)
        expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
  });
});

describe("real text holds no secrets, and nothing in it is masked", () => {
  const dirs = ["outputs", "outputs-extra", "transcripts", "claude-code-captures", "hook-inputs"];
  const files = dirs.flatMap((d) => {
    const dir = join(REPO, "test", "fixtures", d);
    return readdirSync(dir)
      .map((f) => join(dir, f))
      .filter((p) => statSync(p).isFile());
  });

  it(`the ${files.length} captured outputs, transcripts and hook inputs`, () => {
    const masked = files.flatMap((p) => findSecrets(readFileSync(p, "utf8")).map((s) => `${p}: ${s.kind}`));
    expect(masked).toEqual([]);
  });
});

describe("adversarial input finishes (every pattern is bounded)", () => {
  const MB5 = 5 * 1024 * 1024;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB5 / unit.length));
  it.each([
    ["repeated password=", fill("password=")],
    ["BEGIN PRIVATE KEY markers with no END", fill("-----BEGIN PRIVATE KEY-----")],
    ["one BEGIN then 5 MB of base64", `-----BEGIN RSA PRIVATE KEY-----\n${fill("QUJD")}`],
    ["BEGIN and base64 lines, never an END", fill(`-----BEGIN PRIVATE KEY-----\n${"QUJDRA==\n".repeat(20)}`)],
    ["a rejected value full of keys", fill("token=$")],
    ["JWT starts with no dots", fill("eyJ-")],
    ["header names as values", fill("Authorization=")],
    ["URL user info with no host", fill("https://u:")],
    ["URL user info with no @ in 200 characters", fill("://a:b")],
    ["cookie headers full of short pairs", fill("Cookie: a=b;")],
    ["curl -b with long cookie values", fill(" -b 'a=bbbbbbbbbbbbbbbbbbbbbbbb1; ")],
    ["a password key over spaced words", fill('password="a b c d e f g h i j k l m ')],
    ["command names with no password", fill("mysql ")],
    ["one 5 MB token-like run", fill("a")],
  ])("%s", (_name, text) => {
    const r = redact(text);
    expect(r.text.length).toBeGreaterThan(0);
  });
});

describe("stored outputs: the built PostToolUse hook masks before storing", () => {
  let sb: ReturnType<typeof tempHome>;
  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("stores a Bash output with every secret masked and shows none of them", async () => {
    const captured = JSON.parse(
      readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
    );
    // A realistic dump under Bash's 30,000-character spill: positives and negatives mixed.
    const picked: SecretCase[] = [];
    let size = 0;
    for (let i = 0; size < 26_000 && i < corpus.length; i += 2) {
      const c = corpus[i]!;
      picked.push(c);
      size += c.text.length + 1;
    }
    const stdout = picked.map((c) => c.text).join("\n");
    const secrets = [...new Set(picked.flatMap((c) => c.expect))];
    expect(secrets.length).toBeGreaterThan(40);

    const r = await runCairn(["hook", "PostToolUse"], {
      input: JSON.stringify({
        ...captured,
        cwd: sb.project,
        tool_response: { ...captured.tool_response, stdout },
      }),
      env: sb.env,
      cwd: sb.home,
    });
    expect(r.code).toBe(0);
    const shown = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout as string;
    expect(shown).toMatch(/secrets masked/);
    expect(leakedSecrets(secrets, stdout, shown)).toEqual([]);

    const store = await openStore(cairnPaths(join(sb.home, ".cairn")).db);
    try {
      const row = store.db.prepare("SELECT original, redactions FROM outputs ORDER BY id").get() as {
        original: Uint8Array;
        redactions: number;
      };
      const stored = Buffer.from(row.original).toString("utf8");
      const score = scoreCase({ id: "hook", text: stdout, expect: secrets }, stored);
      expect(score.fn).toEqual([]);
      expect(score.fp).toEqual([]);
      expect(row.redactions).toBe(findSecrets(stdout).length);
    } finally {
      store.close();
    }
    const show = await runCairn(["show", "1"], { env: sb.env, cwd: sb.project });
    expect(leakedSecrets(secrets, stdout, show.stdout)).toEqual([]);
  });

  it("stores and shows the command label masked (PGPASSWORD=, Authorization: Bearer, mysql -p)", async () => {
    const captured = JSON.parse(
      readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
    );
    // The corpus's command-line gaps, run as one command whose output gets filed.
    const lines = corpus.filter(
      (c) => c.id.startsWith("pos/gaps/") && /^(?:PGPASSWORD|curl|mysql)/.test(c.text),
    );
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const command = lines.map((c) => c.text).join(" && ");
    const secrets = lines.flatMap((c) => c.expect);
    const stdout = Array.from({ length: 2000 }, (_, i) => `row ${i} ok`).join("\n");
    const r = await runCairn(["hook", "PostToolUse"], {
      input: JSON.stringify({
        ...captured,
        cwd: sb.project,
        tool_input: { ...captured.tool_input, command },
        tool_response: { ...captured.tool_response, stdout },
      }),
      env: sb.env,
      cwd: sb.home,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout).toMatch(/\[cairn #1/);
    const store = await openStore(cairnPaths(join(sb.home, ".cairn")).db);
    let label: string;
    try {
      label = (store.db.prepare("SELECT label FROM outputs").get() as { label: string }).label;
    } finally {
      store.close();
    }
    expect(label).toContain("[REDACTED:");
    expect(leakedSecrets(secrets, command, label)).toEqual([]);
    for (const args of [["report"], ["search", "row"], ["show", "1"]]) {
      const shown = await runCairn(args, { env: sb.env, cwd: sb.project });
      expect(leakedSecrets(secrets, command, shown.stdout + shown.stderr), args.join(" ")).toEqual([]);
    }
  });
});

describe("layered memory: transcript text is masked on the way in", () => {
  let masked: TempStore | undefined;
  let raw: TempStore | undefined;
  afterEach(() => {
    masked?.cleanup();
    raw?.cleanup();
    masked = raw = undefined;
  });

  /**
   * A transcript whose prompts, answers, thinking, tool calls and tool results are
   * corpus cases (positives and negatives), as Claude Code writes them.
   */
  function transcript(dir: string): { path: string; cases: SecretCase[] } {
    const cases = corpus.filter((_, i) => i % 7 === 0);
    const at = (i: number) => new Date(Date.parse("2026-11-22T09:00:00Z") + i * 1000).toISOString();
    const lines = cases.map((c, i) => {
      const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      const base = { uuid, timestamp: at(i), sessionId: "s" };
      switch (i % 5) {
        case 0:
          return { ...base, type: "user", message: { role: "user", content: c.text } };
        case 1:
          return {
            ...base,
            type: "assistant",
            message: { role: "assistant", content: [{ type: "text", text: c.text }] },
          };
        case 2:
          return {
            ...base,
            type: "assistant",
            message: {
              role: "assistant",
              content: [{ type: "thinking", thinking: c.text, signature: "sig" }],
            },
          };
        case 3:
          return {
            ...base,
            type: "assistant",
            message: {
              role: "assistant",
              content: [
                {
                  type: "tool_use",
                  id: `toolu_${i}`,
                  name: "Bash",
                  input: { command: `cat <<'EOF'\n${c.text}\nEOF` },
                },
              ],
            },
          };
        default:
          return {
            ...base,
            type: "user",
            message: {
              role: "user",
              content: [{ type: "tool_result", tool_use_id: `toolu_${i - 1}`, content: c.text }],
            },
          };
      }
    });
    const path = join(dir, "secrets-session.jsonl");
    writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    return { path, cases };
  }

  const rows = (t: TempStore) =>
    new Map(
      (t.store.db.prepare("SELECT key, text FROM mem_items").all() as { key: string; text: string }[]).map(
        (r) => [r.key, r.text],
      ),
    );

  it("masks secrets in every kind of row and in the full-text index; compress.redact off keeps them", async () => {
    masked = await tempStore();
    raw = await tempStore();
    const { path, cases } = transcript(masked.dir);
    ingestSource(masked.store, { path, sessionId: "s", projectDir: "/p" }, { now: 1 });
    ingestSource(raw.store, { path, sessionId: "s", projectDir: "/p" }, { now: 1, redact: false });

    const asStored = rows(masked);
    const asWritten = rows(raw);
    expect(asStored.size).toBe(cases.length);
    // A tool call is stored as its JSON input: secrets appear there JSON-escaped.
    const forms = cases.flatMap((c) => c.expect.flatMap((e) => [e, JSON.stringify(e).slice(1, -1)]));
    let planted = 0;
    for (const [key, text] of asWritten) {
      const expectHere = [...new Set(forms.filter((e) => text.includes(e)))];
      planted += expectHere.length;
      const score = scoreCase({ id: key, text, expect: expectHere }, asStored.get(key)!);
      expect(score.fn, key).toEqual([]);
      expect(score.fp, key).toEqual([]);
    }
    expect(planted).toBeGreaterThan(20);

    const token = cases.flatMap((c) => c.expect).find((e) => /^[A-Za-z0-9]{12}/.test(e))!;
    const word = `"${token.slice(0, 12)}"*`;
    expect(ftsCount(masked.store, word)).toBe(0);
    expect(ftsCount(raw.store, word)).toBeGreaterThan(0);
  });

  it("masks rows written directly (a handoff memo) too", async () => {
    masked = await tempStore();
    const c = positives.find((p) => p.id.startsWith("pos/dotenv/"))!;
    insertItem(masked.store, {
      key: "memo#1",
      sessionId: "s",
      originSession: "s",
      turn: 1,
      kind: "memo",
      text: c.text,
      at: 1,
    });
    const text = rows(masked).get("memo#1")!;
    expect(scoreCase(c, text).fn).toEqual([]);
    expect(text).toContain("[REDACTED:");
  });
});
