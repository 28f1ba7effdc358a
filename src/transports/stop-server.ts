import { setTimeout as sleep } from "node:timers/promises";
import { safeUnlink } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { health, readServerState } from "./http-client.ts";
import { type HttpInstall, serverStatePath } from "./http-config.ts";

/**
 * Stops the http transport's server of this install (`cairn serve --stop`, and
 * uninstall of an http install): SIGTERM to the pid that answers on its port (else the
 * one its state file names), up to 3 s for it to stop answering, then its state file
 * goes. Returns the pid it stopped, or undefined when none ran.
 */
export async function stopServer(paths: CairnPaths, install: HttpInstall): Promise<number | undefined> {
  const state = readServerState(paths);
  const h = await health(install, 1000);
  const pid = h?.pid ?? state?.pid;
  if (!pid) return undefined;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  for (let i = 0; i < 30 && (await health(install, 200)); i++) await sleep(100);
  safeUnlink(serverStatePath(paths));
  return pid;
}
