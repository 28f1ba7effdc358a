import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config/schema.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { chainTurns } from "../../../src/memory/resume.ts";
import { writeModelSummaries } from "../../../src/memory/summaries.ts";
import { digestTurn, ensureExtractive, groupTurns } from "../../../src/memory/turns.ts";
import { clip, oneLine } from "../../../src/summarize/digest.ts";
import { extractiveSummary } from "../../../src/summarize/extractive.ts";
import { parseSummaryLines, summarizeWithModel, summaryPrompt } from "../../../src/summarize/model.ts";
import { startMockApi } from "../../e2e/harness/mock-api.ts";
import { HANG_MS } from "../../helpers/wait.ts";
import { repeatSession, type TempStore, TOOLS_SESSION, tempStore } from "./helpers.ts";

let t: TempStore | undefined;
afterEach(() => {
  t?.cleanup();
  t = undefined;
});

const A = "aaaaaaaa-0000-4000-8000-000000000001";

async function ingested(turns: number): Promise<TempStore> {
  const s = await tempStore();
  const path = join(s.dir, "a.jsonl");
  writeFileSync(path, repeatSession(TOOLS_SESSION, turns, A));
  ingestSource(s.store, { path, sessionId: A, projectDir: "/p" }, { now: 1 });
  return s;
}

describe("extractive summaries", () => {
  it("one line from the request, the conclusion, the files and the tool count of a real turn", async () => {
    t = await ingested(1);
    const [turn] = chainTurns(t.store, A, 0).all;
    const d = digestTurn(turn!);
    expect(d.tools).toBe(16);
    expect(d.failed).toBeGreaterThanOrEqual(2);
    expect(d.files).toContain("/tmp/cairn-hook-capture/project/src/a.ts");
    const line = extractiveSummary(d);
    expect(line).toMatch(
      /^exercise the tools, round 1 marker1x → All done with round 1, conclusion1y\. \[.*a\.ts.*\] \(16 tools, \d+ failed\)$/,
    );
    expect(line.length).toBeLessThanOrEqual(240);
    expect(line).not.toContain("\n");
    // Deterministic.
    expect(extractiveSummary(digestTurn(turn!))).toBe(line);
  });

  it("reads slash commands and clips at a word", () => {
    expect(
      oneLine(
        "<command-message>handoff</command-message>\n<command-name>/handoff</command-name>\n<command-args>tidy up</command-args>",
      ),
    ).toBe("/handoff tidy up");
    expect(clip("one two three four five", 16)).toBe("one two three…");
    expect(clip("short", 16)).toBe("short");
  });

  it("are written lazily, only for the turns asked about, once", async () => {
    t = await ingested(4);
    const { older } = chainTurns(t.store, A, 2);
    expect(older.map((x) => x.turn)).toEqual([1, 2]);
    const lines = ensureExtractive(t.store, A, older, 1);
    expect([...lines.keys()]).toEqual([1, 2]);
    const count = () =>
      (t!.store.db.prepare("SELECT count(*) AS n FROM mem_items WHERE layer = 1").get() as { n: number }).n;
    expect(count()).toBe(2);
    ensureExtractive(t.store, A, chainTurns(t.store, A, 2).older, 2);
    expect(count()).toBe(2);
    // L1 lines are searchable like everything else.
    expect(
      (
        t.store.db.prepare("SELECT count(*) AS n FROM mem_fts WHERE mem_fts MATCH 'conclusion1y'").get() as {
          n: number;
        }
      ).n,
    ).toBe(2);
  });
});

describe("model summaries", () => {
  it("parses T<n>: lines back, ignoring chatter and unknown turns", () => {
    const m = parseSummaryLines(
      "Here you go:\nT1: fixed the parser\n- T2: ran tests, 2 failed\nT9: not asked",
      [1, 2, 3],
    );
    expect([...m]).toEqual([
      [1, "fixed the parser"],
      [2, "ran tests, 2 failed"],
    ]);
  });

  it("asks the Anthropic API (at ANTHROPIC_BASE_URL) once for all turns and stores its lines", async () => {
    t = await ingested(5);
    const api = await startMockApi({
      classify: () => "main",
      steps: [
        (req) => {
          const prompt = JSON.stringify(req.body.messages);
          expect(prompt).toContain("T1:");
          expect(prompt).toContain("marker3x");
          return "T1: model line one\nT2: model line two\nT3: model line three";
        },
      ],
    });
    try {
      const config = { ...defaults(), "memory.summarizer": "api" as const, "memory.recent_turns": 2 };
      const r = await writeModelSummaries(
        t.store,
        A,
        config,
        { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: api.url },
        5,
      );
      expect(r.summarizer).toBe("model:api:claude-haiku-4-5");
      expect(api.mainRequests()).toHaveLength(1);
      expect(api.mainRequests()[0]!.body.model).toBe("claude-haiku-4-5");
      const l1 = t.store.db
        .prepare("SELECT turn, text, made_by FROM mem_items WHERE layer = 1 ORDER BY turn")
        .all();
      expect(l1).toEqual([
        { turn: 1, text: "model line one", made_by: "model:api:claude-haiku-4-5" },
        { turn: 2, text: "model line two", made_by: "model:api:claude-haiku-4-5" },
        { turn: 3, text: "model line three", made_by: "model:api:claude-haiku-4-5" },
      ]);
      // Done already: no second request.
      await writeModelSummaries(
        t.store,
        A,
        config,
        { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: api.url },
        6,
      );
      expect(api.mainRequests()).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it("falls back to the extractive lines on a timeout, and on turns the model skipped", async () => {
    t = await ingested(5);
    // The first answer comes only after the summariser gave up on it: judged by order,
    // not by a race between two clocks.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const api = await startMockApi({
      classify: () => "main",
      steps: [
        async () => {
          await held;
          return "T1: too late";
        },
        "T2: only this one",
      ],
    });
    try {
      const config = {
        ...defaults(),
        "memory.summarizer": "api" as const,
        "memory.recent_turns": 2,
        "memory.summarizer_timeout_ms": 500,
      };
      const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: api.url };
      const slow = await writeModelSummaries(t.store, A, config, env, 5);
      release();
      expect(slow.summarizer).toBe("extractive");
      expect(slow.note).toMatch(/failed/);
      const l1 = () =>
        t!.store.db.prepare("SELECT turn, made_by FROM mem_items WHERE layer = 1 ORDER BY turn").all() as {
          turn: number;
          made_by: string;
        }[];
      expect(l1().map((x) => x.made_by)).toEqual(["extractive", "extractive", "extractive"]);
      // An answer that comes: its wait is a hang bound, so a loaded machine cannot turn it into a timeout.
      const patient = { ...config, "memory.summarizer_timeout_ms": HANG_MS };
      const partial = await writeModelSummaries(t.store, A, patient, env, 6);
      expect(partial.note).toMatch(/summarised 1 of 3 turns/);
      expect(l1().map((x) => `${x.turn}:${x.made_by}`)).toEqual([
        "1:extractive",
        "2:model:api:claude-haiku-4-5",
        "3:extractive",
      ]);
    } finally {
      await api.close();
    }
  });

  it("fails plainly without credentials", async () => {
    await expect(
      summarizeWithModel(
        [{ turn: 1, at: 0, request: "r", conclusion: "c", files: [], tools: 0, failed: 0 }],
        {
          provider: "api",
          model: "m",
          timeoutMs: 1000,
          env: {},
        },
      ),
    ).rejects.toThrow(/ANTHROPIC_API_KEY/);
  });

  it("the prompt names every turn and the exact answer form", () => {
    const p = summaryPrompt([
      { turn: 7, at: 0, request: "fix bug", conclusion: "fixed", files: ["a.ts"], tools: 2, failed: 1 },
    ]);
    expect(p).toContain(
      "T7:\n  request: fix bug\n  conclusion: fixed\n  files: a.ts\n  tool calls: 2 (1 failed)",
    );
    expect(p).toContain("`T<number>: <summary>`");
  });
});

describe("groupTurns", () => {
  it("keeps a turn's rows together in order", async () => {
    t = await ingested(3);
    const rows = t.store.db.prepare("SELECT * FROM mem_items ORDER BY turn, id").all() as never[];
    expect(groupTurns(rows).map((g) => g.turn)).toEqual([1, 2, 3]);
  });
});
