import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EVENT_PARTS } from "../../src/cli/event-parts.ts";
import { monotonicMs } from "../../src/core/clock.ts";
import { dispatch } from "../../src/hooks/dispatch.ts";
import { REPO } from "../helpers/cairn.ts";
import { type HookHarness, hookHarness } from "./reliability/fuzz-support.ts";

// hook.budget_ms is kept on the dispatcher's clock (DispatchDeps.clock). Its timer, which
// catches a part that waits (a lock, a read), was set once from the clock's reading and
// then ran on the machine's: with the concurrency test's clock (the process's CPU time),
// a writer that waited 13 s of wall time for a core answered the no-op, its budget
// unspent. Now the timer is set again for what the clock says is left.

const post = readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8");

/** PostToolUse's only part: waits `ms` of wall time (as a part waits for a lock), then adds context. */
function waitingParts(ms: number) {
  return {
    ...EVENT_PARTS,
    PostToolUse: [
      async () => ({
        parts: {
          PostToolUse: {
            name: "waits",
            run: async () => {
              await new Promise((r) => setTimeout(r, ms));
              return { additionalContext: "waited" };
            },
          },
        },
      }),
    ],
  };
}

describe("the budget's timer keeps the dispatcher's clock", () => {
  let h: HookHarness | undefined;
  afterEach(() => {
    h?.cleanup();
    h = undefined;
  });

  it("a clock standing still: a part that waits past the budget in wall time still answers", async () => {
    h = await hookHarness({ "hook.budget_ms": 100 });
    const r = await dispatch("PostToolUse", post, { ...h.deps, parts: waitingParts(400), clock: () => 0 });
    expect(r.outcome).toBe("ok");
    expect(r.output).toContain("waited");
  });

  it("the machine's clock: the same part is cut off, and the log names the budget", async () => {
    h = await hookHarness({ "hook.budget_ms": 100 });
    const r = await dispatch("PostToolUse", post, {
      ...h.deps,
      parts: waitingParts(400),
      clock: monotonicMs,
    });
    expect(r.outcome).toBe("timeout");
    expect(h.drain().map((l) => l.msg)).toContain("hook exceeded its budget of 100 ms; answering no-op");
  });

  it("past Claude Code's own timeout for the event, the log names the budget in force, not hook.budget_ms", async () => {
    h = await hookHarness({ "hook.budget_ms": 60_000 });
    // Each reading 12 s on: the first timer is set with under a second left; when it fires, none is.
    let t = 0;
    const clock = () => {
      t += 12_000;
      return t;
    };
    const r = await dispatch("PostToolUse", post, { ...h.deps, parts: waitingParts(60_000), clock });
    expect(r.outcome).toBe("timeout");
    expect(h.drain().map((l) => l.msg)).toContain(
      "hook exceeded its budget of 13000 ms (hook.budget_ms 60000, within Claude Code's 15000 ms timeout for PostToolUse); answering no-op",
    );
  });
});
