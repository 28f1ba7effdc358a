import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { inProcessSlot } from "./slots.ts";
import { COMMAND_HANG_MS } from "./wait.ts";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The bundle under test: the content-addressed build made by the global setup
 * (test/helpers/build-once.ts), or dist/ when run outside vitest.
 */
export const CAIRN: string = await (async () => {
  if (process.env.VITEST) {
    const { inject } = await import("vitest");
    return inject("cairnEntry");
  }
  return join(REPO, "dist", "cairn.cjs");
})();

export interface CairnRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

export interface RunOptions {
  readonly input?: string | Buffer;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Kills a run that takes longer (a hang; default COMMAND_HANG_MS); its exit code is then null. */
  readonly timeoutMs?: number;
  /**
   * Starts at once instead of waiting for one of the worker's process slots (see
   * slots.ts): only for a test whose point is that several processes run together.
   */
  readonly unbounded?: boolean;
}

/**
 * Runs the built bundle exactly as Claude Code runs a hook: node, the bundle, args, stdin.
 * At most one process per core runs at once (per test worker); `ms` and the kill timer
 * count from the spawn, not from the wait for a slot.
 */
export function runCairn(args: readonly string[], opts: RunOptions = {}): Promise<CairnRun> {
  return opts.unbounded ? spawnCairn(args, opts) : inProcessSlot(() => spawnCairn(args, opts));
}

function spawnCairn(args: readonly string[], opts: RunOptions): Promise<CairnRun> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CAIRN, ...args], {
      cwd: opts.cwd ?? REPO,
      env: {
        ...process.env,
        NO_COLOR: "1",
        CLAUDECODE: "",
        CLAUDE_CODE_SESSION_ID: "",
        CAIRN_TEAM_URL: "", // never a developer's team server
        ...opts.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? COMMAND_HANG_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        ms: performance.now() - started,
      });
    });
    child.stdin.on("error", () => {
      // The hook may answer before reading everything (oversize input).
    });
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

/** A throwaway HOME (and project dir inside it) for one test. */
export function tempHome(prefix = "cairn-test-"): {
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
} {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const project = join(home, "project");
  return {
    home,
    project,
    env: { HOME: home, CAIRN_HOME: "", CLAUDE_PROJECT_DIR: "" },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/**
 * The user's consent to the http transport on a machine where other users run
 * processes (the suite's own PostgreSQL runs as \`postgres\`, the squatter test as
 * \`nobody\`): without it cairn falls back to command hooks there (transports/http-risk.ts).
 */
export function allowHttpWithOtherUsers(home: string): void {
  mkdirSync(join(home, ".cairn"), { recursive: true, mode: 0o700 });
  writeFileSync(join(home, ".cairn", "config.yaml"), "http:\n  allow_other_users: true\n", { mode: 0o600 });
}
