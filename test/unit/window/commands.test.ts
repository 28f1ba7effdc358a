import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../../src/store/db.ts";
import { touchSession } from "../../../src/store/sessions.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";
import { oracle } from "./oracle.ts";
import { AGENT, SUB, seedSession, TOOLS } from "./seed.ts";

/**
 * status, report, sessions and monitor --json on a session that went through cairn's
 * real hooks over a copy of a real transcript with a subagent beside it.
 */
let h: ReturnType<typeof tempHome>;
let transcript: string;
let sessionId: string;

const cairn = (args: string[], cwd = h.project) => runCairn(args, { env: h.env, cwd });

beforeAll(async () => {
  h = tempHome();
  ({ sessionId, transcript } = await seedSession(h.home, h.project, h.env));
});
afterAll(() => h.cleanup());

describe("cairn status", () => {
  it("describes this project's latest session as JSON", async () => {
    const r = await cairn(["status", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const v = JSON.parse(r.stdout);
    const o = oracle([{ path: TOOLS }]);
    expect(v.session).toMatchObject({ id: sessionId, projectDir: h.project, transcriptPath: transcript });
    expect(v.usage).toMatchObject({
      usedTokens: o.lastMainContext,
      windowTokens: 1_000_000,
      usedPct: 3,
      remainingPct: 97,
      source: "transcript",
      model: "claude-opus-5-5",
      staleToolTokens: 0,
    });
    expect(v.thresholds).toEqual({ suggestPct: 45, warnPct: 35, criticalPct: 25, debounce: 5 });
    expect(v.warnings).toEqual({ count: 0, last: null });
    expect(v.notebook.path).toBe(join(h.project, ".cairn", "STATE.md"));
    expect(v).toMatchObject({ turns: 1, compactions: 0 });
  });

  it("prints the same for a person, without colour when NO_COLOR is set", async () => {
    const r = await cairn(["status"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Session ${sessionId.slice(0, 8)}`);
    expect(r.stdout).toContain("34,240 / 1,000,000 tokens");
    expect(r.stdout).toContain("97% remains");
    expect(r.stdout).not.toContain("\x1b[");
  });

  it("says plainly when the project has no session, and rejects bad arguments", async () => {
    const elsewhere = join(h.home, "elsewhere");
    mkdirSync(join(elsewhere, ".git"), { recursive: true });
    const r = await cairn(["status"], elsewhere);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no cairn session recorded for");
    const bad = await cairn(["status", "--bogus"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("cairn status: unknown option --bogus (options: cairn status --help)\n");
    expect((await cairn(["status", "--help"])).stdout).toContain("--session ID");
  });
});

describe("cairn report", () => {
  it("sums every response per chain, lists results by size, and audits injections", async () => {
    const r = await cairn(["report", "--session", sessionId.slice(0, 8), "--json", "--top", "3"]);
    expect(r.code, r.stderr).toBe(0);
    const v = JSON.parse(r.stdout);
    const o = oracle([{ path: TOOLS }, { path: SUB, agentId: AGENT }]);
    expect(v.tokens.main).toEqual(o.byAgent.get(""));
    expect(v.tokens.subagents).toHaveLength(1);
    expect(v.tokens.subagents[0]).toMatchObject({ agentId: AGENT, ...o.byAgent.get(AGENT), toolCalls: 1 });
    expect(v.toolResults).toHaveLength(3);
    expect(v.toolResults[0]).toMatchObject({
      toolUseId: "toolu_cap_large_read",
      name: "Read",
      input: "/tmp/cairn-hook-capture/project/big.txt",
    });
    const sizes = v.toolResults.map((t: { bytes: number }) => t.bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(v.tools.find((g: { name: string }) => g.name === "Read")).toMatchObject({ calls: 6, errors: 1 });
    expect(v.timeline).toHaveLength(o.byAgent.get("")!.responses);
    expect(v.compactions).toEqual([]);
    // Every injection the dispatcher audited is in the report.
    const inj = v.injections;
    expect(inj.total.count).toBe(inj.byPart.reduce((n: number, g: { count: number }) => n + g.count, 0));
  });

  it("prints every section for a person", async () => {
    const r = await cairn(["report"]);
    expect(r.code, r.stderr).toBe(0);
    for (const heading of [
      "Tokens",
      "Context over time",
      "Largest tool results",
      "Context saved",
      "Compressors",
      "Subagents",
      "Compactions",
      "Injections",
      "Context warnings",
    ]) {
      expect(r.stdout).toContain(heading);
    }
    expect(r.stdout).toContain(AGENT);
    // Each large result names what it was (the command, the file), not its toolu_ id.
    const results = r.stdout.slice(
      r.stdout.indexOf("Largest tool results"),
      r.stdout.indexOf("Context saved"),
    );
    expect(results).toContain("Read       /tmp/cairn-hook-capture/project/big.txt");
    expect(results).toContain("seq 1 8000");
    expect(results).not.toContain("toolu_");
    // Every call, the subagent's too, says what it did.
    const all = JSON.parse((await cairn(["report", "--json", "--top", "50"])).stdout);
    expect(all.toolResults.filter((t: { input: string | null }) => !t.input)).toEqual([]);
    expect(all.toolResults.some((t: { agentId: string }) => t.agentId === AGENT)).toBe(true);
  });

  it("fails clearly for an unknown session and a bad --top", async () => {
    const r = await cairn(["report", "--session", "nope"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no session "nope"');
    expect((await cairn(["report", "--top", "0"])).code).toBe(2);
  });
});

describe("cairn sessions", () => {
  it("lists recent sessions across projects", async () => {
    const r = await cairn(["sessions", "--json"], h.home);
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: sessionId, projectDir: h.project, usage: { usedTokens: 34_240 } });
    const text = await cairn(["sessions"], h.home);
    expect(text.stdout).toContain(sessionId.slice(0, 8));
    expect(text.stdout).toContain("3%");
    expect((await cairn(["sessions", "--limit", "x"])).code).toBe(2);
  });
});

describe("cairn monitor --json / --once", () => {
  it("lists active sessions and hides those quiet for 15 minutes unless --all", async () => {
    const store = await openStore(join(h.home, ".cairn", "cairn.db"));
    try {
      touchSession(store, {
        id: "0ld5e55i-0000-4000-8000-000000000009",
        projectDir: join(h.home, "old-project"),
        cwd: join(h.home, "old-project"),
        transcriptPath: join(h.home, "nowhere.jsonl"),
        at: Date.now() - 16 * 60_000,
      });
    } finally {
      store.close();
    }
    const active = JSON.parse((await cairn(["monitor", "--json"])).stdout) as {
      id: string;
      usedPct: number;
    }[];
    expect(active.map((r) => r.id)).toEqual([sessionId]);
    expect(active[0]).toMatchObject({
      usedPct: 3,
      usedTokens: 34_240,
      windowTokens: 1_000_000,
      model: "claude-opus-5-5",
    });
    const all = JSON.parse((await cairn(["monitor", "--json", "--all"])).stdout) as { id: string }[];
    expect(all.map((r) => r.id)).toEqual([sessionId, "0ld5e55i-0000-4000-8000-000000000009"]);
    // Not a terminal: one plain frame.
    const once = await cairn(["monitor"]);
    expect(once.code).toBe(0);
    expect(once.stdout).toMatch(/^cairn monitor · 1 active session/);
    expect(once.stdout).toContain(sessionId.slice(0, 8));
    expect(once.stdout).not.toContain("\x1b[");
  });
});
