import { spawn } from "node:child_process";
import { appendFileSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { indexOutputs, ingestSource, subagentSources } from "../../../src/memory/ingest.ts";
import { openStore } from "../../../src/store/db.ts";
import {
  AUTOCOMPACT,
  BASIC,
  dump,
  ftsCount,
  lines,
  repeatSession,
  SUBAGENT,
  type TempStore,
  TOOLS_SESSION,
  tempStore,
} from "./helpers.ts";

const SID = "c0ffee00-0000-4000-8000-000000000001";
let t: TempStore | undefined;
afterEach(() => {
  t?.cleanup();
  t = undefined;
});

function kinds(store: TempStore["store"]) {
  return store.db.prepare("SELECT kind, count(*) AS n FROM mem_items GROUP BY kind ORDER BY kind").all();
}

describe("ingest of a real transcript", () => {
  it("stores the prompt and answer as L2, every tool call and result as L3, in one turn", async () => {
    t = await tempStore();
    const r = ingestSource(t!.store, { path: TOOLS_SESSION, sessionId: SID, projectDir: "/p" }, { now: 1 });
    expect(r.done).toBe(true);
    const rows = t!.store.db.prepare("SELECT * FROM mem_items ORDER BY id").all() as Record<
      string,
      unknown
    >[];
    const l2 = rows.filter((x) => x.layer === 2).map((x) => `${x.kind}:${x.text}`);
    expect(l2).toEqual(["user:exercise the tools", "assistant:Let me look.", "assistant:All done."]);
    const uses = rows.filter((x) => x.kind === "tool_use").map((x) => x.tool_use_id);
    const results = rows.filter((x) => x.kind === "tool_result").map((x) => x.tool_use_id);
    expect(uses).toContain("toolu_cap_large_read");
    expect(new Set(results)).toEqual(new Set(uses));
    expect(rows.every((x) => x.turn === 1 && x.session_id === SID && x.origin_session === SID)).toBe(true);
    const failed = rows.find((x) => x.tool_use_id === "toolu_cap_exit3_bash" && x.kind === "tool_result");
    expect(failed?.is_error).toBe(1);
    // The 74 KB Read result is stored whole: it is what `cairn detail` shows.
    const large = rows.find((x) => x.tool_use_id === "toolu_cap_large_read" && x.kind === "tool_result");
    expect(String(large?.text).length).toBeGreaterThan(50_000);
    expect(ftsCount(t!.store, '"exercise"')).toBe(1);
    // Environment snapshots and bookkeeping are not memory.
    expect(rows.some((x) => String(x.text).includes("Primary working directory"))).toBe(false);
  });

  it("keeps hook output as L3 and skips cairn's own resume injection", async () => {
    t = await tempStore();
    ingestSource(t!.store, { path: BASIC, sessionId: "s", projectDir: "/p" }, { now: 1 });
    const hooks = t!.store.db.prepare("SELECT text FROM mem_items WHERE kind = 'hook'").all() as {
      text: string;
    }[];
    expect(hooks.map((h) => h.text)).toContain("SessionStart: [memory] previous session summary goes here");
  });

  it("stores a compaction summary as a detail, not as a new turn", async () => {
    t = await tempStore();
    ingestSource(t!.store, { path: AUTOCOMPACT, sessionId: "s", projectDir: "/p" }, { now: 1 });
    const turns = t!.store.db.prepare("SELECT DISTINCT turn FROM mem_items").all() as { turn: number }[];
    expect(turns.map((x) => x.turn)).toEqual([1]);
    const sys = t!.store.db.prepare("SELECT text FROM mem_items WHERE kind = 'system'").all() as {
      text: string;
    }[];
    expect(sys.some((s) => s.text.startsWith("This session is being continued"))).toBe(true);
    expect(sys.some((s) => s.text.startsWith("compact_boundary"))).toBe(true);
  });

  it("files a subagent's transcript as details of the parent's current turn", async () => {
    t = await tempStore();
    ingestSource(t!.store, { path: TOOLS_SESSION, sessionId: SID, projectDir: "/p" }, { now: 1 });
    ingestSource(t!.store, { path: SUBAGENT, sessionId: SID, projectDir: "/p", agentId: "ad8" }, { now: 2 });
    const sub = t!.store.db.prepare("SELECT * FROM mem_items WHERE agent_id = 'ad8'").all() as Record<
      string,
      unknown
    >[];
    expect(sub.length).toBeGreaterThan(2);
    expect(sub.every((x) => x.layer === 3 && x.turn === 1)).toBe(true);
    expect(sub.map((x) => x.text)).toContain("subagent final report.");
  });

  it("finds subagent transcripts beside the session's, and none where there are none", async () => {
    t = await tempStore();
    const main = join(t!.dir, "abc.jsonl");
    copyFileSync(TOOLS_SESSION, main);
    expect(subagentSources(main, "abc", "/p")).toEqual([]);
    mkdirSync(join(t!.dir, "abc", "subagents"), { recursive: true });
    copyFileSync(SUBAGENT, join(t!.dir, "abc", "subagents", "agent-ad8ebffed80e1d36f.jsonl"));
    writeFileSync(join(t!.dir, "abc", "subagents", "agent-ad8ebffed80e1d36f.meta.json"), "{}");
    expect(subagentSources(main, "abc", "/p")).toEqual([
      {
        path: join(t!.dir, "abc", "subagents", "agent-ad8ebffed80e1d36f.jsonl"),
        sessionId: "abc",
        projectDir: "/p",
        agentId: "ad8ebffed80e1d36f",
      },
    ]);
  });
});

describe("ingest is idempotent and incremental", () => {
  it("ingesting the same transcript twice, or from offset 0 again, changes nothing", async () => {
    t = await tempStore();
    const src = { path: TOOLS_SESSION, sessionId: SID, projectDir: "/p" };
    ingestSource(t!.store, src, { now: 1 });
    const first = dump(t!.store);
    const again = ingestSource(t!.store, src, { now: 2 });
    expect(again.added).toBe(0);
    expect(again.entries).toBe(0); // nothing new past the saved offset
    t!.store.db.exec("DELETE FROM mem_sources");
    const replay = ingestSource(t!.store, src, { now: 3 });
    expect(replay.entries).toBeGreaterThan(10);
    expect(replay.added).toBe(0);
    expect(dump(t!.store)).toEqual(first);
    expect(ftsCount(t!.store, '"exercise"')).toBe(1);
  });

  it("reading a growing file piece by piece (a line half written) gives the same rows as reading it once", async () => {
    t = await tempStore();
    const whole = repeatSession(TOOLS_SESSION, 3);
    const path = join(t!.dir, "growing.jsonl");
    writeFileSync(path, "");
    const src = { path, sessionId: "g", projectDir: "/p" };
    let pos = 0;
    const step = 7919; // cuts lines anywhere
    while (pos < whole.length) {
      appendFileSync(path, whole.slice(pos, pos + step));
      pos += step;
      ingestSource(t!.store, src, { now: 1, chunkBytes: 4096 });
    }
    const piecewise = dump(t!.store);
    const t2 = await tempStore();
    try {
      const p2 = join(t2.dir, "growing.jsonl");
      writeFileSync(p2, whole);
      ingestSource(t2.store, { path: p2, sessionId: "g", projectDir: "/p" }, { now: 1 });
      expect(piecewise).toEqual(dump(t2.store));
      const turns = t2.store.db.prepare("SELECT DISTINCT turn FROM mem_items ORDER BY turn").all();
      expect(turns).toEqual([{ turn: 1 }, { turn: 2 }, { turn: 3 }]);
    } finally {
      t2.cleanup();
    }
  });

  it("a failure in the middle of a chunk rolls the chunk back; the next run completes it exactly", async () => {
    t = await tempStore();
    const path = join(t!.dir, "s.jsonl");
    writeFileSync(path, repeatSession(TOOLS_SESSION, 4));
    const src = { path, sessionId: "k", projectDir: "/p" };
    expect(() =>
      ingestSource(t!.store, src, {
        now: 1,
        chunkBytes: 64 * 1024,
        afterEntry: (n) => {
          if (n === 150) throw new Error("killed");
        },
      }),
    ).toThrow("killed");
    const partial = dump(t!.store).length;
    ingestSource(t!.store, src, { now: 1 });
    const t2 = await tempStore();
    try {
      ingestSource(t2.store, { ...src }, { now: 1 });
      expect(partial).toBeLessThan(dump(t2.store).length);
      expect(dump(t!.store)).toEqual(dump(t2.store));
    } finally {
      t2.cleanup();
    }
  });

  it("a process killed with SIGKILL in the middle of ingest leaves a store the next run completes exactly", async () => {
    t = await tempStore();
    const path = join(t!.dir, "big.jsonl");
    writeFileSync(path, repeatSession(TOOLS_SESSION, 40));
    const script = join(t!.dir, "ingest-child.ts");
    writeFileSync(
      script,
      `import { openStore } from ${JSON.stringify(new URL("../../../src/store/db.ts", import.meta.url).pathname)};
       import { ingestSource } from ${JSON.stringify(new URL("../../../src/memory/ingest.ts", import.meta.url).pathname)};
       const store = await openStore(process.argv[2]);
       process.stdout.write("open\\n");
       // Slowed down (1 ms every 5 entries) so the kill always lands in the middle.
       const pause = new Int32Array(new SharedArrayBuffer(4));
       ingestSource(store, { path: process.argv[3], sessionId: "k", projectDir: "/p" }, {
         now: 1, chunkBytes: 32 * 1024, afterEntry: (n) => { if (n % 5 === 0) Atomics.wait(pause, 0, 0, 1); },
       });
       process.stdout.write("done\\n");`,
    );
    const db = join(t!.dir, "child.db");
    const child = spawn(process.execPath, [script, db, path], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (d: Buffer) => {
        output += d.toString();
        // Let it write a few chunks, then kill it mid-run.
        if (output.includes("open")) setTimeout(() => child.kill("SIGKILL"), 300);
      });
      child.on("close", () => resolve());
    });
    const store = await openStore(db);
    try {
      const before = dump(store).length;
      ingestSource(store, { path, sessionId: "k", projectDir: "/p" }, { now: 1 });
      ingestSource(t!.store, { path, sessionId: "k", projectDir: "/p" }, { now: 1 });
      expect(output).not.toContain("done");
      expect(before).toBeLessThan(dump(t!.store).length);
      expect(dump(store)).toEqual(dump(t!.store));
      const fts = (s: typeof store) =>
        (
          s.db.prepare("SELECT count(*) AS n FROM mem_fts WHERE mem_fts MATCH 'marker17x'").get() as {
            n: number;
          }
        ).n;
      expect(fts(store)).toBe(fts(t!.store));
      expect(fts(store)).toBeGreaterThan(0);
      // Not a test that cannot fail: say where the kill landed.
      console.log(
        `SIGKILL test: ${before} of ${dump(store).length} rows were in before the re-run (${output.trim().replace(/\n/g, ", ")})`,
      );
    } finally {
      store.close();
    }
  });

  it("starts over (without duplicates) when the file was rewritten under the saved offset", async () => {
    t = await tempStore();
    const path = join(t!.dir, "s.jsonl");
    copyFileSync(TOOLS_SESSION, path);
    const src = { path, sessionId: SID, projectDir: "/p" };
    ingestSource(t!.store, src, { now: 1 });
    const before = dump(t!.store);
    // Rewrite one line in place (as `cairn slim` does): the bytes before the offset change.
    const ls = lines(path);
    ls[0] = ls[0]!.replace("enqueue", "enqueueX");
    writeFileSync(path, `${ls.join("\n")}\n`);
    const r = ingestSource(t!.store, src, { now: 2 });
    expect(r.entries).toBeGreaterThan(10);
    expect(r.added).toBe(0);
    expect(dump(t!.store)).toEqual(before);
  });
});

describe("outputs index", () => {
  it("indexes stored originals once, from a watermark", async () => {
    t = await tempStore();
    const ins = t!.store.db.prepare(
      "INSERT INTO outputs (session_id, tool_name, original, original_bytes, original_lines, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    ins.run("s", "Bash", Buffer.from("error TS2345: Argument of type zebra"), 10, 1, 1);
    ins.run("s", "Bash", Buffer.from("all fine here"), 10, 1, 1);
    expect(indexOutputs(t!.store, 1)).toBe(2);
    expect(indexOutputs(t!.store, 1)).toBe(0);
    const hit = t!.store.db
      .prepare(
        "SELECT rowid, snippet(mem_outputs_fts, 0, '[', ']', '…', 5) AS s FROM mem_outputs_fts WHERE mem_outputs_fts MATCH 'zebra'",
      )
      .all();
    expect(hit).toEqual([{ rowid: 1, s: "…Argument of type [zebra]" }]);
  });
});

describe("kinds", () => {
  it("counts every kind it stores from the real session", async () => {
    t = await tempStore();
    ingestSource(t!.store, { path: TOOLS_SESSION, sessionId: SID, projectDir: "/p" }, { now: 1 });
    expect(kinds(t!.store)).toEqual([
      { kind: "assistant", n: 2 },
      { kind: "tool_result", n: 16 },
      { kind: "tool_use", n: 16 },
      { kind: "user", n: 1 },
    ]);
  });
});
