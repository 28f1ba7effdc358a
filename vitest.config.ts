import { defineConfig } from "vitest/config";
import { PROCESS_SLOTS } from "./test/helpers/slots.ts";

// Unit tests run in parallel; e2e tests drive the real Claude Code CLI and are
// heavier, so they run in their own project with limited concurrency (2 cores).
//
// Bounded by the cores, so that a loaded machine makes the suite slower, not red: one
// test file per core but one (the default, written down), and at most one concurrent
// test per core inside a file (vitest's default is 5; each of ours may run a whole
// session of hook processes, which also queue for test/helpers/slots.ts).
export default defineConfig({
  test: {
    globalSetup: ["test/helpers/build-once.ts", "test/helpers/postgres-check.ts"],
    maxWorkers: Math.max(1, PROCESS_SLOTS - 1),
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: 20_000,
          // Hooks clean up sandboxes (rmSync of many small files): a hang detector, not a limit.
          hookTimeout: 120_000,
          maxConcurrency: PROCESS_SLOTS,
        },
      },
      {
        // Many processes on one database, crashes, long sessions: alone, one file at a time.
        test: {
          name: "reliability",
          include: ["test/reliability/**/*.test.ts"],
          testTimeout: 600_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
