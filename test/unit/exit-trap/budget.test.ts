import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { issueNonce } from "../../../src/exit-trap/nonce.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { REPO } from "../../helpers/cairn.ts";
import { type HookHarness, hookHarness } from "../reliability/fuzz-support.ts";

// Finding 8 of the 2026-11-28 review: a 62 MB hostile output held PostToolUse for
// 10.6 s against a 4 s budget (the budget's timers cannot fire inside synchronous
// work), and Claude Code's own timeout then cut the hook off with the failure's status
// unsaid. Now the work checks a deadline kept on an injected clock, and the answer past
// it still states the exit status. Here the clock is moved by hand, never waited for.

const post = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
) as Record<string, unknown>;
const SID = "5e55104e-0000-4000-8000-00000000b0d6";

/** A clock that moves `step` ms each time it is read. */
function steppingClock(step: number): () => number {
  let t = 0;
  return () => {
    t += step;
    return t;
  };
}

describe("a PostToolUse over hook.budget_ms still states the exit status", () => {
  let h: HookHarness | undefined;
  afterEach(() => {
    h?.cleanup();
    h = undefined;
  });

  /** A failing command whose hostile output Claude Code spilled (300 KB of `://`, the masker's slowest input, then the trap's marker). */
  function spilledFailure(harness: HookHarness): string {
    const projects = join(harness.home, ".claude", "projects", "-tmp-project");
    const results = join(projects, SID, "tool-results");
    mkdirSync(results, { recursive: true });
    const spill = join(results, "bhostile1.txt");
    const output = `${"://".repeat(100_000)}\n`;
    writeFileSync(spill, `${output}\n[cairn-exit ${issueNonce(harness.deps.paths, SID)} 6]\n`);
    return JSON.stringify({
      ...post,
      session_id: SID,
      transcript_path: join(projects, `${SID}.jsonl`),
      cwd: harness.project,
      tool_input: { command: "python3 gen.py; exit 6" },
      tool_response: {
        stdout: output.slice(0, 30_000),
        stderr: "",
        interrupted: false,
        isImage: false,
        noOutputExpected: false,
        persistedOutputPath: spill,
        persistedOutputSize: output.length + 60,
      },
    });
  }
  const stdoutOf = (output: string) =>
    (JSON.parse(output) as { hookSpecificOutput?: { updatedToolOutput?: Record<string, unknown> } })
      .hookSpecificOutput?.updatedToolOutput;
  const stored = (harness: HookHarness) =>
    (harness.store.db.prepare("SELECT count(*) AS n FROM outputs").get() as { n: number }).n;

  it("the budget runs out while masking: the answer is the exit status on Claude Code's own output, and the log says why", async () => {
    h = await hookHarness({ "hook.budget_ms": 4000 });
    const input = spilledFailure(h);
    const baselines: string[] = [];
    const r = await dispatch("PostToolUse", input, {
      ...h.deps,
      clock: steppingClock(300),
      onBaseline: (o) => baselines.push(o),
    });
    expect(r.outcome).toBe("timeout");
    const out = stdoutOf(r.output);
    expect(String(out?.stdout)).toBe(`Exit code 6\n${"://".repeat(10_000)}`);
    // Claude Code's spill file is still named: the whole output stays there, for the model to read.
    expect(out?.persistedOutputPath).toMatch(/bhostile1\.txt$/);
    expect(baselines).toEqual([r.output]); // what the transport's hard timer would have answered
    expect(stored(h)).toBe(0);
    const said = h.drain().map((l) => l.msg);
    expect(said).toContainEqual(
      expect.stringMatching(
        /^hook\.budget_ms \(4000 ms\) ran out while masking secrets \(\d+% of 300001 characters done\); answering with the exit status alone/,
      ),
    );
  });

  it("with time to spare, the same output is filed and compressed, its status stated first", async () => {
    // The clock stands still; the budget is the largest, so no timer of the machine's can end it either.
    h = await hookHarness({ "hook.budget_ms": 60_000 });
    const r = await dispatch("PostToolUse", spilledFailure(h), { ...h.deps, clock: () => 0 });
    expect(r.outcome).toBe("ok");
    expect(String(stdoutOf(r.output)?.stdout)).toMatch(/^Exit code 6\n\[cairn #1 · /);
    expect(stored(h)).toBe(1);
  });

  it("cairn off (enabled: false): no part runs, the exit status is still stated", async () => {
    h = await hookHarness({ enabled: false });
    const r = await dispatch("PostToolUse", spilledFailure(h), h.deps);
    expect(r.outcome).toBe("off");
    expect(String(stdoutOf(r.output)?.stdout)).toMatch(/^Exit code 6\n:\/\/:\/\//);
    expect(stored(h)).toBe(0);
  });
});
