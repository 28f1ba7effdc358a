import { join } from "node:path";
import { FILE_MODE, safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, sessionDir } from "../core/paths.ts";

/**
 * The exit trap acts only for a command cairn's PreToolUse hook armed (exit-marker.ts).
 * Arming writes `<epoch seconds> <unique id>` to the session's `.armed` file; the trap,
 * when the command's shell starts, takes an arming it has not used yet and that is at
 * most ARM_TTL_S old, and writes it to `.used`. So each arming serves one command, and
 * nothing armed before cairn went off, or before its hooks stopped running, survives.
 * Both files live in the session's folder under ~/.cairn (swept with it by retention).
 */
export function armingBase(paths: CairnPaths, sessionId: string): string {
  return join(sessionDir(paths, sessionId), "exit-trap");
}

/** Arms the trap for the session's next command; `nowMs` is the wall clock the shell reads too. */
export function armExitTrap(paths: CairnPaths, sessionId: string, nowMs: number): void {
  const id = `${process.pid}-${process.hrtime.bigint()}`;
  // Atomic: a shell starting at this moment reads the whole line or the old one, never half.
  writeFileAtomic(`${armingBase(paths, sessionId)}.armed`, `${Math.floor(nowMs / 1000)} ${id}\n`, FILE_MODE, {
    durable: false,
  });
}

/** Takes back an arming nobody used yet (cairn went off before the command started). */
export function disarmExitTrap(paths: CairnPaths, sessionId: string): void {
  safeUnlink(`${armingBase(paths, sessionId)}.armed`);
}
