import { defineConfig } from "vitest/config";
import { DEFAULT_E2E_TIMEOUT } from "./test/e2e/harness/work.ts";
import { PROCESS_SLOTS } from "./test/helpers/slots.ts";
import { HANG_MS, UNIT_TIMEOUT_MS } from "./test/helpers/wait.ts";

// expect.poll gives up after 1 s by default: a wait for an event gets the suite's hang bound.
const expectations = { poll: { timeout: HANG_MS } };

// Unit tests run in parallel; e2e tests drive the real Claude Code CLI and are
// heavier, so they run in their own project with limited concurrency (2 cores).
//
// Bounded by the cores, so that a loaded machine makes the suite slower, not red: one
// test file per core but one (the default, written down), and at most one concurrent
// test per core inside a file (vitest's default is 5; each of ours may run a whole
// session of hook processes, which also queue for test/helpers/slots.ts).
export default defineConfig({
  test: {
    globalSetup: ["test/helpers/build-once.ts", "test/helpers/programs-check.ts"],
    maxWorkers: Math.max(1, PROCESS_SLOTS - 1),
    projects: [
      {
        test: {
          name: "unit",
          expect: expectations,
          include: ["test/unit/**/*.test.ts"],
          // Hang detectors, not limits (test/helpers/wait.ts): a loaded machine makes a unit
          // test many times slower than alone, and each cairn process it starts is killed
          // as hung on its own (COMMAND_HANG_MS).
          testTimeout: UNIT_TIMEOUT_MS,
          hookTimeout: UNIT_TIMEOUT_MS,
          maxConcurrency: PROCESS_SLOTS,
        },
      },
      {
        // Many processes on one database, crashes, long sessions: alone, one file at a time.
        test: {
          name: "reliability",
          expect: expectations,
          include: ["test/reliability/**/*.test.ts"],
          testTimeout: 600_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          expect: expectations,
          include: ["test/e2e/**/*.test.ts"],
          // Derived from the work of a common test (test/e2e/harness/work.ts); a test that
          // does more says what it does with e2eTimeout. A hang is caught sooner, by the
          // harness's watchdog, and a timed-out test's processes are stopped (setup.ts).
          testTimeout: DEFAULT_E2E_TIMEOUT,
          hookTimeout: DEFAULT_E2E_TIMEOUT,
          setupFiles: ["test/e2e/harness/setup.ts"],
          fileParallelism: false,
        },
      },
    ],
  },
});
