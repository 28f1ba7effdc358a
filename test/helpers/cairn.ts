import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

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

/** Runs the built bundle exactly as Claude Code runs a hook: node, the bundle, args, stdin. */
export function runCairn(
  args: readonly string[],
  opts: { input?: string | Buffer; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<CairnRun> {
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
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 30_000);
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
