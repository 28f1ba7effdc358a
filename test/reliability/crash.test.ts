import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { ingestSource } from "../../src/memory/ingest.ts";
import { openStore } from "../../src/store/db.ts";
import { realOutputs, transcriptLines, transcriptRound } from "./drivers/corpus.ts";
import { bashResponse } from "./drivers/in-process-hook.ts";
import { type Exit, integrity, runNode, type Sandbox, SOAK, sandbox, withDb } from "./lib.ts";

// Crash safety: a hook killed with SIGKILL (a crash, Claude Code's timeout, the user's
// ^C taking the process group) at any point of a write. Named failpoints
// (CAIRN_FAILPOINT, src/core/failpoint.ts) kill at exact places: before a transaction
// commits, between a temp file's write and its rename; random kills land anywhere.
// Afterwards the database passes integrity_check, no file is half-written, the next
// run picks up where the killed one was, and no original output is lost: an excerpt
// only ever reached the model when its original was committed.

const bundle = inject("cairnEntry");
const SESSION = "c0ffee00-0000-4000-8000-00000000dead";
const large = realOutputs(6_000, 60_000);
let crashes = 0;

function hook(s: Sandbox, event: string, input: object, failpoint?: string): Promise<Exit> {
  return runNode([bundle, "hook", event], {
    env: { ...s.env, ...(failpoint ? { CAIRN_FAILPOINT: failpoint } : {}) },
    input: JSON.stringify(input),
    cwd: s.project,
  });
}

function cli(s: Sandbox, args: string[], failpoint?: string, input?: string): Promise<Exit> {
  return runNode([bundle, ...args], {
    env: { ...s.env, ...(failpoint ? { CAIRN_FAILPOINT: failpoint } : {}) },
    cwd: s.project,
    input,
  });
}

const killed = (r: Exit) => {
  const hit = r.signal === "SIGKILL";
  if (hit) crashes += 1;
  return hit;
};

function postToolUse(s: Sandbox, id: string, text: string) {
  return {
    session_id: SESSION,
    transcript_path: join(s.root, "session.jsonl"),
    cwd: s.project,
    permission_mode: "default",
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: "npm test", description: "tests" },
    tool_response: bashResponse(text),
    tool_use_id: id,
  };
}

const stopEvent = (s: Sandbox) => ({
  session_id: SESSION,
  transcript_path: join(s.root, "session.jsonl"),
  cwd: s.project,
  permission_mode: "default",
  hook_event_name: "Stop",
  stop_hook_active: false,
});

const db = (s: Sandbox) => join(s.cairnHome, "cairn.db");
const rowsFor = (s: Sandbox, id: string) =>
  existsSync(db(s))
    ? withDb(db(s), (d) => d.prepare("SELECT id, excerpt FROM outputs WHERE tool_use_id = ?").all(id))
    : [];
const replaced = (r: Exit): string | undefined => {
  try {
    return JSON.parse(r.stdout).hookSpecificOutput?.updatedToolOutput?.stdout;
  } catch {
    return undefined;
  }
};

/** Memory and ledger rows, as counts per kind: what "picked up where it was" is compared on. */
function memoryAndLedger(path: string) {
  return withDb(path, (d) => ({
    items: d
      .prepare("SELECT layer, kind, count(*) AS n FROM mem_items GROUP BY layer, kind ORDER BY 1, 2")
      .all(),
    responses: (d.prepare("SELECT count(*) AS n FROM ledger_responses").get() as { n: number }).n,
    tools: (d.prepare("SELECT count(*) AS n FROM ledger_tools").get() as { n: number }).n,
  }));
}

/** What a quiet ingest of the same transcript holds (memory only; the ledger is compared to a clean hook run). */
async function quietMemory(root: string, transcript: string) {
  const path = join(root, `quiet-${Math.random().toString(36).slice(2)}.db`);
  const store = await openStore(path);
  try {
    ingestSource(store, { path: transcript, sessionId: SESSION, projectDir: null }, { now: Date.now() });
  } finally {
    store.close();
  }
  return withDb(path, (d) =>
    d.prepare("SELECT layer, kind, count(*) AS n FROM mem_items GROUP BY layer, kind ORDER BY 1, 2").all(),
  );
}

afterAll(() => {
  console.log(`crash safety: ${crashes} SIGKILLs injected`);
});

describe("named failpoints", () => {
  let s: Sandbox;
  afterEach(() => s?.cleanup());

  it.each(["filing:stored", "tx:commit@1"])(
    "PostToolUse killed at %s: nothing shown, nothing half-stored; the retry files it once",
    async (fp) => {
      s = sandbox();
      writeFileSync(join(s.root, "session.jsonl"), "");
      const event = postToolUse(s, "toolu_crash_1", large[0]!);
      const r = await hook(s, "PostToolUse", event, fp);
      expect(killed(r)).toBe(true);
      expect(r.stdout).toBe(""); // Claude Code shows the original when a hook dies
      expect(rowsFor(s, "toolu_crash_1")).toEqual([]);
      if (existsSync(db(s))) expect(integrity(db(s))).toBe("ok");
      const again = await hook(s, "PostToolUse", event);
      expect(again.code).toBe(0);
      expect(replaced(again)).toMatch(/^\[cairn #\d+ /);
      expect(rowsFor(s, "toolu_crash_1")).toHaveLength(1);
    },
  );

  it("PostToolUse killed after filing, before its event row: the retry shows the same excerpt, one record", async () => {
    s = sandbox();
    writeFileSync(join(s.root, "session.jsonl"), "");
    const event = postToolUse(s, "toolu_crash_2", large[1]!);
    const r = await hook(s, "PostToolUse", event, "record:event");
    expect(killed(r)).toBe(true);
    const filed = rowsFor(s, "toolu_crash_2") as { id: number; excerpt: string }[];
    expect(filed).toHaveLength(1);
    // The answer went out before the record was written: a slow or stuck record (a busy
    // database) never holds back, or lets the hard timer replace, the excerpt.
    expect(replaced(r)).toBe(filed[0]!.excerpt);
    expect(withDb(db(s), (d) => d.prepare("SELECT count(*) AS n FROM events").get())).toEqual({ n: 0 });
    expect(integrity(db(s))).toBe("ok");
    // The excerpt's header told the model the id: it reads back in this project before
    // any record of the event, since the session is filed with its output.
    const early = await cli(s, ["show", String(filed[0]!.id)]);
    expect(early.stderr).toBe("");
    expect(early.stdout).toBe(large[1]);
    const again = await hook(s, "PostToolUse", event);
    expect(`${replaced(again)}`).toBe(filed[0]!.excerpt);
    expect(rowsFor(s, "toolu_crash_2")).toHaveLength(1);
    const shown = await cli(s, ["show", String(filed[0]!.id)]);
    expect(shown.stdout).toBe(large[1]);
  });

  it("Stop killed before each of its commits: the next Stop catches the ledger and memory up exactly", async () => {
    const lines = transcriptLines();
    const reference = sandbox();
    try {
      writeFileSync(join(reference.root, "session.jsonl"), transcriptRound(lines, SESSION, 0));
      expect((await hook(reference, "Stop", stopEvent(reference))).code).toBe(0);
      const want = memoryAndLedger(db(reference));
      expect(want.responses).toBeGreaterThan(0);
      let hits = 0;
      for (let k = 1; k <= 12; k++) {
        s = sandbox();
        writeFileSync(join(s.root, "session.jsonl"), transcriptRound(lines, SESSION, 0));
        const r = await hook(s, "Stop", stopEvent(s), `tx:commit@${k}`);
        if (killed(r)) {
          hits += 1;
          expect(integrity(db(s))).toBe("ok");
        }
        expect((await hook(s, "Stop", stopEvent(s))).code).toBe(0);
        expect(memoryAndLedger(db(s)), `killed before commit ${k}`).toEqual(want);
        s.cleanup();
      }
      expect(hits).toBeGreaterThanOrEqual(3); // ledger, memory, retention all commit
    } finally {
      reference.cleanup();
    }
  });

  it("STATE.md killed mid-write: the old notebook or the new, never half; the temp file is swept", async () => {
    s = sandbox();
    expect((await cli(s, ["state", "set", "goal", "ship the parser"])).code).toBe(0);
    const notebook = join(s.project, ".cairn", "STATE.md");
    const before = readFileSync(notebook, "utf8");
    for (const fp of ["atomic:written", "atomic:rename"]) {
      const r = await cli(s, ["state", "set", "goal", "a goal that never lands"], fp);
      expect(killed(r)).toBe(true);
      expect(readFileSync(notebook, "utf8")).toBe(before);
    }
    const temps = readdirSync(join(s.project, ".cairn")).filter((n) => n.endsWith(".tmp"));
    expect(temps.length).toBe(2);
    expect((await cli(s, ["state", "set", "goal", "ship the lexer"])).code).toBe(0);
    expect(readFileSync(notebook, "utf8")).toContain("ship the lexer");
    // Temp files in cairn's own folder are swept by gc once clearly abandoned.
    const stale = join(s.cairnHome, "sessions", "x", "summary.json.123.abcdef12.tmp");
    mkdirSync(join(s.cairnHome, "sessions", "x"), { recursive: true });
    writeFileSync(stale, "{half");
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(stale, hourAgo, hourAgo);
    expect((await cli(s, ["gc"])).code).toBe(0);
    expect(existsSync(stale)).toBe(false);
  });

  it("install killed at every write: settings stay valid, a second install completes, uninstall restores the bytes", async () => {
    const original =
      '{\n  "model": "opus",\n  "statusLine": {"type": "command", "command": "echo mine"}\n}\n';
    const claudeJson = '{\n  "numStartups": 3\n}\n';
    let hits = 0;
    for (const base of ["atomic:written", "atomic:rename"]) {
      for (let k = 1; k <= 6; k++) {
        s = sandbox();
        mkdirSync(join(s.home, ".claude"), { recursive: true });
        const settings = join(s.home, ".claude", "settings.json");
        writeFileSync(settings, original);
        writeFileSync(join(s.home, ".claude.json"), claudeJson);
        const r = await cli(s, ["install"], `${base}@${k}`);
        if (killed(r)) {
          hits += 1;
          const now = readFileSync(settings, "utf8");
          JSON.parse(now); // never half-written
        }
        const again = await cli(s, ["install"]);
        expect(again.code, again.stderr).toBe(0);
        expect(JSON.parse(readFileSync(settings, "utf8")).hooks.Stop).toBeDefined();
        const un = await cli(s, ["uninstall"]);
        expect(un.code, un.stderr).toBe(0);
        expect(readFileSync(settings, "utf8"), `${base}@${k}`).toBe(original);
        expect(
          JSON.parse(readFileSync(join(s.home, ".claude.json"), "utf8")).mcpServers?.cairn,
        ).toBeUndefined();
        expect(existsSync(join(s.home, ".claude", "commands", "handoff.md"))).toBe(false);
        s.cleanup();
      }
    }
    expect(hits).toBeGreaterThanOrEqual(8); // backup, MCP file, /handoff, record, settings
  });
});

describe("random kills", () => {
  const RUNS = SOAK ? 600 : 60;
  let s: Sandbox;
  afterAll(() => s?.cleanup());

  /** PostToolUse and Stop runs in `box`, each killed once its main thread has run `killAtCpuMs`. */
  const runsIn = (box: Sandbox) => {
    const transcript = join(box.root, "session.jsonl");
    writeFileSync(transcript, "", { flag: "a" });
    const lines = transcriptLines();
    let round = 0;
    return {
      transcript,
      post: (id: string, i: number, killAtCpuMs: number) =>
        runNode([bundle, "hook", "PostToolUse"], {
          env: box.env,
          input: JSON.stringify(postToolUse(box, id, large[i % large.length]!)),
          cwd: box.project,
          killAtCpuMs,
        }),
      stop: (killAtCpuMs: number) => {
        writeFileSync(transcript, transcriptRound(lines, SESSION, round++), { flag: "a" });
        return runNode([bundle, "hook", "Stop"], {
          env: box.env,
          input: JSON.stringify(stopEvent(box)),
          cwd: box.project,
          killAtCpuMs,
        });
      },
    };
  };

  /**
   * The CPU time whole runs take (the most of a few watched, not killed): a fresh
   * database's first PostToolUse, a later one, and a Stop.
   */
  async function wholeRuns(): Promise<{ post: number; stop: number }> {
    const box = sandbox();
    try {
      const run = runsIn(box);
      const watched = Number.POSITIVE_INFINITY;
      const posts = [
        await run.post("toolu_calib_0", 0, watched),
        await run.post("toolu_calib_1", 1, watched),
      ];
      const stop = await run.stop(watched);
      for (const r of [...posts, stop]) expect(r.code, r.stderr).toBe(0);
      return { post: Math.max(...posts.map((r) => r.cpuMs ?? 0)), stop: stop.cpuMs ?? 0 };
    } finally {
      box.cleanup();
    }
  }

  /** The database files as they stand (size and modification time), to tell whether a run wrote. */
  const dbState = (box: Sandbox) =>
    [db(box), `${db(box)}-wal`]
      .map((f) => {
        try {
          const st = statSync(f);
          return `${st.size}:${st.mtimeMs}`;
        } catch {
          return "-";
        }
      })
      .join(" ");

  it(`${RUNS} hooks killed at random moments lose nothing`, async () => {
    // A kill lands at a random point of the hook's own work, as a share of the CPU time
    // a whole run takes: neither a loaded machine (where the same work takes many times
    // the wall time) nor a faster one moves the kills out of the writes. Past the whole
    // run a hook finishes; most die somewhere inside it.
    const whole = await wholeRuns();
    expect(whole.post, "a PostToolUse's CPU time").toBeGreaterThan(0);
    expect(whole.stop, "a Stop's CPU time").toBeGreaterThan(0);
    s = sandbox();
    const run = runsIn(s);
    const transcript = run.transcript;
    const shown = new Map<string, string>();
    let kills = 0;
    let killsAfterWriting = 0;
    for (let i = 0; i < RUNS; i++) {
      const share = Math.random() * 1.2;
      const before = dbState(s);
      let r: Exit;
      if (i % 3 === 2) {
        r = await run.stop(share * whole.stop);
      } else {
        const id = `toolu_rand_${i}`;
        r = await run.post(id, i, share * whole.post);
        const excerpt = replaced(r);
        if (excerpt) shown.set(id, excerpt);
      }
      if (killed(r)) {
        kills += 1;
        if (dbState(s) !== before) killsAfterWriting += 1;
      }
    }
    console.log(
      `random kills: ${kills} of ${RUNS} hooks killed mid-run, ${killsAfterWriting} after they had written to the database (whole runs: PostToolUse ${whole.post.toFixed(0)} ms, Stop ${whole.stop.toFixed(0)} ms of CPU)`,
    );
    expect(kills).toBeGreaterThan(RUNS / 10);
    // The premise: hooks died after they had begun to write to the database.
    expect(killsAfterWriting).toBeGreaterThan(RUNS / 20);
    expect(integrity(db(s))).toBe("ok");

    // Every excerpt that reached the model names a stored output holding its original,
    // byte for byte (its own, or, for an identical repeat, the earlier one it refers to),
    // and each tool call has at most one record.
    withDb(db(s), (d) => {
      const rows = d
        .prepare("SELECT id AS output, tool_use_id AS id, original, excerpt, compressor FROM outputs")
        .all() as {
        output: number;
        id: string;
        original: Uint8Array;
        excerpt: string | null;
        compressor: string | null;
      }[];
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      // Filed whole or not at all: every record was completed in the transaction that
      // stored its original (its excerpt, or none when the original itself was shown).
      for (const r of rows) expect(r.compressor).not.toBeNull();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const byOutput = new Map(rows.map((r) => [r.output, r]));
      for (const [id, said] of shown) {
        const named = Number(/^\[cairn #(\d+)[ ,]/.exec(said)?.[1]);
        const row = byOutput.get(named);
        expect(row, `${id}: ${said.slice(0, 120)}`).toBeDefined();
        const i = Number(id.split("_").at(-1));
        expect(Buffer.from(row!.original).toString("utf8") === large[i % large.length], id).toBe(true);
        if (!said.includes("shown earlier")) expect(byId.get(id)?.excerpt, id).toBe(said);
      }
    });

    // The next clean turn end picks up where the killed ones stopped.
    expect((await hook(s, "Stop", stopEvent(s))).code).toBe(0);
    expect(memoryAndLedger(db(s)).items).toEqual(await quietMemory(s.root, transcript));
    const temps = readdirSync(s.cairnHome, { recursive: true }).filter((n) => String(n).endsWith(".tmp"));
    // Killed writers may leave temp files; they are never the file itself, and gc sweeps them.
    for (const t of temps) expect(String(t)).toMatch(/\.\d+\.[a-z0-9]+\.tmp$/);
  });
});
