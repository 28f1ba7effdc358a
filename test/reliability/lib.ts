/** Shared by the reliability tests: sandboxes, driver processes, database checks. */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { cpuOf } from "../helpers/cpu-time.ts";

export const DRIVERS = resolve(import.meta.dirname, "drivers");

/** Scale for the long runs: CAIRN_SOAK=1 runs the figures the issue names in full. */
export const SOAK = process.env.CAIRN_SOAK === "1";

export interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly cairnHome: string;
  readonly project: string;
  readonly env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/**
 * A hook budget long enough that the machine's load cannot decide a test: past the
 * default 4 s a hook answers the no-op, and on a loaded 2-core machine sixteen writers
 * reach it. For tests whose claim is what contention does, not how fast it goes. The
 * dispatcher holds an event to Claude Code's own timeout for it, less 2 s (PostToolUse:
 * 13 s, not 60); the in-process drivers keep the budget on CPU time, which a wait for
 * a core or the lock does not spend. The lock wait it sets is 59 s.
 */
export const UNHURRIED_CONFIG = "hook:\n  budget_ms: 60000\n";

/** A throwaway HOME with a project; `config` is written as cairn's user config.yaml. */
export function sandbox(opts: { config?: string } = {}): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "cairn-rel-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  const cairnHome = join(home, ".cairn");
  if (opts.config !== undefined) {
    mkdirSync(cairnHome, { recursive: true, mode: 0o700 });
    writeFileSync(join(cairnHome, "config.yaml"), opts.config, { mode: 0o600 });
  }
  return {
    root,
    home,
    cairnHome,
    project,
    env: { HOME: home, CAIRN_HOME: cairnHome, CLAUDE_PROJECT_DIR: project, NO_COLOR: "1" },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** With killAtCpuMs: the CPU the process was last seen to have used (ms), a lower bound of its total. */
  readonly cpuMs?: number;
}

/** How often a run with killAtCpuMs looks at its child's CPU time. */
const CPU_POLL_MS = 1;

/**
 * Runs a node script (a driver, or the built bundle) to its end. `killAtCpuMs` kills it
 * with SIGKILL once its main thread has run that long on a core (test/helpers/cpu-time.ts):
 * a point in its work, not in wall time, so a loaded machine, where the same work takes
 * many times longer, moves it no earlier (a wall-clock kill there landed before every
 * hook had even opened the database). The child runs on while the poll waits for a core,
 * so a kill may land a little later in the work; never earlier.
 */
export function runNode(
  args: readonly string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string; killAtCpuMs?: number } = {},
): Promise<Exit> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...opts.env },
      cwd: opts.cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("error", fail);
    let cpuMs: number | undefined;
    const limit = opts.killAtCpuMs;
    const poll =
      limit !== undefined && child.pid !== undefined
        ? setInterval(() => {
            const used = cpuOf(child.pid!);
            if (used === undefined) return;
            cpuMs = used;
            if (used >= limit) {
              child.kill("SIGKILL");
              clearInterval(poll);
            }
          }, CPU_POLL_MS)
        : undefined;
    child.on("close", (code, signal) => {
      if (poll) clearInterval(poll);
      done({
        code,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        ...(cpuMs !== undefined ? { cpuMs } : {}),
      });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(opts.input ?? "");
  });
}

export function driver(name: string, args: object, env?: NodeJS.ProcessEnv): Promise<Exit> {
  return runNode([join(DRIVERS, name), JSON.stringify(args)], { env });
}

/** A read-only look at a database, closed after fn. */
export function withDb<T>(path: string, fn: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export function integrity(path: string): string {
  return withDb(path, (db) =>
    (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join("; "),
  );
}

export function logLines(s: Sandbox): { level: string; msg: string; err?: string }[] {
  let text = "";
  try {
    text = readFileSync(join(s.cairnHome, "logs", "cairn.log"), "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
