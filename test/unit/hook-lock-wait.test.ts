import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dispatch, lockWaitMs, recordWaitMs } from "../../src/hooks/dispatch.ts";
import { BUSY_TIMEOUT_MS } from "../../src/store/db.ts";
import { REPO } from "../helpers/cairn.ts";
import { type HookHarness, hookHarness } from "./reliability/fuzz-support.ts";

// A hook's parts wait for another process's write lock. On a loaded machine the queue
// for it grows, and a user (or a test) raises hook.budget_ms for that: the lock wait
// must grow with it, or the raised budget still gives up after BUSY_TIMEOUT_MS.

const prompt = readFileSync(
  join(REPO, "test", "fixtures", "hook-inputs", "UserPromptSubmit-basic.json"),
  "utf8",
);
const busyTimeout = (h: HookHarness) =>
  (h.store.db.prepare("PRAGMA busy_timeout").get() as { timeout: number }).timeout;

describe("the lock wait follows hook.budget_ms", () => {
  let h: HookHarness | undefined;
  afterEach(() => {
    h?.cleanup();
    h = undefined;
  });

  it("is the store's own wait at the default budget", async () => {
    h = await hookHarness();
    const r = await dispatch("UserPromptSubmit", prompt, h.deps);
    expect(r.outcome).toBe("ok");
    expect(busyTimeout(h)).toBe(BUSY_TIMEOUT_MS);
  });

  it("grows with a raised budget, a second inside it, within Claude Code's timeout", async () => {
    h = await hookHarness({ "hook.budget_ms": 6_000 });
    expect((await dispatch("UserPromptSubmit", prompt, h.deps)).outcome).toBe("ok");
    expect(busyTimeout(h)).toBe(5_000);
    h.cleanup();
    // Claude Code ends a prompt's hook at 10 s: the budget in force is 8 s, the wait 7 s (it was 59 s).
    h = await hookHarness({ "hook.budget_ms": 60_000 });
    expect((await dispatch("UserPromptSubmit", prompt, h.deps)).outcome).toBe("ok");
    expect(busyTimeout(h)).toBe(7_000);
  });

  it("keeps the event's record inside Claude Code's timeout", () => {
    expect(recordWaitMs(13_000, 0, 15_000)).toBe(12_000);
    expect(recordWaitMs(13_000, 12_000, 15_000)).toBe(2_000);
    expect(recordWaitMs(4_000, 2_500, 10_000)).toBe(3_500);
    expect(recordWaitMs(4_000, 9_500, 10_000)).toBe(0);
  });

  it("never falls below the store's own wait", () => {
    expect(lockWaitMs(100)).toBe(BUSY_TIMEOUT_MS);
    expect(lockWaitMs(4000)).toBe(BUSY_TIMEOUT_MS);
    expect(lockWaitMs(10_000)).toBe(9000);
  });

  it("the record (after the answer) waits as long as a part may, at the least", () => {
    // At the default budget, as before: 2 s past the budget, between 3 and 6 s.
    expect(recordWaitMs(4000, 0)).toBe(6000);
    expect(recordWaitMs(4000, 2500)).toBe(3500);
    expect(recordWaitMs(4000, 5000)).toBe(BUSY_TIMEOUT_MS);
    // A raised budget raises the record's wait with the parts'.
    expect(recordWaitMs(60_000, 0)).toBe(59_000);
    expect(recordWaitMs(60_000, 50_000)).toBe(59_000);
  });
});
