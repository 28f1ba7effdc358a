import { closeSync, openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { ensureDir, safeUnlink } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { isAlive } from "../core/process.ts";
import type { SelfInvocation } from "../core/self.ts";

/**
 * Syncs that run beside the session, never in it: a hook starts `cairn team sync
 * --background` as a detached process and returns at once (or, at SessionStart, waits a
 * bounded time for it). Each such process leaves a pid file while it runs, so tests and
 * doctor can see (and wait for) every one, and the push after a turn holds a lock that
 * debounces the next turns' pushes into it.
 */

export function syncDir(paths: CairnPaths): string {
  return join(paths.root, "team-sync");
}

const lockPath = (paths: CairnPaths) => join(syncDir(paths), "push.lock");

/** A lock older than this belongs to a process that hung or died without cleaning up. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Takes the push lock for `pid`, or says another push is already pending or running. A
 * lock the hook took on the child's behalf when it spawned it (see spawnPush) is the
 * child's own: it keeps it.
 */
export function takePushLock(paths: CairnPaths, pid: number, now: number): boolean {
  ensureDir(syncDir(paths));
  const path = lockPath(paths);
  if (heldBy(path) === pid) return true;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, JSON.stringify({ pid, at: now }));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as { code?: string }).code !== "EEXIST") throw err;
    }
    let held: { pid?: number; at?: number } = {};
    try {
      held = JSON.parse(readFileSync(path, "utf8"));
    } catch {
      // Half-written or unreadable: treat as stale.
    }
    const fresh = typeof held.at === "number" && now - held.at < STALE_LOCK_MS;
    if (typeof held.pid === "number" && isAlive(held.pid) && fresh) return false;
    safeUnlink(path);
  }
  return false;
}

function heldBy(path: string): number | undefined {
  try {
    const held = JSON.parse(readFileSync(path, "utf8")) as { pid?: unknown };
    return typeof held.pid === "number" ? held.pid : undefined;
  } catch {
    return undefined;
  }
}

export function releasePushLock(paths: CairnPaths, pid: number): void {
  try {
    const held = JSON.parse(readFileSync(lockPath(paths), "utf8")) as { pid?: number };
    if (held.pid === pid) safeUnlink(lockPath(paths));
  } catch {
    // Already gone.
  }
}

export function pushPending(paths: CairnPaths, now: number): boolean {
  try {
    const held = JSON.parse(readFileSync(lockPath(paths), "utf8")) as { pid?: number; at?: number };
    return typeof held.pid === "number" && isAlive(held.pid) && now - (held.at ?? 0) < STALE_LOCK_MS;
  } catch {
    return false;
  }
}

function writePidFile(paths: CairnPaths, pid: number): string {
  ensureDir(syncDir(paths));
  const file = join(syncDir(paths), `${pid}.pid`);
  const fd = openSync(file, "w", 0o600);
  writeSync(fd, String(pid));
  closeSync(fd);
  return file;
}

/**
 * Marks this process as a running background sync until it exits. The parent wrote the
 * same file when it spawned us (so there is no moment where we run unseen); writing it
 * again covers a sync started by hand.
 */
export function registerRunning(paths: CairnPaths): () => void {
  const file = writePidFile(paths, process.pid);
  return () => safeUnlink(file);
}

/** The background syncs still running (their pid files, with dead ones cleaned away). */
export function runningSyncs(paths: CairnPaths): number[] {
  let names: string[];
  try {
    names = readdirSync(syncDir(paths));
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const n of names) {
    const m = /^(\d+)\.pid$/.exec(n);
    if (!m) continue;
    const pid = Number(m[1]);
    if (isAlive(pid)) pids.push(pid);
    else safeUnlink(join(syncDir(paths), n));
  }
  return pids;
}

export interface Started {
  /** The child's pid (undefined when it could not be started). */
  readonly pid: number | undefined;
  /** Resolves when the sync ends, or after `waitMs`, whichever comes first (true: it ended). */
  readonly done: Promise<boolean>;
}

/**
 * Starts `cairn team sync --background …` detached from this process (it outlives a
 * hook), with no stdio tied to Claude Code's pipes, and returns at once: a hook never
 * waits on the network unless the user asked for a bounded wait (`waitMs`,
 * team.refresh_ms). The environment passes through: HOME (and CAIRN_HOME) decide what
 * the child syncs; under Claude Code it ignores CAIRN_TEAM_URL, as hooks do (url.ts).
 */
export function startBackgroundSync(
  paths: CairnPaths,
  self: SelfInvocation,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  waitMs = 0,
): Started {
  // Loaded only when a sync starts: most turns start none.
  const { spawn } = process.getBuiltinModule("node:child_process");
  const child = spawn(self.command, [...self.args, "team", "sync", "--background", ...args], {
    cwd,
    env,
    detached: true,
    stdio: "ignore",
  });
  // An ended child is only interesting to a caller that waits; without a listener the
  // handle would still be released by unref().
  const ended =
    waitMs > 0
      ? new Promise<boolean>((resolve) => {
          child.once("exit", () => resolve(true));
          child.once("error", () => resolve(true));
        })
      : undefined;
  child.once("error", () => {}); // a failed spawn is only a lost sync; the hook goes on
  child.unref();
  if (child.pid) {
    try {
      writePidFile(paths, child.pid);
    } catch {
      // Only visibility is lost; the child registers itself too.
    }
  }
  if (!ended) return { pid: child.pid, done: Promise.resolve(false) };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
    timer.unref();
  });
  return {
    pid: child.pid,
    done: Promise.race([ended, timeout]).finally(() => {
      if (timer) clearTimeout(timer);
    }),
  };
}

/**
 * Starts the debounced push after a turn and takes the push lock for it at once, so the
 * turns that end before the child has even started see it pending and start none.
 */
export function spawnPush(
  paths: CairnPaths,
  self: SelfInvocation,
  env: NodeJS.ProcessEnv,
  cwd: string,
  now: number,
): void {
  const { pid } = startBackgroundSync(paths, self, [], env, cwd);
  if (pid) takePushLock(paths, pid, now);
}
