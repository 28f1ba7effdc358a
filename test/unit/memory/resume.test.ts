import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config/schema.ts";
import { NO_DEADLINE } from "../../../src/core/deadline.ts";
import type { HookContext, Part } from "../../../src/hooks/context.ts";
import { claimBaton, hasBaton, isFresh, readBaton, writeBaton } from "../../../src/memory/baton.ts";
import { composeResume, type ResumeMaterial } from "../../../src/memory/compose.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { lastSessionSummary } from "../../../src/memory/last-session.ts";
import { saveMemo } from "../../../src/memory/memo.ts";
import { resumeParts } from "../../../src/memory/on-session-start.ts";
import { buildResume, mergeChain, resumeDocPath } from "../../../src/memory/resume.ts";
import { repeatSession, type TempStore, TOOLS_SESSION, tempStore } from "./helpers.ts";

let t: TempStore | undefined;
afterEach(() => {
  t?.cleanup();
  t = undefined;
});

const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";

function material(over: Partial<ResumeMaterial> = {}): ResumeMaterial {
  return {
    fromSession: A,
    turns: 40,
    lastAt: Date.parse("2026-11-22T10:00:00Z"),
    memo: "## Next step\nfix parser.ts line 40",
    thinking: "The bug is an off-by-one in the tokenizer.",
    recent: Array.from({ length: 6 }, (_, k) => ({
      turn: 35 + k,
      at: Date.parse("2026-11-22T09:00:00Z") + k * 60_000,
      user: `request ${35 + k} ${"u".repeat(300)}`,
      assistant: [`step ${35 + k}`, `conclusion ${35 + k} ${"a".repeat(500)}`],
      tools: "Bash ×2, Read",
    })),
    older: Array.from({ length: 34 }, (_, k) => ({
      turn: k + 1,
      at: Date.parse("2026-11-22T08:00:00Z") + k * 60_000,
      line: `request ${k + 1} → conclusion ${k + 1} [a.ts] (2 tools) ${"x".repeat(120)}`,
    })),
    notebook: (max) => `# Goal\nship it\n${"n".repeat(3000)}`.slice(0, max),
    cli: "node /opt/cairn.cjs",
    docPath: "/home/u/.cairn/projects/p/handoffs/a.md",
    ...over,
  };
}

describe("composeResume", () => {
  it("stays under the budget and keeps memo, thinking, the last turn and the footer first", () => {
    for (const max of [1000, 3000, 6000, 9000, 9800]) {
      const c = composeResume(material(), max);
      expect(c.injection.length).toBeLessThanOrEqual(max);
      expect(c.injection).toContain("[cairn resume] You are resuming an interrupted task");
      expect(c.injection).toContain("node /opt/cairn.cjs detail turn N");
      expect(c.injection).toContain("/home/u/.cairn/projects/p/handoffs/a.md");
      if (max >= 3000) {
        expect(c.included.memo).toBe(true);
        expect(c.included.recentTurns).toContain(40);
      }
    }
  });

  it("with room, has every older turn as a line and recent turns whole, in reading order", () => {
    const c = composeResume(material(), 9000);
    expect(c.included).toMatchObject({ memo: true, thinking: true, notebook: true });
    const i = c.injection;
    expect(i.indexOf("## In-flight memo")).toBeLessThan(i.indexOf("## Project notebook"));
    expect(i.indexOf("## Earlier turns")).toBeLessThan(i.indexOf("## Most recent turns"));
    expect(i.indexOf("## Most recent turns")).toBeLessThan(i.indexOf("## Your thinking"));
    expect(i).toContain("Assistant: conclusion 40");
    // Newest older turns are kept when not all fit.
    const older = c.included.olderTurns;
    expect(older.at(-1)).toBe(34);
    expect(older).toEqual([...older].sort((a, b) => a - b));
  });

  it("the document has everything, unabridged", () => {
    const c = composeResume(material(), 2000);
    for (let k = 1; k <= 34; k++) expect(c.document).toContain(`- T${k} `);
    expect(c.document).toContain(`conclusion 40 ${"a".repeat(500)}`);
    expect(c.document).toContain("n".repeat(2900));
  });

  it("a short session (no older turns, no memo, no notebook) still composes", () => {
    const c = composeResume(
      material({ older: [], memo: undefined, thinking: undefined, notebook: () => undefined }),
      9000,
    );
    expect(c.included).toMatchObject({ memo: false, thinking: false, notebook: false, olderTurns: [] });
    expect(c.injection).not.toContain("## Earlier turns");
  });
});

describe("baton", () => {
  it("is claimed by exactly one taker and can be put back", async () => {
    t = await tempStore();
    writeBaton(t.paths, { version: 1, sessionId: A, projectDir: "/p", createdAt: 1000 });
    expect(hasBaton(t.paths, "/p")).toBe(true);
    const one = claimBaton(t.paths, "/p");
    const two = claimBaton(t.paths, "/p");
    expect(one?.baton?.sessionId).toBe(A);
    expect(two).toBeUndefined();
    one!.release();
    expect(readBaton(t.paths, "/p")?.sessionId).toBe(A);
    claimBaton(t.paths, "/p")!.consumed();
    expect(hasBaton(t.paths, "/p")).toBe(false);
  });

  it("is fresh within the TTL only", () => {
    const b = { version: 1 as const, sessionId: A, projectDir: "/p", createdAt: 1_000_000 };
    expect(isFresh(b, 1_000_000 + 59 * 60_000, 60)).toBe(true);
    expect(isFresh(b, 1_000_000 + 61 * 60_000, 60)).toBe(false);
  });
});

function ctxFor(tmp: TempStore, projectDir: string, now: number, config = defaults()): HookContext {
  return {
    paths: tmp.paths,
    config,
    log: { debug() {}, info() {}, warn() {}, error() {} },
    projectDir,
    env: {},
    store: async () => tmp.store,
    now: () => now,
    deadline: NO_DEADLINE,
    self: { command: "/usr/bin/node", args: ["/opt/cairn.cjs"] },
    cli: () => "/usr/bin/node /opt/cairn.cjs",
    afterAnswer: () => {},
  };
}

describe("SessionStart after a handoff", () => {
  it("merges the chain in one go, injects the resume once, and writes the document", async () => {
    t = await tempStore();
    const projectDir = join(t.dir, "project");
    mkdirSync(join(projectDir, ".cairn"), { recursive: true });
    writeFileSync(join(projectDir, ".cairn", "STATE.md"), "# Goal\nGOAL-MARKER\n");
    const path = join(t.dir, "a.jsonl");
    writeFileSync(path, repeatSession(TOOLS_SESSION, 12, A));
    const now = Date.parse("2026-11-22T12:00:00Z");
    ingestSource(t.store, { path, sessionId: A, projectDir }, { now });
    saveMemo(t.store, { sessionId: A, projectDir, memo: "MEMO-NEXT-STEP", now });
    writeBaton(t.paths, {
      version: 1,
      sessionId: A,
      projectDir,
      transcriptPath: path,
      createdAt: now - 60_000,
    });

    const part: Part<"SessionStart"> = resumeParts(
      () => import("../../../src/notebook/inject.ts"),
    ).SessionStart;
    const event = {
      session_id: B,
      transcript_path: join(t.dir, "b.jsonl"),
      cwd: projectDir,
      hook_event_name: "SessionStart" as const,
      source: "startup",
    };
    const answer = await part.run(event, ctxFor(t, projectDir, now), {});
    const text = answer?.additionalContext ?? "";
    expect(text.length).toBeGreaterThan(500);
    expect(text.length).toBeLessThanOrEqual(9000);
    expect(text).toContain("MEMO-NEXT-STEP");
    expect(text).toContain("GOAL-MARKER");
    expect(text).toContain("exercise the tools, round 12 marker12x");
    expect(text).toMatch(/- T2 \d\d:\d\d exercise the tools, round 2 marker2x → All done with round 2/);
    expect(text).not.toContain("toolu_t2_large_read"); // no tool output or ids of old turns
    const doc = readFileSync(resumeDocPath(t.paths, projectDir, A), "utf8");
    expect(text).toContain(resumeDocPath(t.paths, projectDir, A));
    for (let k = 1; k <= 6; k++) expect(doc).toContain(`- T${k} `);

    const owners = t.store.db.prepare("SELECT DISTINCT session_id FROM mem_items").all();
    expect(owners).toEqual([{ session_id: B }]);
    const origins = t.store.db.prepare("SELECT DISTINCT origin_session FROM mem_items").all();
    expect(origins).toEqual([{ origin_session: A }]);
    expect(hasBaton(t.paths, projectDir)).toBe(false);
    expect(
      await part.run(
        { ...event, session_id: "cccccccc-0000-4000-8000-000000000003" },
        ctxFor(t, projectDir, now),
        {},
      ),
    ).toBeUndefined();
  });

  it("ignores an expired baton, a resume, and its own session", async () => {
    t = await tempStore();
    const projectDir = join(t.dir, "p");
    const now = 10_000_000;
    const part: Part<"SessionStart"> = resumeParts(
      () => import("../../../src/notebook/inject.ts"),
    ).SessionStart;
    const ev = {
      session_id: B,
      transcript_path: "/x",
      cwd: projectDir,
      hook_event_name: "SessionStart" as const,
      source: "startup",
    };
    writeBaton(t.paths, { version: 1, sessionId: A, projectDir, createdAt: now - 2 * 3600_000 });
    expect(await part.run(ev, ctxFor(t, projectDir, now), {})).toBeUndefined();
    expect(hasBaton(t.paths, projectDir)).toBe(false); // an expired baton is removed
    writeBaton(t.paths, { version: 1, sessionId: A, projectDir, createdAt: now });
    expect(await part.run({ ...ev, source: "resume" }, ctxFor(t, projectDir, now), {})).toBeUndefined();
    expect(hasBaton(t.paths, projectDir)).toBe(true); // a resume leaves it for the next new session
  });

  it("chains of handoffs accumulate, each row keeping its origin and turn numbers continuing", async () => {
    t = await tempStore();
    const pa = join(t.dir, "a.jsonl");
    const pb = join(t.dir, "b.jsonl");
    writeFileSync(pa, repeatSession(TOOLS_SESSION, 3, A));
    ingestSource(t.store, { path: pa, sessionId: A, projectDir: "/p" }, { now: 1 });
    mergeChain(t.store, A, B, "/p", 2);
    // B's copies of the real entries get uuids of their own (A's would be the same rows).
    writeFileSync(
      pb,
      repeatSession(TOOLS_SESSION, 2, B).replace(/-0001/g, "-0b01").replace(/-0002/g, "-0b02"),
    );
    ingestSource(t.store, { path: pb, sessionId: B, projectDir: "/p" }, { now: 3 });
    const C = "cccccccc-0000-4000-8000-000000000003";
    mergeChain(t.store, B, C, "/p", 4);
    const turns = t.store.db
      .prepare("SELECT origin_session AS o, turn FROM mem_items WHERE kind = 'user' ORDER BY turn")
      .all() as { o: string; turn: number }[];
    expect(turns.map((x) => `${x.o.slice(0, 1)}${x.turn}`)).toEqual(["a1", "a2", "a3", "b4", "b5"]);
    expect(t.store.db.prepare("SELECT DISTINCT session_id FROM mem_items").all()).toEqual([
      { session_id: C },
    ]);
    const r = buildResume(t.store, {
      fromSession: B,
      owner: C,
      projectDir: "/p",
      recentTurns: 2,
      maxChars: 9000,
      notebook: () => undefined,
      cli: "cairn",
      docPath: "/d.md",
      now: 5,
    });
    expect(r.included.recentTurns).toEqual([4, 5]);
    expect(r.included.olderTurns).toEqual([1, 2, 3]);
  });
});

describe("lastSessionSummary", () => {
  it("says where the last session stopped, within 1,500 characters", async () => {
    t = await tempStore();
    const path = join(t.dir, "a.jsonl");
    writeFileSync(path, repeatSession(TOOLS_SESSION, 5, A));
    ingestSource(t.store, { path, sessionId: A, projectDir: "/p" }, { now: 1 });
    const s = lastSessionSummary(t.store, "/p")!;
    expect(s.length).toBeLessThanOrEqual(1500);
    expect(s).toContain("Last session aaaaaaaa (5 turns");
    expect(s).toContain("T5 ");
    expect(s).toContain("Its last words: All done with round 5, conclusion5y.");
    expect(lastSessionSummary(t.store, "/elsewhere")).toBeUndefined();
  });
});
