/**
 * Runs before every e2e test file (vitest.config.ts, setupFiles). A test that times out
 * is only abandoned by vitest: its Claude Code processes would run on, answered by the
 * same mock API and writing to the same sandbox as the next test, and turn one slow test
 * into a file of red ones. After each test, whatever it started is stopped.
 */
import { afterAll, afterEach, beforeEach } from "vitest";
import { setTestSignal, stopClaudes } from "./claude.ts";

beforeEach((ctx) => {
  setTestSignal(ctx.signal);
});

afterEach(async () => {
  setTestSignal(undefined);
  await stopClaudes();
});

// Started in a beforeAll (no test's signal then): stopped when the file ends.
afterAll(async () => {
  await stopClaudes();
});
