import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hhmm } from "../../../src/memory/compose.ts";
import { detail, parseDetailSpec, SpecError, turnsAtTime } from "../../../src/memory/detail.ts";
import { indexOutputs, ingestSource } from "../../../src/memory/ingest.ts";
import { mergeChain } from "../../../src/memory/resume.ts";
import { search, toFtsQuery } from "../../../src/memory/search.ts";
import { turnSpans } from "../../../src/memory/store.ts";
import { parseWhen } from "../../../src/memory/when.ts";
import { repeatSession, type TempStore, TOOLS_SESSION, tempStore } from "./helpers.ts";

let t: TempStore | undefined;
afterEach(() => {
  t?.cleanup();
  t = undefined;
});

const A = "aaaaaaaa-0000-4000-8000-000000000001";

async function fiveTurns(): Promise<TempStore> {
  const s = await tempStore();
  const path = join(s.dir, "a.jsonl");
  writeFileSync(path, repeatSession(TOOLS_SESSION, 5, A));
  ingestSource(s.store, { path, sessionId: A, projectDir: "/p" }, { now: 1 });
  s.store.db
    .prepare("INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES (?, '/p', 1, 1)")
    .run(A);
  return s;
}

describe("parseDetailSpec", () => {
  it("reads times, ranges, turns and tool ids", () => {
    expect(parseDetailSpec(["14:05"])).toEqual({ by: "time", from: 50700, to: 50759 });
    expect(parseDetailSpec(["14:05:30"])).toEqual({ by: "time", from: 50730, to: 50730 });
    expect(parseDetailSpec(["14:00-14:30"])).toEqual({ by: "time", from: 50400, to: 52259 });
    expect(parseDetailSpec(["turn", "3"])).toEqual({ by: "turns", from: 3, to: 3 });
    expect(parseDetailSpec(["turn", "3-5"])).toEqual({ by: "turns", from: 3, to: 5 });
    expect(parseDetailSpec(["t12"])).toEqual({ by: "turns", from: 12, to: 12 });
    expect(parseDetailSpec(["toolu_01ABC"])).toEqual({ by: "tool", id: "toolu_01ABC" });
  });

  it("says what is wrong with bad input", () => {
    for (const bad of [[], ["25:00"], ["14:30-14:00"], ["turn", "5-3"], ["what?"], ["42"]]) {
      expect(() => parseDetailSpec(bad)).toThrow(SpecError);
    }
  });
});

describe("detail", () => {
  it("prints a turn's conversation and every tool call with its whole output, grouped by kind", async () => {
    t = await fiveTurns();
    const r = detail(t.store, A, parseDetailSpec(["turn", "2"]));
    expect(r.turns).toEqual([2]);
    const text = r.text;
    expect(text).toMatch(/^=== Turn 2 · /);
    expect(text.indexOf("--- Conversation ---")).toBeLessThan(text.indexOf("--- Tool calls ---"));
    expect(text).toContain("User: exercise the tools, round 2 marker2x");
    expect(text).toContain("Read toolu_t2_large_read input:");
    expect(text).toContain("Bash toolu_t2_exit3_bash input:");
    expect(text).toMatch(/toolu_t2_exit3_bash input: .*\n {2}output \(error\):\nExit code 3\noops/);
    expect(text).not.toContain("marker3x");
    // The 74 KB Read output is whole.
    expect(text.length).toBeGreaterThan(70_000);
    expect(detail(t.store, A, parseDetailSpec(["turn", "2"]), { maxChars: 5000 }).text.length).toBeLessThan(
      5400,
    );
  });

  it("a tool_use id shows that call, and the stored original where the model saw an excerpt", async () => {
    t = await fiveTurns();
    t.store.db
      .prepare(
        "INSERT INTO outputs (session_id, tool_use_id, tool_name, original, original_bytes, original_lines, created_at) VALUES (?, ?, 'Bash', ?, 20, 1, 1)",
      )
      .run(A, "toolu_t4_small_bash", Buffer.from("THE WHOLE ORIGINAL OUTPUT"));
    const r = detail(t.store, A, parseDetailSpec(["toolu_t4_small_bash"]));
    expect(r.turns).toEqual([4]);
    expect(r.text).toContain("User (the turn's request): exercise the tools, round 4");
    expect(r.text).toContain("original output (stored as #1");
    expect(r.text).toContain("THE WHOLE ORIGINAL OUTPUT");
    expect(r.text).not.toContain("toolu_t4_large_read");
  });

  it("a time finds the turn in progress, a range every turn in it", async () => {
    t = await fiveTurns();
    const spans = turnSpans(t.store, A);
    expect(spans.map((s) => s.turn)).toEqual([1, 2, 3, 4, 5]);
    // repeatSession puts turn k at 09:00Z + k minutes.
    const at = (k: number) => {
      const d = new Date(Date.parse("2026-11-22T09:00:00Z") + k * 60_000);
      return d.getHours() * 3600 + d.getMinutes() * 60;
    };
    expect(turnsAtTime(spans, at(3), at(3) + 59)).toEqual([3]);
    expect(turnsAtTime(spans, at(2), at(4) + 59)).toEqual([2, 3, 4]);
    // Between turns: the last one that started before.
    expect(turnsAtTime(spans, at(9), at(9) + 59)).toEqual([5]);
    const label = hhmm(Date.parse("2026-11-22T09:03:00Z"));
    expect(detail(t.store, A, parseDetailSpec([label])).turns).toEqual([3]);
  });

  it("covers the whole merge chain", async () => {
    t = await fiveTurns();
    const B = "bbbbbbbb-0000-4000-8000-000000000002";
    mergeChain(t.store, A, B, "/p", 2);
    expect(detail(t.store, B, parseDetailSpec(["turn", "1-5"])).turns).toEqual([1, 2, 3, 4, 5]);
    expect(detail(t.store, A, parseDetailSpec(["turn", "1"])).turns).toEqual([]);
  });
});

describe("search", () => {
  it("quotes words, passes FTS syntax through", () => {
    expect(toFtsQuery("foo.ts  TS2345")).toBe('"foo.ts" "TS2345"');
    expect(toFtsQuery('"exact phrase" OR other')).toBe('"exact phrase" OR other');
    // Code as typed is words, not syntax: a colon, a dot or a parenthesis inside a word.
    expect(toFtsQuery("src/db/pool.ts:88 getUser(")).toBe('"src/db/pool.ts:88" "getUser("');
    expect(toFtsQuery("pre* NOT x")).toBe("pre* NOT x");
  });

  it("ranks hits across layers and stored outputs, with snippets and filters", async () => {
    t = await fiveTurns();
    const ins = t.store.db.prepare(
      "INSERT INTO outputs (session_id, tool_use_id, tool_name, label, original, original_bytes, original_lines, created_at) VALUES (?, ?, ?, ?, ?, 1, 1, ?)",
    );
    ins.run(A, "toolu_x", "Bash", "npm test", Buffer.from("FAIL src/marker3x.test.ts\nexpected 2 got 3"), 5);
    ins.run("other", "toolu_y", "Bash", "npm test", Buffer.from("marker3x elsewhere"), 5);
    indexOutputs(t.store, 1);
    const hits = search(t.store, { query: "marker3x", projectDir: "/p" });
    expect(hits.map((h) => h.source).sort()).toEqual(["memory", "output"]);
    const mem = hits.find((h) => h.source === "memory")!;
    expect(mem).toMatchObject({ turn: 3, kind: "user", session: A });
    expect(mem.snippet).toContain("marker3x");
    expect(mem.snippet.slice(mem.marks[0]![0], mem.marks[0]![1])).toBe("marker3x");
    const out = hits.find((h) => h.source === "output")!;
    expect(out).toMatchObject({ id: 1, toolName: "Bash", label: "npm test" });
    // Every project: the other session's output too.
    expect(search(t.store, { query: "marker3x" }).filter((h) => h.source === "output")).toHaveLength(2);
    // Tool filter applies to results as well as calls.
    const reads = search(t.store, { query: "TODO", tool: "Grep", projectDir: "/p" });
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((h) => h.toolName === "Grep")).toBe(true);
    // Time filter.
    expect(
      search(t.store, { query: "marker3x", projectDir: "/p", since: Date.parse("2026-11-23T00:00:00Z") }),
    ).toEqual([]);
    // A malformed FTS expression is refused with the reason, not answered with something else.
    expect(() => search(t!.store, { query: 'marker3x"', projectDir: "/p" })).toThrow(/not valid FTS5 syntax/);
  });
});

describe("parseWhen", () => {
  it("reads ages, clock times and ISO dates", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(parseWhen("2h", now)).toBe(now - 7_200_000);
    expect(parseWhen("2026-11-20", now)).toBe(Date.parse("2026-11-20"));
    expect(new Date(parseWhen("08:30", now)!).getMinutes()).toBe(30);
    expect(parseWhen("soon", now)).toBeNull();
  });
});
