import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../src/store/db.ts";
import { catchUpFile, catchUpSession } from "../../../src/window/ledger.ts";
import { ledgerSession, staleToolTokens, tokenTotals } from "../../../src/window/ledger-read.ts";
import { REPO } from "../../helpers/cairn.ts";
import { oracle } from "./oracle.ts";

const T = join(REPO, "test", "fixtures", "transcripts");
const TOOLS = join(T, "tools-session.jsonl");
const AUTO = join(T, "autocompact-session.jsonl");
const SUB = join(T, "tools-session-subagent.jsonl");
const SID = "c0ffee00-0000-4000-8000-000000000001";

let dir: string;
let store: Store;
let path: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "cairn-ledger-"));
  store = await openStore(join(dir, "cairn.db"));
  path = join(dir, `${SID}.jsonl`);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything the ledger holds, in a comparable form. */
function dump(s: Store) {
  const q = (sql: string) =>
    s.db
      .prepare(sql)
      .all()
      .map((r) => ({ ...r }));
  return {
    responses: q(
      "SELECT session_id, agent_id, message_id, model, input_tokens, cache_creation_tokens, cache_read_tokens, output_tokens, at, seq, turn, epoch FROM ledger_responses ORDER BY agent_id, seq",
    ),
    tools: q(
      "SELECT session_id, agent_id, tool_use_id, name, message_id, called_at, result_at, result_bytes, result_tokens, is_error, turn, epoch FROM ledger_tools ORDER BY tool_use_id",
    ),
    compactions: q(
      "SELECT session_id, uuid, at, trigger, pre_tokens, post_tokens, seq FROM ledger_compactions",
    ),
    files: q(
      "SELECT path, session_id, agent_id, offset, turn, prompt_id, epoch, model, context_tokens, context_at, max_context_tokens, window_1m FROM ledger_files ORDER BY path",
    ),
  };
}

async function oneShot(files: { src: string; dst: string }[]) {
  const other = await openStore(join(dir, `oneshot-${Math.random()}.db`));
  try {
    for (const f of files) catchUpSession(other, SID, f.dst);
    return dump(other);
  } finally {
    other.close();
  }
}

describe("the ledger reads transcripts incrementally", () => {
  it("agrees exactly with an independent reading of a real transcript", () => {
    copyFileSync(TOOLS, path);
    const stats = catchUpSession(store, SID, path);
    expect(stats.bytes).toBe(readFileSync(TOOLS).length);
    const o = oracle([{ path: TOOLS }]);
    const t = tokenTotals(store, SID);
    expect({ ...t.main }).toEqual(o.byAgent.get(""));
    expect(ledgerSession(store, SID)?.contextTokens).toBe(o.lastMainContext);
  });

  it("reaches the same state when the file grows in random pieces, cut mid-line", async () => {
    const bytes = Buffer.concat([readFileSync(TOOLS), readFileSync(AUTO)]);
    writeFileSync(path, "");
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let at = 0;
    let reads = 0;
    while (at < bytes.length) {
      const n = Math.min(bytes.length - at, 1 + Math.floor(rand() * 60_000));
      appendFileSync(path, bytes.subarray(at, at + n));
      at += n;
      catchUpSession(store, SID, path, { chunkBytes: 4096 });
      reads++;
      // The cursor never passes a line that is not complete yet.
      const offset = dump(store).files[0]?.offset as number | undefined;
      if (offset !== undefined) expect(offset === 0 || bytes[offset - 1] === 0x0a).toBe(true);
    }
    expect(reads).toBeGreaterThan(10);
    const whole = await oneShot([{ src: "", dst: path }]);
    expect(dump(store)).toEqual(whole);
    expect(dump(store).compactions).toHaveLength(1);
  });

  it("leaves a partial last line for the next read, and costs only the new bytes", () => {
    const text = readFileSync(TOOLS, "utf8");
    const lines = text.split("\n").filter(Boolean);
    const last = lines.pop()!;
    writeFileSync(path, `${lines.join("\n")}\n${last.slice(0, 100)}`);
    const first = catchUpSession(store, SID, path);
    const offset = Buffer.byteLength(`${lines.join("\n")}\n`);
    expect(dump(store).files[0]?.offset).toBe(offset);
    expect(first.bytes).toBe(offset);
    appendFileSync(path, `${last.slice(100)}\n`);
    const second = catchUpSession(store, SID, path);
    expect(second.bytes).toBe(Buffer.byteLength(`${last}\n`));
    expect(catchUpSession(store, SID, path).bytes).toBe(0);
  });

  it("re-reads a transcript that shrank", async () => {
    copyFileSync(TOOLS, path);
    catchUpSession(store, SID, path);
    const lines = readFileSync(TOOLS, "utf8").split("\n");
    const keep = `${lines.slice(0, 30).join("\n")}\n`;
    truncateSync(path, Buffer.byteLength(keep));
    const stats = catchUpSession(store, SID, path);
    expect(stats.resets).toBe(1);
    expect(dump(store)).toEqual(await oneShot([{ src: "", dst: path }]));
  });

  it("re-reads a transcript replaced by another file (new inode), and one rewritten in place", async () => {
    copyFileSync(TOOLS, path);
    catchUpSession(store, SID, path);
    // A rewrite such as `cairn slim` makes: another file renamed over this one.
    const next = join(dir, "next.jsonl");
    copyFileSync(AUTO, next);
    renameSync(next, path);
    expect(catchUpSession(store, SID, path).resets).toBe(1);
    expect(dump(store)).toEqual(await oneShot([{ src: "", dst: path }]));
    expect(tokenTotals(store, SID).main).toEqual(oracle([{ path: AUTO }]).byAgent.get(""));

    // Rewritten in place (same inode), longer than before: the first bytes differ.
    writeFileSync(path, readFileSync(TOOLS));
    expect(catchUpSession(store, SID, path).resets).toBe(1);
    expect(tokenTotals(store, SID).main).toEqual(oracle([{ path: TOOLS }]).byAgent.get(""));

    // Same inode, same first bytes, an edit just before the cursor.
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace(/"cost-state"(.*)\n$/, '"cost-state"$1 \n'));
    expect(catchUpSession(store, SID, path).resets).toBe(1);
    expect(dump(store)).toEqual(await oneShot([{ src: "", dst: path }]));
  });

  it("is crash-safe: a commit that fails leaves the cursor where its records end", async () => {
    copyFileSync(TOOLS, path);
    let commits = 0;
    expect(() =>
      catchUpSession(store, SID, path, {
        chunkBytes: 64 * 1024,
        beforeCommit: () => {
          if (++commits === 3) throw new Error("power cut");
        },
      }),
    ).toThrow("power cut");
    const mid = dump(store);
    const offset = mid.files[0]?.offset as number;
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(readFileSync(TOOLS).length);
    // Nothing past the cursor was committed.
    expect(mid.responses.every((r) => (r.seq as number) < offset)).toBe(true);
    catchUpSession(store, SID, path);
    expect(dump(store)).toEqual(await oneShot([{ src: "", dst: path }]));
  });

  it("never moves a cursor backwards when two processes catch up at once", async () => {
    const other = await openStore(join(dir, "cairn.db"));
    try {
      const bytes = readFileSync(TOOLS);
      writeFileSync(path, bytes.subarray(0, 100_000));
      let raced = false;
      // This process has read its bytes; before it commits, another process reads the
      // file, which grew meanwhile, and commits further on.
      const racing: Store = {
        ...store,
        tx<T>(fn: () => T): T {
          if (!raced) {
            raced = true;
            appendFileSync(path, bytes.subarray(100_000));
            catchUpSession(other, SID, path);
          }
          return store.tx(fn);
        },
      };
      catchUpSession(racing, SID, path);
      expect(raced).toBe(true);
      expect(dump(store).files[0]?.offset).toBe(bytes.length);
      expect(dump(store)).toEqual(await oneShot([{ src: "", dst: path }]));
    } finally {
      other.close();
    }
  });

  it("reads subagent transcripts beside the session and keeps their usage apart", () => {
    copyFileSync(TOOLS, path);
    const subDir = join(dir, SID, "subagents");
    mkdirSync(subDir, { recursive: true });
    copyFileSync(SUB, join(subDir, "agent-ad8ebffed80e1d36f.jsonl"));
    const stats = catchUpSession(store, SID, path, { subagents: true });
    expect(stats.files).toBe(2);
    const t = tokenTotals(store, SID);
    const o = oracle([{ path: TOOLS }, { path: SUB, agentId: "ad8ebffed80e1d36f" }]);
    expect({ ...t.main }).toEqual(o.byAgent.get(""));
    expect(t.agents).toHaveLength(1);
    const a = t.agents[0]!;
    expect(a.agentId).toBe("ad8ebffed80e1d36f");
    expect({
      responses: a.responses,
      input: a.input,
      cacheCreation: a.cacheCreation,
      cacheRead: a.cacheRead,
      output: a.output,
    }).toEqual(o.byAgent.get("ad8ebffed80e1d36f"));
    // The subagent's responses never become the session's context.
    expect(ledgerSession(store, SID)?.contextTokens).toBe(o.lastMainContext);
  });

  it("counts stale tool results: before the last two user turns, since the last compaction", () => {
    // Three prompts: the tools session, then the auto-compact session (which compacts).
    const tools = readFileSync(TOOLS, "utf8");
    writeFileSync(path, tools);
    catchUpSession(store, SID, path);
    const s1 = ledgerSession(store, SID)!;
    expect(s1.turn).toBe(1);
    expect(staleToolTokens(store, s1)).toBe(0);
    expect(staleToolTokens(store, s1, 0)).toBeGreaterThan(17_000); // the 70 KB Read is in there
    // A second and third prompt (the resume appends): turn 1's results become stale.
    const second = tools
      .replaceAll("ae1e47da-fbc7-4c1e-b2a1-5ea9702ba1d4", "prompt-2")
      .replaceAll("toolu_cap", "toolu_p2");
    appendFileSync(path, second.replaceAll(/"id":"msg_mock_(\d+)"/g, '"id":"msg_p2_$1"'));
    catchUpSession(store, SID, path);
    expect(staleToolTokens(store, ledgerSession(store, SID)!)).toBe(0);
    const third = tools
      .replaceAll("ae1e47da-fbc7-4c1e-b2a1-5ea9702ba1d4", "prompt-3")
      .replaceAll("toolu_cap", "toolu_p3");
    appendFileSync(path, third.replaceAll(/"id":"msg_mock_(\d+)"/g, '"id":"msg_p3_$1"'));
    catchUpSession(store, SID, path);
    const s3 = ledgerSession(store, SID)!;
    expect(s3.turn).toBe(3);
    expect(staleToolTokens(store, s3)).toBe(staleToolTokens(store, s1, 0));
    // A compaction drops them all.
    appendFileSync(
      path,
      readFileSync(AUTO, "utf8").replaceAll("16b0226d-4ccd-4591-adbd-7604c264e8bb", "prompt-4"),
    );
    catchUpSession(store, SID, path);
    const s4 = ledgerSession(store, SID)!;
    expect(s4.epoch).toBe(1);
    expect(staleToolTokens(store, s4)).toBe(0);
  });

  it("reads a large backlog in bounded steps when asked, keeping every byte of progress", async () => {
    writeFileSync(path, Buffer.concat([readFileSync(TOOLS), readFileSync(AUTO), readFileSync(TOOLS)]));
    const size = readFileSync(path).length;
    const steps: { bytes: number; behind: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const s = catchUpSession(store, SID, path, { chunkBytes: 64 * 1024, maxBytes: 200 * 1024 });
      steps.push({ bytes: s.bytes, behind: s.behind });
      if (s.behind === 0) break;
    }
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.slice(0, -1).every((s) => s.behind > 0 && s.bytes >= 200 * 1024)).toBe(true);
    expect(steps.reduce((n, s) => n + s.bytes, 0)).toBe(size);
    expect(dump(store)).toEqual(await oneShot([{ src: "", dst: path }]));
  });

  it("ignores a file that does not exist yet", () => {
    expect(catchUpFile(store, { path: join(dir, "nope.jsonl"), sessionId: SID, agentId: "" })).toMatchObject({
      files: 0,
      bytes: 0,
    });
  });
});
