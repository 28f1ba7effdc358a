import { statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { readJsonIfExists, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { isAlive } from "../core/process.ts";
import { type ServerState, serverStatePath } from "./http-config.ts";

/** At most one restart per this long, whoever asks (statuslines run in parallel). */
const REVIVE_EVERY_MS = 10_000;

/**
 * Brings back a `cairn serve` that was running and died (killed, crashed): its state
 * file names a process that is gone. Called from the statusline, which Claude Code
 * runs every few seconds, so a dead server is back within seconds instead of at the
 * next SessionStart. Costs a small file read and a signal 0 when all is well; a
 * server stopped on purpose (`cairn serve --stop`) leaves no state and stays stopped.
 */
export async function reviveDeadServer(
  paths: CairnPaths,
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
): Promise<"none" | "alive" | "revived" | "recently"> {
  const state = readJsonIfExists<ServerState>(serverStatePath(paths));
  if (!state || typeof state.pid !== "number") return "none";
  if (isAlive(state.pid)) return "alive";
  const marker = join(paths.install, "serve-revived");
  try {
    if (now - statSync(marker).mtimeMs < REVIVE_EVERY_MS) return "recently";
  } catch {}
  writeFileAtomic(marker, String(now));
  try {
    utimesSync(marker, now / 1000, now / 1000);
  } catch {}
  const { spawnServer } = await import("./http-client.ts");
  spawnServer(env);
  return "revived";
}
