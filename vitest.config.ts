import { defineConfig } from "vitest/config";

// Unit tests run in parallel; e2e tests drive the real Claude Code CLI and are
// heavier, so they run in their own project with limited concurrency (2 cores).
export default defineConfig({
  test: {
    globalSetup: ["test/helpers/build-once.ts", "test/helpers/postgres-check.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: 20_000,
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
